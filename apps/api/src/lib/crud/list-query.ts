import { and, asc, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';

/** ILIKE needs its wildcards escaped so a search for "50%" means the text "50%". */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A searched column, or a builder for a condition on another table. Builders let a joined table's
 * column be matched through a sub-select, so each table's trigram index stays usable (an OR across
 * a join forces a full scan).
 */
export type SearchTarget = AnyPgColumn | SQL | ((pattern: string) => SQL);

/** The search box and the tags: each term must match one of the targets (tags narrow, AND). */
export function searchWhere(targets: SearchTarget[], search: string | undefined, tags: readonly string[] = []): SQL | undefined {
  const terms = [search, ...tags].map((t) => t?.trim()).filter((t): t is string => !!t);
  if (!terms.length || !targets.length) return undefined;
  return and(
    ...terms.map((term) => {
      const pattern = likePattern(term);
      return or(...targets.map((c) => (typeof c === 'function' ? c(pattern) : ilike(c, pattern))));
    }),
  );
}

/** Sort by the requested field (whitelisted), then by id so pages are stable. */
export function orderFor(
  sortable: Record<string, AnyPgColumn | SQL>,
  fallback: { field: string; order: 'asc' | 'desc' },
  idColumn: AnyPgColumn,
  sort?: string,
  order?: 'asc' | 'desc',
): (AnyPgColumn | SQL)[] {
  const field = sort && Object.hasOwn(sortable, sort) ? sort : fallback.field;
  const dir = sort && Object.hasOwn(sortable, sort) ? (order ?? 'asc') : fallback.order;
  const col = sortable[field];
  const by = dir === 'desc' ? desc(col) : asc(col);
  return [by, dir === 'desc' ? desc(idColumn) : asc(idColumn)];
}

export const countExpr = sql<number>`count(*)::int`;

/**
 * `<fk> = any(array(<ids sub-select>))`, the form for a search target on another table: the
 * sub-select runs once and its ids probe the foreign key's index, so an OR with the other targets
 * becomes a bitmap OR of index scans. Written `<fk> in (<sub-select>)`, an OR makes it a check on
 * every row, a full scan (1.8 s against 1 ms for a client code among a million orders).
 */
export const fkIn = (fk: AnyPgColumn, ids: SQL): SQL => sql`${fk} = any(array(${ids}))`;

/**
 * `<column> = any($1::int[])`: a batch of ids as ONE array parameter. inArray would send one
 * parameter per id, and building and typing 2,000 of them cost more than the query (exports).
 */
export const idIn = (column: AnyPgColumn, ids: readonly number[]): SQL => sql`${column} = any(${sql.param(ids)}::int[])`;

/**
 * `<expr> = any($1::text[])`: a list of codes as ONE array parameter. One parameter per value
 * (inArray) stops at PostgreSQL's 65,535 bind parameters: a codes file of 70,000 lines was a 500.
 */
export const textIn = (expr: AnyPgColumn | SQL, values: readonly string[]): SQL => sql`${expr} = any(${sql.param(values)}::text[])`;

/** A joined table's name as a search target: the rows whose `fk` points at a matching name. */
export function refNameLike(fk: AnyPgColumn, table: AnyPgTable & { id: AnyPgColumn; name: AnyPgColumn }, pattern: string): SQL {
  return fkIn(fk, sql`select ${table.id} from ${table} where ${ilike(table.name, pattern)}`);
}

/** Sort key of a text column: lower-cased, accents removed (indexed by migration 0002). */
export const sortKey = (column: AnyPgColumn) => sql`public.sort_key(${column})`;
