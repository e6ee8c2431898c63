import { APP_ORDER_MSG, type AppOrderBody, ORDER_CODES, ORDER_STATUS } from '@app/domain';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AppUser } from '../../lib/auth/app-tokens';
import { AppError } from '../../lib/http';
import { products } from '../catalogue';
import { clients } from '../../lib/clients/clients.table';
import { createOrder, nextOrderNumber } from '../orders';
import { orderItems, orders } from '../orders';
import { firstImage } from './app-catalogue.queries';

/**
 * An order from the app, in one transaction: its products must be visible
 * (422 on ITEMS.<i>.PRODUCT_ID otherwise), it is numbered like the other orders, written at status 0
 * « Nouveau » for the client and the user who sent it by createOrder, which prices each line with the
 * day's rules (price list of the client's circuit, product-point period) and sums the totals in SQL.
 * The delivery address is the one sent, else the client's; site and destination are the client's,
 * as staff would fill them. The number is taken last: its counter row stays locked until the commit.
 */
export async function placeAppOrder(db: Db, user: AppUser, body: AppOrderBody): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = body.ITEMS.map((i) => i.PRODUCT_ID);
    // A product hidden while this runs may still be ordered once: the same as a click a second earlier.
    const sellable = new Set(
      (
        await tx
          .select({ id: products.id })
          .from(products)
          .where(and(inArray(products.id, ids), eq(products.visible, 1)))
      ).map((r) => r.id),
    );
    const errors: Record<string, string[]> = {};
    body.ITEMS.forEach((item, i) => {
      if (!sellable.has(item.PRODUCT_ID)) errors[`ITEMS.${i}.PRODUCT_ID`] = [APP_ORDER_MSG.unavailable];
    });
    if (Object.keys(errors).length) throw new AppError(422, APP_ORDER_MSG.unavailable, errors);
    const [client] = await tx
      .select({ address: clients.address, site: clients.site, destination: sql<string | null>`coalesce(${clients.destination}, ${clients.gouvernorat})` })
      .from(clients)
      .where(eq(clients.id, user.clientId));
    const numOrder = await nextOrderNumber(tx);
    return createOrder(tx, {
      numOrder,
      clientId: user.clientId,
      userId: user.id,
      status: ORDER_CODES.NEW,
      address: body.ADDRESS ?? client?.address ?? null,
      site: client?.site ?? null,
      destination: client?.destination ?? null,
      items: body.ITEMS.map((i) => ({ productId: i.PRODUCT_ID, qte: i.QTE })),
    });
  });
}

const orderColumns = {
  id: orders.id,
  num: orders.numOrder,
  at: orders.createdAt,
  status: orders.status,
  address: orders.address,
  total: orders.totalNetTtc,
  points: orders.totalPoints,
};
type OrderRow = { id: number; num: string; at: Date | string; status: number; address: string | null; total: string; points: number };

const orderDto = (r: OrderRow) => ({
  ID: r.id,
  NUM_ORDER: r.num,
  CREATED_AT: new Date(r.at).toISOString(),
  STATUS: r.status,
  STATUS_LABEL: ORDER_STATUS.label(r.status),
  ADDRESS: r.address,
  TOTAL_NET_TTC: Number(r.total),
  TOTAL_POINTS: r.points,
});

/** A page of the client's orders, newest first, on the (client_id, created_at, id) index; and their count. */
export async function clientOrdersPage(db: Db, clientId: number, page: number, perPage: number) {
  const mine = eq(orders.clientId, clientId);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(orderColumns)
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(orders).where(mine),
  ]);
  return { rows: rows.map(orderDto), total: Number(n) };
}

/**
 * One of the client's orders with its lines (product, quantity, unit price and points as ordered);
 * another client's order is null (a 404, as an unknown one).
 */
export async function clientOrder(db: Db, clientId: number, id: number) {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.clientId, clientId)));
  if (!row) return null;
  const lines = await db
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      ref: products.ref,
      label: products.label,
      labelAr: products.labelAr,
      image: firstImage('products', 'images', orderItems.productId),
      qte: orderItems.qte,
      price: orderItems.unitPriceTtc,
      points: orderItems.unitPoints,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.id));
  return {
    ...orderDto(row),
    ITEMS: lines.map((l) => ({
      PRODUCT_ID: l.productId,
      REF: l.ref,
      LABEL: l.label,
      LABEL_AR: l.labelAr,
      IMAGE: l.image ?? null,
      QTE: l.qte,
      UNIT_PRICE_TTC: Number(l.price),
      UNIT_POINTS: l.points,
    })),
  };
}
