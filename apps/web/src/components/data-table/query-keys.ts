import type { ListQuery } from '@app/domain';

/**
 * TanStack Query keys of a resource all start with its API path, so one
 * `invalidateQueries({ queryKey: resourceKey(path) })` refreshes its pages and the selects fed by it.
 */
export const resourceKey = (path: string) => [path] as const;
export const pageKey = (path: string, query: ListQuery) => [path, 'page', query] as const;
export const allRowsKey = (path: string, query: Record<string, unknown> = {}) => [path, 'all', query] as const;
