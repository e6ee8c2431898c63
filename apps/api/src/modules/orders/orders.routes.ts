import { ORDER_DELETABLE_STATUSES, ORDER_ITEMS_PAGE_SIZE, ORDER_MSG, ORDER_STATUS, type Order, orderUpdateBody, queryInteger } from '@app/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { compileResource } from '../../lib/crud/compile';
import { registerResource } from '../../lib/crud/crud.routes';
import { idParams } from '../../lib/crud/schemas';
import { AppError, notFound, ok, paged } from '../../lib/http';
import { listReply, mediaReply, okReply } from '../../lib/replies';
import { checkStatusMove, statusMoveReplies } from '../../lib/status-rule';
import type { CurrentUser } from '../../lib/auth/current-user';
import { audit, diff } from '../../lib/audit/audit.repository';
import { products } from '../catalogue';
import { CLIENT_OWNED } from '../../lib/clients/client-ownership';
import { mediaListFor } from '../../lib/media/media.service';
import { orderOwner, ordersResource } from './orders.resource';
import { applyOrderStatus, waitingOrders } from './orders.service';
import { ordersBulkRoutes } from './orders.bulk';
import { orderItems, orders } from './orders.table';

const compiled = compileResource(ordersResource);
/** The compiled DTO schema, typed as the domain's Order (same object, narrower type). */
const orderReply = okReply(compiled.dto as unknown as z.ZodType<Order>);
const itemReply = z.object({
  id: z.number().int(),
  PRODUCT_ID: z.number().int(),
  PRODUCT: z.object({ REF: z.string(), LABEL: z.string(), LABEL_AR: z.string().nullable(), MEDIA: mediaReply.nullable() }),
  PRODUCT_POINTS: z.number().int(),
  QTE_ORDERED: z.number().int(),
  UNIT_PRICE_TTC: z.number(),
});
const bellItem = z.object({ id: z.number().int(), NUM_ORDER: z.string(), USER: z.string(), CODE_CLIENT: z.string(), TOTAL: z.number(), DATE: z.string() });
const itemsQuery = z.object({ page: queryInteger({ min: 1 }).default(1), perPage: queryInteger({ min: 1, max: 500 }).default(ORDER_ITEMS_PAGE_SIZE) });

/** The order as its reader may see it (another zone's order is a 404 for a zone chief). */
async function findOrder(db: Db, id: number, user: CurrentUser | null) {
  const [row] = await compiled
    .select(db)
    .rows.where(and(eq(orders.id, id), user ? orderOwner.scope(user) : undefined))
    .limit(1);
  return row ? compiled.toDto(row) : null;
}

/**
 * Orders: the list, read and exports of the resource, then a change of
 * status or shipping site (the status rule enforced here, whatever the screen sends), the delete, the
 * items (paged) and the header's bell.
 */
export async function ordersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  registerResource(app, ordersResource);
  ordersBulkRoutes(app);

  app.put(
    '/orders/:id',
    {
      config: { action: 'orders:write', ...CLIENT_OWNED, idempotent: true },
      schema: {
        tags,
        summary: 'Statut (de Nouveau vers 1 ou 3 seulement) ou site de livraison',
        params: idParams,
        body: orderUpdateBody,
        response: { 200: orderReply, ...statusMoveReplies },
      },
    },
    async (req) => {
      const { id } = req.params;
      const { STATUS, SITE } = req.body;
      await app.db.transaction(async (tx) => {
        // The row lock serialises two staff members changing the same order.
        const [locked] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update');
        const before = locked ? await findOrder(tx, id, req.user) : null;
        if (!before) throw notFound();
        if (STATUS !== undefined) {
          checkStatusMove(ORDER_STATUS, before.STATUS, STATUS);
          await applyOrderStatus(tx, id, STATUS, req.user?.id ?? null);
        }
        if (SITE !== undefined) await tx.update(orders).set({ site: SITE, updatedAt: new Date() }).where(eq(orders.id, id));
        const after = await findOrder(tx, id, req.user);
        await audit(tx, req.user, 'update', 'orders', id, diff(before as unknown as Record<string, unknown>, (after ?? {}) as Record<string, unknown>));
      });
      return ok((await findOrder(app.db, id, req.user))!);
    },
  );

  app.delete(
    '/orders/:id',
    {
      config: { action: 'orders:delete', ...CLIENT_OWNED },
      schema: {
        tags,
        summary: 'Supprimer (statut Nouveau ou Traité et refusé seulement)',
        params: idParams,
        response: { 200: okReply(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => {
      const { id } = req.params;
      await app.db.transaction(async (tx) => {
        const [locked] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update');
        const before = locked ? await findOrder(tx, id, req.user) : null;
        if (!before) throw notFound();
        if (!ORDER_DELETABLE_STATUSES.includes(before.STATUS)) throw new AppError(409, ORDER_MSG.notDeletable);
        await tx.delete(orders).where(eq(orders.id, id));
        await audit(tx, req.user, 'delete', 'orders', id, before);
      });
      return ok({ id });
    },
  );

  app.get(
    '/orders/:id/items',
    {
      config: { action: 'orders:read', ...CLIENT_OWNED },
      schema: { tags, summary: 'Produits commandés (50 par page)', params: idParams, querystring: itemsQuery, response: { 200: listReply(itemReply) } },
    },
    async (req) => {
      const { id } = req.params;
      const { page, perPage } = req.query;
      if (!(await findOrder(app.db, id, req.user))) throw notFound();
      const where = eq(orderItems.orderId, id);
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select({
            id: orderItems.id,
            productId: orderItems.productId,
            ref: products.ref,
            label: products.label,
            labelAr: products.labelAr,
            points: orderItems.unitPoints,
            qte: orderItems.qte,
            price: orderItems.unitPriceTtc,
          })
          .from(orderItems)
          .innerJoin(products, eq(products.id, orderItems.productId))
          .where(where)
          .orderBy(asc(orderItems.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        app.db.select({ n: count() }).from(orderItems).where(where),
      ]);
      const images = await firstImages(
        app.db,
        rows.map((r) => r.productId),
      );
      const items = rows.map((r) => ({
        id: r.id,
        PRODUCT_ID: r.productId,
        PRODUCT: { REF: r.ref, LABEL: r.label, LABEL_AR: r.labelAr, MEDIA: images.get(r.productId) ?? null },
        PRODUCT_POINTS: r.points,
        QTE_ORDERED: r.qte,
        UNIT_PRICE_TTC: Number(r.price),
      }));
      return paged(items, Number(n), page, perPage);
    },
  );

  app.get(
    '/getAskOrders',
    {
      config: { action: 'orders:read', ...CLIENT_OWNED },
      schema: {
        tags,
        summary: 'Cloche des commandes : nombre de commandes « Nouveau » et les plus récentes',
        response: { 200: okReply(z.object({ count: z.number().int(), items: z.array(bellItem) })) },
      },
    },
    async (req) => {
      const { n, rows } = await waitingOrders(app.db, req.user!);
      return ok({
        count: Number(n),
        items: rows.map((r) => ({
          id: r.id,
          NUM_ORDER: r.num,
          // The ordering user when known, else the client.
          USER: [r.first, r.last].filter(Boolean).join(' ') || r.client,
          CODE_CLIENT: r.code,
          TOTAL: Number(r.total),
          DATE: new Date(r.at).toISOString(),
        })),
      });
    },
  );
}

/** The first image of each product, for the items table. */
async function firstImages(db: Db, productIds: number[]) {
  const lists = await mediaListFor(db, 'products', [...new Set(productIds)], 'images');
  return new Map([...lists].map(([id, files]) => [id, files[0]]));
}
