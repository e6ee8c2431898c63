import { and, asc, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, type AnyPgTable, PgTransaction } from 'drizzle-orm/pg-core';
import { type Db, readTogether } from '../../db/client';
import { queryRows } from '../../db/rows';

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

/**
 * The search box and the tags: each term must match one of the targets (tags narrow, AND). A target
 * on another table (`fkIn`) is read first, in a statement of its own: its ids come back into the
 * condition as a list the planner can count. Left as a sub-select, its size is unknown when the
 * statement is planned, so an OR with it is guessed to keep 40 % of the rows and the trigram indexes
 * are passed over for a scan of the whole table (120 ms for a client code among 100,000 clients,
 * 4 ms once the ids are known). A list longer than REF_IDS_CAP stays a sub-select.
 */
export async function searchWhere(db: Db, targets: SearchTarget[], search: string | undefined, tags: readonly string[] = []): Promise<SQL | undefined> {
  const terms = [search, ...tags].map((t) => t?.trim()).filter((t): t is string => !!t);
  if (!terms.length || !targets.length) return undefined;
  const perTerm = await readTogether(
    db,
    terms.map((term) => async () => {
      const pattern = likePattern(term);
      const conditions = await readTogether(
        db,
        targets.map((c) => async () => (typeof c === 'function' ? resolveRef(db, c(pattern)) : ilike(c, pattern))),
      );
      // A target that matches no row at all adds nothing to the OR; none left means no row matches.
      const live = conditions.filter((c): c is SQL => c !== null);
      return live.length ? or(...live) : sql`false`;
    }),
  );
  return and(...perTerm);
}

/** Beyond this many ids a reference target stays a sub-select (the list would cost more to send than to scan). */
export const REF_IDS_CAP = 5_000;

/** An `fkIn` condition with its ids read now (null when none match); any other condition as it is. */
async function resolveRef(db: Db, condition: SQL): Promise<SQL | null> {
  const ref = REFS.get(condition);
  if (!ref) return condition;
  const rows = await queryRows<Record<string, unknown>>(db, sql`${ref.ids} limit ${REF_IDS_CAP + 1}`);
  if (rows.length > REF_IDS_CAP) return condition;
  if (!rows.length) return null;
  return idIn(
    ref.fk,
    rows.map((row) => Number(Object.values(row)[0])),
  );
}

/** What each `fkIn` condition was made of, for `searchWhere` to read its ids first. */
const REFS = new WeakMap<SQL, { fk: AnyPgColumn; ids: SQL }>();

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
 * Runs a list's page query with its joins in the order they are written: the listed table first,
 * then each looked-up name. That order is the right one for a page (the rows are found on the listed
 * table's index, then 50 lookups by primary key), and PostgreSQL would spend longer searching the
 * orders of seven tables than running the query (clients page: 4.4 ms of planning for 1 ms of work;
 * 0.5 ms of planning so). SET LOCAL needs a transaction; a list with fewer joins plans fast as it is.
 */
export async function inWrittenJoinOrder<T>(db: Db, joins: number, run: (db: Db) => PromiseLike<T>): Promise<T> {
  // Inside a caller's transaction a SET LOCAL would outlast this query: there the planner chooses.
  if (joins < WRITTEN_ORDER_FROM || db instanceof PgTransaction) return run(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local join_collapse_limit = 1`);
    return await run(tx);
  });
}
const WRITTEN_ORDER_FROM = 3;

/**
 * `<fk> = any(array(<ids sub-select>))`, the form for a search target on another table. As a search
 * target, `searchWhere` reads its ids first and puts them in the condition as a list; elsewhere (a
 * filter), the sub-select runs once and its ids probe the foreign key's index. Written
 * `<fk> in (<sub-select>)`, an OR makes it a check on every row, a full scan (1.8 s against 1 ms for a
 * client code among a million orders).
 */
export function fkIn(fk: AnyPgColumn, ids: SQL): SQL {
  const condition = sql`${fk} = any(array(${ids}))`;
  REFS.set(condition, { fk, ids });
  return condition;
}

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
