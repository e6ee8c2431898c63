import { startTransition, useEffect, useMemo, useState } from 'react';

/** Rows drawn at once when a new page arrives; the rest follow in the background. */
export const FIRST_ROWS = 50;

/**
 * A new page of more than FIRST_ROWS rows is drawn in two steps: its first rows at once, the rest in a
 * transition, which React draws in slices between which the browser answers clicks and keys. One
 * synchronous render of 100 PrimeReact rows kept the screen from answering its first click for more
 * than a second. The same rows again (a refetch, a flag saved) are drawn whole at once, so nothing the
 * user scrolled to disappears for a moment.
 */
export function useProgressiveRows<Row extends { id: unknown }>(rows: Row[]): Row[] {
  const ids = rows.map((r) => String(r.id)).join(',');
  const [drawn, setDrawn] = useState(ids);
  useEffect(() => {
    if (drawn !== ids) startTransition(() => setDrawn(ids));
  }, [ids, drawn]);
  const whole = drawn === ids || rows.length <= FIRST_ROWS;
  return useMemo(() => (whole ? rows : rows.slice(0, FIRST_ROWS)), [rows, whole]);
}
