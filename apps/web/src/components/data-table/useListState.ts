import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type ListDefaults, type ListState, readListState, writeListState } from './list-state';

/**
 * List state read from and written to the URL. Page and sort changes add a history entry (back
 * returns to the previous page); search typing replaces the current one so back does not replay
 * every keystroke.
 */
export function useListState(defaults: ListDefaults, prefix = '') {
  const [params, setParams] = useSearchParams();
  const { perPage, sort, order } = defaults;
  // Callers pass a fresh defaults object each render; memoise on its fields.
  const stable = useMemo<ListDefaults>(() => ({ perPage, sort, order }), [perPage, sort, order]);
  const state = useMemo(() => readListState(params, stable, prefix), [params, stable, prefix]);

  const update = useCallback(
    (patch: Partial<ListState>, opts: { replace?: boolean } = {}) => {
      setParams((prev) => writeListState(prev, { ...readListState(prev, stable, prefix), ...patch }, stable, prefix), {
        replace: opts.replace,
      });
    },
    [setParams, stable, prefix],
  );

  return { state, update };
}
