import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../lib/auth/accounts.table';
import { clients } from '../../lib/clients/clients.table';

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

/**
 * Points lots: every credit row of the ledger is a lot with what is left of it and when
 * it expires (null: never, under the `never` policy). Debits consume the open lots first-in first-out
 * (earliest expiry first, never-expiring last, then oldest), recorded in points_lot_uses. Both are
 * written by the ledger's statement trigger (migration 0023), in the statement that writes the ledger
 * rows, behind the clients row lock that statement holds: so the sum of a client's remaining amounts is
 * its POINTS_FID, whichever code wrote the rows (points.service, ERP sync, seeds).
 */
export const pointsLots = pgTable(
  'points_lots',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    /** The credit row; null for the lot a balance became when lots were introduced. */
    ledgerId: integer('ledger_id').references(() => pointsLedger.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The open lots of a client in consumption order (FIFO), and the expired ones for the daily run.
    index('points_lots_open_idx').on(t.clientId, t.expiresAt.asc().nullsLast(), t.createdAt, t.id).where(sql`${t.remaining} > 0`),
    index('points_lots_expiry_idx').on(t.expiresAt, t.clientId).where(sql`${t.remaining} > 0 and ${t.expiresAt} is not null`),
    index('points_lots_ledger_idx').on(t.ledgerId),
    check('points_lots_amount_positive', sql`${t.amount} > 0`),
    check('points_lots_remaining_range', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
  ],
);

/** What each debit row consumed of which lot (a debit may span several lots). */
export const pointsLotUses = pgTable(
  'points_lot_uses',
  {
    id: serial('id').primaryKey(),
    ledgerId: integer('ledger_id')
      .notNull()
      .references(() => pointsLedger.id, { onDelete: 'restrict' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => pointsLots.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
  },
  (t) => [
    index('points_lot_uses_ledger_idx').on(t.ledgerId),
    index('points_lot_uses_lot_idx').on(t.lotId),
    check('points_lot_uses_amount_positive', sql`${t.amount} > 0`),
  ],
);
