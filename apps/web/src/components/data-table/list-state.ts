import { type ListQuery, MAX_PAGE_SIZE, PAGE_SIZE_CHOICES } from '@app/domain';

/**
 * The state of a list (page, page size, search, sort) lives in the URL search params, so a reload,
 * a shared link or the back button shows the same rows. Values equal to the defaults are left out
 * of the URL to keep it short.
 */
export type SortOrder = 'asc' | 'desc';

export interface ListState {
  page: number;
  perPage: number;
  search: string;
  sort?: string;
  order: SortOrder;
  /** Search tags (repeated `tags` parameter): each narrows the list; absent when none. */
  tags?: string[];
}

/** The API's limits on tags (listQuery): at most 10, 100 characters each. */
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 100;

export interface ListDefaults {
  perPage: number;
  sort?: string;
  order?: SortOrder;
}

const KEYS = ['page', 'perPage', 'search', 'sort', 'order'] as const;
type Key = (typeof KEYS)[number];

/** Parameter name for a list; a prefix lets two lists share one page without clashing. */
export const paramName = (key: Key | 'tags', prefix = '') => (prefix ? `${prefix}.${key}` : key);

/** Tags of the URL: trimmed, non-empty, distinct, within the API's limits. */
function readTags(params: URLSearchParams, prefix: string): string[] | undefined {
  const tags = [...new Set(params.getAll(paramName('tags', prefix)).map((t) => t.trim().slice(0, MAX_TAG_LENGTH)))].filter(Boolean).slice(0, MAX_TAGS);
  return tags.length ? tags : undefined;
}

function positiveInt(raw: string | null): number | undefined {
  if (raw == null || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
}

export function readListState(params: URLSearchParams, defaults: ListDefaults, prefix = ''): ListState {
  const get = (k: Key) => params.get(paramName(k, prefix));
  const perPage = positiveInt(get('perPage'));
  const order = get('order');
  return {
    page: positiveInt(get('page')) ?? 1,
    perPage: perPage && perPage <= MAX_PAGE_SIZE ? perPage : defaults.perPage,
    search: (get('search') ?? '').slice(0, 200),
    sort: get('sort') || defaults.sort,
    order: order === 'asc' || order === 'desc' ? order : (defaults.order ?? 'asc'),
    tags: readTags(params, prefix),
  };
}

/** A copy of `params` holding `state`; other parameters (another list, a dialog) are kept. */
export function writeListState(params: URLSearchParams, state: ListState, defaults: ListDefaults, prefix = ''): URLSearchParams {
  const next = new URLSearchParams(params);
  const values: Record<Key, string | undefined> = {
    page: state.page > 1 ? String(state.page) : undefined,
    perPage: state.perPage !== defaults.perPage ? String(state.perPage) : undefined,
    search: state.search.trim() || undefined,
    sort: state.sort && state.sort !== defaults.sort ? state.sort : undefined,
    order: state.order !== (defaults.order ?? 'asc') ? state.order : undefined,
  };
  for (const k of KEYS) {
    const v = values[k];
    if (v === undefined) next.delete(paramName(k, prefix));
    else next.set(paramName(k, prefix), v);
  }
  next.delete(paramName('tags', prefix));
  for (const tag of state.tags ?? []) next.append(paramName('tags', prefix), tag);
  return next;
}

/** The query string of the list call. */
export function toListQuery(state: ListState): ListQuery {
  return {
    page: state.page,
    perPage: state.perPage,
    search: state.search.trim() || undefined,
    sort: state.sort,
    order: state.sort ? state.order : undefined,
    tags: state.tags?.length ? state.tags : undefined,
  };
}

/** Page-size choices of the paginator, with the list's own default and a size from the URL included. */
export function pageSizeChoices(...extra: number[]): number[] {
  return [...new Set<number>([...PAGE_SIZE_CHOICES, ...extra])].sort((a, b) => a - b);
}
