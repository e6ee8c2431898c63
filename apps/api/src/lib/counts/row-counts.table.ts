import { bigint, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * Row counts kept by statement-level triggers in the writing transaction, whoever writes (the app,
 * the invoice sync, seed:large): clients, active clients, products, the clients' app users, the
 * accounts of role patente (migration 0016) and orders (0021). Counting a wide table per call costs
 * tens of milliseconds at 100,000 rows; a key is read in a fraction of one. The dashboard's tiles
 * read them, and so do the lists with no condition (a resource's `wholeCount`). The table kept the
 * name it was born with, on the dashboard.
 */
export const rowCounts = pgTable('dashboard_counts', {
  key: varchar('key', { length: 40 }).primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});
