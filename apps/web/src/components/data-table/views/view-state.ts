import type { SavedViewState } from '@app/domain';
import { type ListDefaults, paramName, readListState, writeListState } from '../list-state';
import { readColumns } from './cols-param';

export { readColumns, shownColumns } from './cols-param';

/**
 * A saved view is a list's URL state under a name. These functions turn the URL into
 * the state a view stores and back; the columns shown (`cols=`) and the view opened (`view=`) are URL
 * parameters of the list like its search or sort, so a link opens the same rows and columns.
 */
type Extra = 'cols' | 'view';
const name = (key: Extra, prefix: string) => (prefix ? `${prefix}.${key}` : key);
const LIST_KEYS = ['page', 'perPage', 'search', 'sort', 'order', 'tags'] as const;

export function writeColumns(params: URLSearchParams, cols: readonly string[] | undefined, prefix = ''): URLSearchParams {
  const next = new URLSearchParams(params);
  if (cols?.length) next.set(name('cols', prefix), cols.join(','));
  else next.delete(name('cols', prefix));
  return next;
}

/** The `cols` value for an order of columns: none when it is the list's own (all, declared order). */
export function colsOf(columns: readonly { field: string }[], shown: readonly string[]): string[] | undefined {
  const all = columns.map((c) => c.field);
  const withFirst = [all[0], ...shown.filter((f) => f !== all[0])];
  return withFirst.length === all.length && withFirst.every((f, i) => f === all[i]) ? undefined : withFirst.slice(1);
}

export const readViewId = (params: URLSearchParams, prefix = ''): number | null => {
  const raw = params.get(name('view', prefix));
  return raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
};

/** The state a view saves: what the URL holds for this list (the page aside), defaults spelt out. */
export function stateOfUrl(params: URLSearchParams, defaults: ListDefaults, prefix = '', filterParams: readonly string[] = []): SavedViewState {
  const s = readListState(params, defaults, prefix);
  const filters = Object.fromEntries(filterParams.flatMap((p) => (params.get(p) ? [[p, params.get(p) as string]] : [])));
  const state: SavedViewState = { perPage: s.perPage, order: s.order };
  if (s.search.trim()) state.search = s.search.trim();
  if (s.tags?.length) state.tags = s.tags;
  if (s.sort) state.sort = s.sort;
  if (Object.keys(filters).length) state.filters = filters;
  const cols = readColumns(params, prefix);
  if (cols) state.columns = cols;
  return state;
}

/** `params` with this list's state replaced by the view's (page 1) and `view=<id>`; other lists' and dialogs' parameters kept. */
export function urlOfView(
  params: URLSearchParams,
  view: { ID: number; STATE: SavedViewState },
  defaults: ListDefaults,
  prefix = '',
  filterParams: readonly string[] = [],
): URLSearchParams {
  const st = view.STATE;
  let next = writeListState(
    clearList(params, prefix, filterParams),
    {
      page: 1,
      perPage: st.perPage ?? defaults.perPage,
      search: st.search ?? '',
      sort: st.sort ?? defaults.sort,
      order: st.order ?? defaults.order ?? 'asc',
      tags: st.tags,
    },
    defaults,
    prefix,
  );
  for (const p of filterParams) if (st.filters?.[p]) next.set(p, st.filters[p]);
  next = writeColumns(next, st.columns, prefix);
  next.set(name('view', prefix), String(view.ID));
  return next;
}

/** `params` without any of this list's state: the plain list. */
export function clearList(params: URLSearchParams, prefix = '', filterParams: readonly string[] = []): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const k of LIST_KEYS) next.delete(paramName(k, prefix));
  for (const k of ['cols', 'view'] as const) next.delete(name(k, prefix));
  for (const p of filterParams) next.delete(p);
  return next;
}

/** Whether the URL says anything about this list (else its default view may apply). */
export const hasListState = (params: URLSearchParams, prefix = '', filterParams: readonly string[] = []): boolean =>
  clearList(params, prefix, filterParams).toString() !== new URLSearchParams(params).toString();

/** Whether two states show the same rows and columns (the menu marks an opened view as changed). */
export function sameState(a: SavedViewState, b: SavedViewState, defaults: ListDefaults): boolean {
  const norm = (s: SavedViewState) =>
    JSON.stringify([
      s.search ?? '',
      s.tags ?? [],
      Object.entries(s.filters ?? {}).sort(),
      s.sort ?? defaults.sort ?? '',
      s.order ?? defaults.order ?? 'asc',
      s.perPage ?? defaults.perPage,
      s.columns ?? null,
    ]);
  return norm(a) === norm(b);
}

/** `params` without `view=`: the list stays as it is, no view named (the view was deleted). */
export function withoutView(params: URLSearchParams, prefix = ''): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(name('view', prefix));
  return next;
}
