import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

/**
 * Serialises the creates of one positioned list until the transaction ends. A new item goes last
 * ("the last position + 1"): two creates reading that at once would both take the same position.
 * A transaction-scoped advisory lock, keyed by the table, queues them without locking any row.
 */
export async function lockPositions(tx: Db, table: PgTable): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`positions:${getTableName(table)}`}))`);
}
