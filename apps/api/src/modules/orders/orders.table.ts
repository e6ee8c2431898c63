import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../lib/auth/accounts.table';
import { products } from '../catalogue/catalogue.table';
import { clients } from '../../lib/clients/clients.table';

/**
 * Client orders. Totals are computed from the items when the order is written
 * (SQL numeric, never floating-point dinars). STATUS: @app/domain ORDER_STATUS.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Order or invoice number, unique; the invoice synchronisation upserts on it. */
    numOrder: varchar('num_order', { length: 40 }).notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    /** The client's user who placed it (mobile app), when known. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: smallint('status').notNull().default(0),
    site: varchar('site', { length: 100 }),
    address: varchar('address', { length: 255 }),
    destination: varchar('destination', { length: 100 }),
    totalNetTtc: numeric('total_net_ttc', { precision: 14, scale: 3 }).notNull().default('0'),
    totalPoints: integer('total_points').notNull().default(0),
    /** Set once, when the order's points reached the ledger (status 2 or 4): never credited twice. */
    pointsCreditedAt: timestamp('points_credited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_num_unique').on(t.numOrder),
    index('orders_num_trgm').using('gin', t.numOrder.op('gin_trgm_ops')),
    // Ascending on purpose: `order by created_at desc, id desc` (nulls first) reads them backwards. An
    // index built with .desc() is DESC NULLS LAST, which that order cannot use (a full sort at 1M rows).
    index('orders_client_idx').on(t.clientId, t.createdAt, t.id),
    index('orders_created_sort').on(t.createdAt, t.id),
    index('orders_status_created').on(t.status, t.createdAt, t.id),
    index('orders_site_sort').on(t.site, t.id),
    index('orders_user_idx').on(t.userId),
  ],
);

/** Lines of an order: unit price and points are those of the product at order time. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    qte: integer('qte').notNull(),
    unitPriceTtc: numeric('unit_price_ttc', { precision: 14, scale: 3 }).notNull(),
    unitPoints: integer('unit_points').notNull().default(0),
  },
  (t) => [
    check('order_items_qte_positive', sql`${t.qte} > 0`),
    index('order_items_order_idx').on(t.orderId, t.id),
    index('order_items_product_idx').on(t.productId),
  ],
);
