import { BULK_MAX_ROWS, BULK_MSG, type BulkRefusal, bulkFilter } from '@app/domain';
import { and, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { CurrentUser } from '../auth/current-user';
import type { CompiledResource } from '../crud/compile';
import { idIn, searchWhere } from '../crud/list-query';
import { AppError } from '../http';

/** A list's `filter` as the bulk body carries it: the list GET's parameters minus paging and sort. */
export interface BulkFilterValue {
  search?: string;
  tags?: string[];
  [key: string]: unknown;
}

/**
 * Where the rows of a bulk call come from: the list's own resource (its joins, scope, filters and
 * search targets), and the slice a list under a path of its own adds (client-users: the clients'
 * accounts, never the caller), so that a filter reaches exactly the rows the list shows.
 */
export interface BulkSource {
  resource: CompiledResource<{ id: number }>;
  /** The list's own query parameters besides the resource's filters (client-users: `status`). */
  extraFilters?: z.ZodRawShape;
  /** The list's slice for this user and filter (registerList's `where`). */
  slice?: (user: CurrentUser, filter: BulkFilterValue) => SQL | undefined;
}

/** The `filter` schema: the same parameter schemas as the list GET (the resource's filters, the list's own). */
export function filterSchema(source: BulkSource) {
  const own = Object.fromEntries(Object.entries(source.resource.def.filters ?? {}).map(([k, f]) => [k, f.schema.optional()]));
  return bulkFilter({ ...own, ...(source.extraFilters ?? {}) });
}

/** The resource's where, its scope for this user and the list's slice: the rows the user reaches in the list. */
function reach(source: BulkSource, user: CurrentUser, filter: BulkFilterValue): SQL | undefined {
  const { def } = source.resource;
  return and(def.where, def.scope?.(user), source.slice?.(user, filter));
}

/** The conditions of the resource's filters present in `filter` (as registerResource's list applies them). */
function filtered(source: BulkSource, filter: BulkFilterValue): SQL | undefined {
  return and(...Object.entries(source.resource.def.filters ?? {}).map(([k, f]) => (filter[k] === undefined ? undefined : f.where(filter[k] as never))));
}

export interface BulkTarget {
  /** The rows the call may act on (reached by this user), ascending. */
  ids: number[];
  /** ids sent that this user does not reach, or that no longer exist: refused « Introuvable ». */
  missing: BulkRefusal[];
  matched: number;
}

/**
 * The rows of one bulk call, in the caller's transaction. `ids`: those the user reaches (the others
 * are refused « Introuvable », without a word about them). `filter`: every row the list shows for
 * that filter, with the list's where, scope, filters and search; more than BULK_MAX_ROWS is a 422.
 */
export async function resolveTarget(db: Db, source: BulkSource, user: CurrentUser, body: { ids?: number[]; filter?: BulkFilterValue }): Promise<BulkTarget> {
  const r = source.resource;
  const select = () => r.select(db).ids;
  if (body.ids) {
    const found = await select().where(and(idIn(r.def.idColumn, body.ids), reach(source, user, {})));
    const reached = new Set(found.map((x) => Number(x.id)));
    const ids = body.ids.filter((id) => reached.has(id)).sort((a, b) => a - b);
    const missing = body.ids.filter((id) => !reached.has(id)).map((id) => ({ id, label: `n° ${id}`, reason: BULK_MSG.notFound }));
    return { ids, missing, matched: body.ids.length };
  }
  const filter = body.filter ?? {};
  const all = and(reach(source, user, filter), filtered(source, filter), await searchWhere(db, r.searchTargets, filter.search, filter.tags));
  const rows = await select()
    .where(all)
    .orderBy(r.def.idColumn)
    .limit(BULK_MAX_ROWS + 1);
  if (rows.length > BULK_MAX_ROWS) throw new AppError(422, BULK_MSG.tooMany, { filter: [BULK_MSG.tooMany] });
  return { ids: rows.map((x) => Number(x.id)), missing: [], matched: rows.length };
}
