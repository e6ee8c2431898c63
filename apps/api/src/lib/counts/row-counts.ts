import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowCounts } from './row-counts.table';

/** The kept count of `key` (row-counts.table.ts); a key not yet written (a table never filled, or truncated) is 0. */
export async function rowCount(db: Db, key: string): Promise<number> {
  const [row] = await db.select({ n: rowCounts.n }).from(rowCounts).where(eq(rowCounts.key, key));
  return row ? Number(row.n) : 0;
}

/** The same kept count as an expression, for a statement that reads it beside other things (a list page). */
export const rowCountSql = (key: string): SQL<number> => sql<number>`coalesce((select ${rowCounts.n} from ${rowCounts} where ${rowCounts.key} = ${key}), 0)`;
