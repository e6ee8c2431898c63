import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../lib/auth/accounts.table';
import { clientActivities, clientCategories, clientCircuits, clientTypes } from '../../lib/clients/classification.table';
import { clients } from '../../lib/clients/clients.table';
import { badges } from '../../lib/clients/badges.table';

/**
 * Gifts a client buys with points. TYPE bien: a good the warehouse hands over
 * (one conversion per unit); TYPE voucher: a voucher of VOCHER_VALUE dinars per unit. QTS is the
 * stock, debited when a purchase is accepted. The optional classification and badge restrict who
 * may buy it; START_DAY / END_DATE when.
 */
export const loyaltyGifts = pgTable(
  'loyalty_gifts',
  {
    id: serial('id').primaryKey(),
    ref: varchar('ref', { length: 50 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    description: text('description'),
    type: varchar('type', { length: 10 }).notNull(),
    qts: integer('qts').notNull().default(0),
    nbrOfPoints: integer('nbr_of_points').notNull().default(0),
    voucherValue: numeric('vocher_value', { precision: 14, scale: 3 }).notNull().default('0'),
    startDay: date('start_day', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    activiteId: integer('activite_id').references(() => clientActivities.id, { onDelete: 'restrict' }),
    circuitId: integer('circuit_id').references(() => clientCircuits.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id').references(() => clientCategories.id, { onDelete: 'restrict' }),
    typeClientId: integer('type_client_id').references(() => clientTypes.id, { onDelete: 'restrict' }),
    badgesId: integer('badges_id').references(() => badges.id, { onDelete: 'restrict' }),
    isActive: smallint('is_active').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loyalty_gifts_ref_unique').on(sql`lower(${t.ref})`),
    index('loyalty_gifts_ref_trgm').using('gin', t.ref.op('gin_trgm_ops')),
    index('loyalty_gifts_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('loyalty_gifts_name_sort').on(sql`public.sort_key(${t.name})`, t.id),
    index('loyalty_gifts_ref_sort').on(sql`public.sort_key(${t.ref})`, t.id),
    check('loyalty_gifts_stock_nonnegative', sql`${t.qts} >= 0`),
    check('loyalty_gifts_type', sql`${t.type} in ('bien', 'voucher')`),
  ],
);

/** Starter gifts: given once to new clients, without points. */
export const startingGifts = pgTable(
  'starting_gifts',
  {
    id: serial('id').primaryKey(),
    ref: varchar('ref', { length: 50 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('starting_gifts_ref_unique').on(sql`lower(${t.ref})`),
    index('starting_gifts_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('starting_gifts_created_sort').on(t.createdAt, t.id),
  ],
);

/**
 * A client's request to spend points on a gift (the mobile app, or staff for the client). STATUS
 * @app/domain GIFT_PURCHASE_STATUS: 0 waiting, 1 accepted (points and stock debited), 3 refused,
 * then 2 / 4 as its conversions are received.
 */
export const giftPurchases = pgTable(
  'gift_purchases',
  {
    id: serial('id').primaryKey(),
    ref: varchar('ref', { length: 30 }).notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    loyaltyGiftId: integer('loyalty_gift_id')
      .notNull()
      .references(() => loyaltyGifts.id, { onDelete: 'restrict' }),
    qte: integer('qte').notNull(),
    /** NBR_OF_POINTS × QTE, fixed when the request is made. */
    points: integer('points').notNull(),
    status: smallint('status').notNull().default(0),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_purchases_ref_unique').on(t.ref),
    index('gift_purchases_status_created').on(t.status, t.createdAt, t.id),
    index('gift_purchases_client_idx').on(t.clientId, t.createdAt, t.id),
    index('gift_purchases_gift_idx').on(t.loyaltyGiftId),
    index('gift_purchases_created_sort').on(t.createdAt, t.id),
    check('gift_purchases_qte_positive', sql`${t.qte} > 0`),
  ],
);

/**
 * One unit of an accepted `bien` purchase, for the warehouse. STATUS
 * @app/domain CONVERSION_STATUS; QRCODE is a random token the client shows at receipt.
 */
export const giftConversions = pgTable(
  'gift_conversions',
  {
    id: serial('id').primaryKey(),
    ref: varchar('ref', { length: 30 }).notNull(),
    giftPurchaseId: integer('gift_purchase_id')
      .notNull()
      .references(() => giftPurchases.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    loyaltyGiftId: integer('loyalty_gift_id')
      .notNull()
      .references(() => loyaltyGifts.id, { onDelete: 'restrict' }),
    pointsUsed: integer('points_used').notNull(),
    /** The client's balance once the purchase was debited. */
    newPoints: integer('new_points').notNull(),
    status: smallint('status').notNull().default(0),
    qrcode: varchar('qrcode', { length: 64 }).notNull(),
    scanDate: timestamp('scan_date', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_conversions_ref_unique').on(t.ref),
    uniqueIndex('gift_conversions_qrcode_unique').on(t.qrcode),
    index('gift_conversions_ref_trgm').using('gin', t.ref.op('gin_trgm_ops')),
    index('gift_conversions_purchase_idx').on(t.giftPurchaseId),
    index('gift_conversions_client_idx').on(t.clientId, t.createdAt, t.id),
    index('gift_conversions_created_sort').on(t.createdAt, t.id),
    index('gift_conversions_status_sort').on(t.status, t.id),
    index('gift_conversions_points_sort').on(t.pointsUsed, t.id),
  ],
);

/** A starter gift given to a client: the same fulfilment as a conversion (`?dem=start`). */
export const startingGiftPurchases = pgTable(
  'starting_gift_purchases',
  {
    id: serial('id').primaryKey(),
    ref: varchar('ref', { length: 30 }).notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    startingGiftId: integer('starting_gift_id')
      .notNull()
      .references(() => startingGifts.id, { onDelete: 'restrict' }),
    status: smallint('status').notNull().default(0),
    qrcode: varchar('qrcode', { length: 64 }).notNull(),
    scanDate: timestamp('scan_date', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('starting_gift_purchases_ref_unique').on(t.ref),
    uniqueIndex('starting_gift_purchases_qrcode_unique').on(t.qrcode),
    index('starting_gift_purchases_ref_trgm').using('gin', t.ref.op('gin_trgm_ops')),
    index('starting_gift_purchases_client_idx').on(t.clientId, t.createdAt, t.id),
    index('starting_gift_purchases_gift_idx').on(t.startingGiftId),
    index('starting_gift_purchases_created_sort').on(t.createdAt, t.id),
    index('starting_gift_purchases_status_sort').on(t.status, t.id),
  ],
);
