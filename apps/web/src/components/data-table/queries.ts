import type { PageMeta } from '@app/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../lib/api';
import { notify } from '../../lib/toast';
import type { ListState } from './list-state';
import { toListQuery } from './list-state';
import { pageKey, resourceKey } from './query-keys';
import { mergePageOrder } from './reorder';

export interface RowWithId {
  id: number;
}
export interface Page<Row> {
  data: Row[];
  meta?: PageMeta;
}

/** One page of a resource, as the URL state asks for it; the previous page stays on screen while the next loads. */
export function useServerPage<Row>(path: string, state: ListState, filters?: Record<string, string | number | undefined>) {
  const query = { ...toListQuery(state), ...filters };
  const key = pageKey(path, query);
  const result = useQuery({
    queryKey: key,
    queryFn: ({ signal }): Promise<Page<Row>> => request<Row[]>(path, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
  return { ...result, key };
}

type Key = readonly unknown[];

/** Replaces one row of a cached page (optimistic updates). */
function patchRow<Row extends RowWithId>(page: Page<Row> | undefined, id: number, patch: Partial<Row>): Page<Row> | undefined {
  return page && { ...page, data: page.data.map((r) => (r.id === id ? { ...r, ...patch } : r)) };
}

/**
 * Inline checkbox / switch: the cell flips at once, the call saves it, and a refused call puts the
 * old value back (the error catalogue has already said why).
 */
export function useRowToggle<Row extends RowWithId>(path: string, key: Key, save: (row: Row, field: string, value: 0 | 1) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ row, field, value }: { row: Row; field: string; value: 0 | 1 }) => save(row, field, value),
    onMutate: async ({ row, field, value }) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<Page<Row>>(key);
      qc.setQueryData<Page<Row>>(key, (p) => patchRow(p, row.id, { [field]: value } as Partial<Row>));
      return { before };
    },
    onError: (_err, _vars, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: resourceKey(path) }),
  });
}

export function useRowDelete<Row extends RowWithId>(path: string, deletePath = path) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (row: Row) => api.delete(`${deletePath}/${row.id}`),
    onSuccess: () => {
      notify.success('Suppression effectuée', 'L’élément a été supprimé avec succès.');
      return qc.invalidateQueries({ queryKey: resourceKey(path) });
    },
  });
}

export interface ReorderConfig {
  /** PUT target receiving { ids } (default `${path}/reorder`). */
  path?: string;
  /** The reply field holding the position (sort key while dragging). */
  positionField: string;
}

/**
 * Saves a drag reorder: the page's new order (merged into the full order when the list has
 * several pages), shown at once and refetched afterwards.
 */
export function useRowReorder<Row extends RowWithId>(path: string, key: Key, config: ReorderConfig | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ rows, offset, total }: { rows: Row[]; offset: number; total: number }) => {
      const pageIds = rows.map((r) => r.id);
      let ids = pageIds;
      if (total > rows.length) {
        const all = await api.get<Row[]>(path, { sort: config?.positionField, order: 'asc' });
        ids = mergePageOrder(
          all.map((r) => r.id),
          pageIds,
          offset,
        );
      }
      return api.put(config?.path ?? `${path}/reorder`, { ids });
    },
    onMutate: async ({ rows }) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<Page<Row>>(key);
      qc.setQueryData<Page<Row>>(key, (p) => p && { ...p, data: rows });
      return { before };
    },
    onError: (_err, _vars, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: resourceKey(path) }),
  });
}
