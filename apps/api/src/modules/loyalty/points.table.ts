import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../lib/auth/accounts.table';
import { clients } from '../contacts/clients.table';

/**
 * The points ledger: every change to a client's points is one row. clients.points_fid is the sum of
 * the client's rows, kept in the same transaction as the row (see points.service.ts).
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    /** The client's balance once this row applied: the history reads without re-summing. */
    balanceAfter: integer('balance_after').notNull(),
    /** offer, badge, order, gift, adjustment (@app/domain POINT_SOURCES). */
    source: varchar('source', { length: 20 }).notNull(),
    /** The record behind the row (badge id, order id, gift purchase id…), when there is one. */
    sourceId: integer('source_id'),
    reason: varchar('reason', { length: 300 }).notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('points_ledger_client_idx').on(t.clientId, t.createdAt, t.id),
    index('points_ledger_source_idx').on(t.source, t.clientId),
    check('points_ledger_amount_nonzero', sql`${t.amount} <> 0`),
    check('points_ledger_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
  ],
);
