import type { SQL } from 'drizzle-orm';

/**
 * The rows of a raw statement (`db.execute(sql`…`)`), typed by the caller. Both drivers answer an object
 * with `rows` (node-postgres's QueryResult, PGlite's Results), which drizzle's types leave open: this is
 * the one place that says so, instead of a cast at every raw statement.
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Something raw statements run on: the database or a transaction. */
interface Executes {
  execute(query: SQL): PromiseLike<unknown>;
}

/** Runs a raw statement on the database or a transaction and answers its rows. */
export async function queryRows<T>(db: Executes, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}
