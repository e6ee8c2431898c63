import { boolean, check, index, integer, numeric, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../../lib/auth/accounts.table';
import { products } from '../catalogue/catalogue.table';
import { orderItems } from './orders.table';
import { clients } from '../../lib/clients/clients.table';

/**
 * Returned goods. NUM_RETOUR is RET-<year>-<seq>, seq given by the
 * number_sequences counter of that year: unique, sequential, never reused.
 */
export const goodsReturns = pgTable(
  'goods_returns',
  {
    id: serial('id').primaryKey(),
    numRetour: varchar('num_retour', { length: 30 }).notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    address: varchar('address', { length: 255 }).notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Σ product_points × qte of the lines (returns.points.ts keeps it with the ledger). */
    pointsOwed: integer('points_owed').notNull().default(0),
    /** Points the ledger took back from the client; null for a return recorded before returns took points back. */
    pointsDebited: integer('points_debited'),
    /** The client those points were taken from (the return may since have moved to another). */
    pointsClientId: integer('points_client_id').references(() => clients.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('goods_returns_num_unique').on(t.numRetour),
    index('goods_returns_num_trgm').using('gin', t.numRetour.op('gin_trgm_ops')),
    index('goods_returns_client_idx').on(t.clientId),
    index('goods_returns_created_sort').on(t.createdAt, t.id),
  ],
);

export const goodsReturnItems = pgTable(
  'goods_return_items',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => goodsReturns.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    qte: integer('qte').notNull(),
    /** Unité de vente (UV) of the returned quantity. */
    uv: varchar('uv', { length: 30 }),
    /** Price incl. tax and points of the product when the return was recorded. */
    productPrice: numeric('product_price', { precision: 14, scale: 3 }).notNull().default('0'),
    productPoints: integer('product_points').notNull().default(0),
  },
  (t) => [
    check('goods_return_items_qte_positive', sql`${t.qte} > 0`),
    index('goods_return_items_return_idx').on(t.returnId),
    index('goods_return_items_product_idx').on(t.productId),
  ],
);

/**
 * Where a return line's points come from: the credited order lines of the same client and product it
 * takes its units back from, each at the points that line credited. A row not `credited` holds the
 * units beyond everything ever credited, valued at the product's points of the day they were returned
 * (orderItemId is also null once a credited line's order is deleted: the row keeps its points). returns.points.ts keeps these rows with the return's quantities; an
 * order line's units already taken back are Σ qte of its rows here, so no unit is taken back twice.
 * clientId and productId say which client and product the units were taken for: a line moved to
 * another product or a return moved to another client gets its units found again.
 */
export const goodsReturnPointSources = pgTable(
  'goods_return_point_sources',
  {
    id: serial('id').primaryKey(),
    returnItemId: integer('return_item_id')
      .notNull()
      .references(() => goodsReturnItems.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    clientId: integer('client_id').notNull(),
    productId: integer('product_id').notNull(),
    credited: boolean('credited').notNull(),
    qte: integer('qte').notNull(),
    unitPoints: integer('unit_points').notNull(),
  },
  (t) => [
    check('goods_return_point_sources_qte_positive', sql`${t.qte} > 0`),
    index('goods_return_point_sources_item_idx').on(t.returnItemId, t.id),
    index('goods_return_point_sources_order_item_idx').on(t.orderItemId),
  ],
);
