/**
 * The columns a list shows, from its `cols=` URL parameter. Kept apart from view-state.ts and free of
 * imports: every list screen loads it at once (the bundle budget has no room for the domain's saved-views
 * module there), the rest of the saved views loads beside the list.
 */

/** VIEW_FIELD and MAX_VIEW_COLUMNS of @app/domain, copied; view-state.test.ts checks they agree. */
export const COL_FIELD = /^[A-Za-z0-9_.-]{1,80}$/;
export const MAX_COLS = 60;

/** Visible columns of the URL, in order (comma-separated fields); undefined: all, in the list's order. */
export function readColumns(params: URLSearchParams, prefix = ''): string[] | undefined {
  const raw = params.get(prefix ? `${prefix}.cols` : 'cols');
  if (!raw) return undefined;
  const cols = [...new Set(raw.split(','))].filter((f) => COL_FIELD.test(f)).slice(0, MAX_COLS);
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
