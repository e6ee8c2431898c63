import { ORDER_BELL_SIZE, ORDER_CODES, ORDER_POINTS_STATUSES } from '@app/domain';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients } from '../../lib/clients/clients.table';
import { priceOfDay, pointsOfDay } from '../catalogue';
import { applyPoints } from '../loyalty';
import { users } from '../../lib/auth/accounts.table';
import { nextNumber } from '../system';
import { orderOwner } from './orders.resource';
import { orders } from './orders.table';
import { orderPayloadSql } from './orders.events';
import { outboxInsertSql } from '../../lib/webhooks/outbox';
import { rowsOf } from '../../db/rows';

export interface NewOrder {
  numOrder: string;
  clientId: number;
  userId?: number | null;
  status?: number;
  site?: string | null;
  address?: string | null;
  destination?: string | null;
  createdAt?: Date;
  items: { productId: number; qte: number }[];
}

/** The counter of order numbers (system/sequences.ts); the demo orders register theirs in it too. */
export const ORDER_NUMBER_KIND = 'order';
/** `CMD-YYYY-NNNNN`, as the demo orders are numbered: `n` of the year (Africa/Tunis). */
export const orderNumber = (year: number, n: number) => `CMD-${year}-${String(n).padStart(5, '0')}`;

/**
 * The next order number, taken in the caller's transaction: unique and never reused (a rolled-back
 * order gives its number back before anyone saw it). The counter's row stays locked until the caller
 * commits, so take it late in the transaction.
 */
export async function nextOrderNumber(tx: Db): Promise<string> {
  const { year, seq } = await nextNumber(tx, ORDER_NUMBER_KIND);
  return orderNumber(year, seq);
}

/**
 * Writes an order and its lines in the caller's transaction: each line takes the price and the points
 * of the day at order time (catalogue/terms-of-day.ts: the price list of the client's circuit, else the
 * product's price TTC; the product-point period, else its points), the same rule for every caller, as
 * the app's catalogue shows them. TOTAL_NET_TTC and TOTAL_POINTS are summed in SQL from the lines
 * (numeric, never floating-point dinars). Used by the mobile app's orders (app-orders.service.ts); the
 * caller checks the products (the app: visible ones only). order.created is recorded with the summed totals.
 */
export async function createOrder(tx: Db, order: NewOrder): Promise<number> {
  const [created] = await tx
    .insert(orders)
    .values({
      numOrder: order.numOrder,
      clientId: order.clientId,
      userId: order.userId ?? null,
      status: order.status ?? ORDER_CODES.NEW,
      site: order.site ?? null,
      address: order.address ?? null,
      destination: order.destination ?? null,
      ...(order.createdAt ? { createdAt: order.createdAt, updatedAt: order.createdAt } : {}),
    })
    .returning({ id: orders.id });
  const lines = sql.join(
    order.items.map((i) => sql`(${i.productId}::int, ${i.qte}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into order_items (order_id, product_id, qte, unit_price_ttc, unit_points)
    select ${created.id}, p.id, l.qte, ${priceOfDay({ id: sql`p.id`, priceHt: sql`p.price_ht`, priceTtc: sql`p.price_ttc` }, sql`c.circuit_id`)}, ${pointsOfDay(sql`p.id`, sql`p.points`)}
    from (values ${lines}) as l(product_id, qte) join products p on p.id = l.product_id
    cross join (select circuit_id from clients where id = ${order.clientId}) c`);
  // The totals and the order.created event in one statement: the event carries the summed totals.
  await tx.execute(sql`
    with o as (
      update orders set total_net_ttc = t.total, total_points = t.points
      from (select sum(qte * unit_price_ttc) as total, coalesce(sum(qte * unit_points), 0)::int as points from order_items where order_id = ${created.id}) t
      where orders.id = ${created.id}
      returning orders.*
    )
    ${outboxInsertSql('order.created', 'order', sql`select o.id, ${orderPayloadSql('o')} as payload from o`)}`);
  return created.id;
}

/**
 * Sets an order's status in the caller's transaction. Reaching 2 (Traité et accepté) or 4 (Facturé)
 * credits TOTAL_POINTS to the client through the ledger once: the credit is claimed by setting
 * points_credited_at where it is still null (the row lock makes a concurrent second arrival see it
 * set), so an order never credits twice. The staff rule (0 → 1 or 3 only) is the caller's to check.
 */
export async function applyOrderStatus(tx: Db, orderId: number, status: number, authorId: number | null): Promise<{ credited: number }> {
  // The status and its order.status_changed event in one statement. The update reads `prev` (the row
  // locked, as last committed), so the previous status is the one it replaces; an unchanged status
  // emits nothing.
  await tx.execute(sql`
    with prev as (select id, status from orders where id = ${orderId} for update),
    o as (update orders set status = ${status}::smallint, updated_at = now() from prev where orders.id = prev.id returning orders.*, prev.status as prev_status)
    ${outboxInsertSql(
      'order.status_changed',
      'order',
      sql`select o.id, ${orderPayloadSql('o', sql`|| jsonb_build_object('PREVIOUS_STATUS', o.prev_status)`)} as payload from o where o.prev_status is distinct from o.status`,
    )}`);
  if (!ORDER_POINTS_STATUSES.includes(status)) return { credited: 0 };
  const [claim] = rowsOf<{ client_id: number; total_points: number; num_order: string }>(
    await tx.execute(sql`
      update orders set points_credited_at = now()
      where id = ${orderId} and points_credited_at is null and total_points > 0
      returning client_id, total_points, num_order`),
  );
  if (!claim) return { credited: 0 };
  await applyPoints(tx, eq(clients.id, Number(claim.client_id)), {
    amount: Number(claim.total_points),
    source: 'order',
    sourceId: orderId,
    reason: `Commande ${claim.num_order} traitée`,
    authorId,
  });
  return { credited: Number(claim.total_points) };
}

/**
 * The order bell's SQL: how many orders are « Nouveau » and the newest of them, for the
 * reader's scope (a zone chief's own clients). Both read the (status, created_at, id) index.
 */
export async function waitingOrders(db: Db, user: { id: number; role: string }) {
  const waiting = and(eq(orders.status, ORDER_CODES.NEW), orderOwner.scope(user));
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(orders).where(waiting),
    db
      .select({
        id: orders.id,
        num: orders.numOrder,
        code: clients.code,
        client: clients.name,
        first: users.firstname,
        last: users.lastname,
        total: orders.totalNetTtc,
        at: orders.createdAt,
      })
      .from(orders)
      .innerJoin(clients, eq(clients.id, orders.clientId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(waiting)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDER_BELL_SIZE),
  ]);
  return { n: Number(n), rows };
}
