import { MAX_VIEW_COLUMNS, VIEW_FIELD } from '@app/domain';

/**
 * The columns a list shows, from its `cols=` URL parameter. Kept apart from view-state.ts: every list
 * screen loads it at once, the rest of the saved views loads beside the list.
 */

/** Visible columns of the URL, in order (comma-separated fields); undefined: all, in the list's order. */
export function readColumns(params: URLSearchParams, prefix = ''): string[] | undefined {
  const raw = params.get(prefix ? `${prefix}.cols` : 'cols');
  if (!raw) return undefined;
  const cols = [...new Set(raw.split(','))].filter((f) => VIEW_FIELD.test(f)).slice(0, MAX_VIEW_COLUMNS);
  return cols.length ? cols : undefined;
}

/**
 * The columns to draw: the first one (the row's identity) always, first; then the URL's in its order;
 * fields the list does not have are ignored. No `cols`: every column as declared.
 */
export function shownColumns<C extends { field: string }>(columns: readonly C[], cols: readonly string[] | undefined): C[] {
  if (!cols || columns.length === 0) return [...columns];
  const [first, ...rest] = columns;
  const byField = new Map(rest.map((c) => [c.field, c]));
  return [first, ...cols.flatMap((f) => byField.get(f) ?? [])];
}

