import { asc, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** ILIKE needs its wildcards escaped so a search for "50%" means the text "50%". */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchWhere(columns: (AnyPgColumn | SQL)[], search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const pattern = likePattern(term);
  return or(...columns.map((c) => ilike(c as AnyPgColumn, pattern)));
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
