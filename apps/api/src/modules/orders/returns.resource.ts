import { formatDateTime, type GoodsReturn, MSG, returnsMeta } from '@app/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { fkIn, idIn } from '../../lib/crud/list-query';
import { z } from 'zod';
import { dateTimeField } from '../../lib/crud/fields';
import { defineResource } from '../../lib/crud/resource';
import { mediaReply } from '../../lib/replies';
import { products } from '../catalogue';
import { ownedByClient } from '../../lib/clients/client-ownership';
import { clients } from '../../lib/clients/clients.table';
import { mediaListFor } from '../../lib/media/media.service';
import { orderItems, orders } from './orders.table';
import { goodsReturnItems as items, goodsReturnPointSources as sources, goodsReturns as r } from './returns.table';

const itemSchema = z.object({
  id: z.number().int(),
  PRODUCT_ID: z.number().int(),
  PRODUCT_REF: z.string(),
  PRODUCT_NAME: z.string(),
  PRODUCT_PRICE: z.number(),
  PRODUCT_POINTS: z.number().int(),
  QTE: z.number().int(),
  UV: z.string().nullable(),
  MEDIA: mediaReply.nullable(),
  /** The points this line takes back: Σ QTE × POINTS of its RATES. */
  POINTS: z.number().int(),
  /**
   * How its units were valued (returns.sources.ts): so many units at the points an order line credited
   * (NUM_ORDER), or, CREDITED false, beyond everything ever credited, at the product's points of the day.
   */
  RATES: z.array(z.object({ QTE: z.number().int(), POINTS: z.number().int(), CREDITED: z.boolean(), NUM_ORDER: z.string().nullable() })),
});

/** A return hangs on a client. Zone chiefs have no returns action today; the rule holds if one is ever given. */
export const returnOwner = ownedByClient(r.clientId);

/**
 * Returned goods: list, read and export here; the create (with its
 * lines and its number, in one transaction), the line update and the delete in returns.routes.ts.
 */
export const returnsResource = defineResource<GoodsReturn>()({
  meta: returnsMeta,
  tag: 'returns',
  listOnly: true,
  actions: { read: 'returns:read', write: 'returns:write' },
  table: r,
  idColumn: r.id,
  body: z.object({}),
  joins: [{ table: clients, on: eq(clients.id, r.clientId) }],
  scope: returnOwner.scope,
  fields: [
    { api: 'NUM_RETOUR', column: r.numRetour, search: true, sort: true, export: { width: 1.2 } },
    {
      api: 'CLIENT_NAME',
      column: clients.name,
      search: (p) => fkIn(r.clientId, sql`select id from clients where name ilike ${p} or code_client ilike ${p}`),
      sort: 'text',
      export: { width: 2 },
    },
    { api: 'CODE_CLIENT', column: clients.code, sort: 'text', export: { width: 1 } },
    {
      api: 'CREATED_AT',
      column: r.createdAt,
      ...dateTimeField,
      sort: true,
      export: { width: 1.3, format: (v) => formatDateTime(v as string).replace(' à ', ' ') },
    },
    { api: 'ADDRESS', column: r.address, sort: 'text', export: { width: 2.5 } },
    { api: 'CLIENT_ID', column: r.clientId },
    { api: 'POINTS_OWED', column: r.pointsOwed },
    { api: 'POINTS_DEBITED', column: r.pointsDebited },
    {
      api: 'ITEMS',
      schema: z.array(itemSchema),
      read: (v) => v ?? [],
      load: async (db, ids) => {
        const rows = await db
          .select({
            returnId: items.returnId,
            id: items.id,
            PRODUCT_ID: items.productId,
            PRODUCT_REF: products.ref,
            PRODUCT_NAME: products.label,
            price: items.productPrice,
            PRODUCT_POINTS: items.productPoints,
            QTE: items.qte,
            UV: items.uv,
          })
          .from(items)
          .innerJoin(products, eq(products.id, items.productId))
          .where(idIn(items.returnId, ids))
          .orderBy(asc(items.id));
        const images = await mediaListFor(db, 'products', [...new Set(rows.map((x) => x.PRODUCT_ID))], 'images');
        const rates = new Map<number, { QTE: number; POINTS: number; CREDITED: boolean; NUM_ORDER: string | null }[]>();
        if (rows.length) {
          const taken = await db
            .select({ itemId: sources.returnItemId, QTE: sources.qte, POINTS: sources.unitPoints, CREDITED: sources.credited, NUM_ORDER: orders.numOrder })
            .from(sources)
            .innerJoin(items, eq(items.id, sources.returnItemId))
            .leftJoin(orderItems, eq(orderItems.id, sources.orderItemId))
            .leftJoin(orders, eq(orders.id, orderItems.orderId))
            .where(idIn(items.returnId, ids))
            .orderBy(asc(sources.id));
          for (const { itemId, ...rate } of taken) rates.set(itemId, [...(rates.get(itemId) ?? []), rate]);
        }
        const out = new Map<number, unknown[]>();
        for (const { returnId, price, ...line } of rows) {
          const lineRates = rates.get(line.id) ?? [];
          const POINTS = lineRates.reduce((sum, rate) => sum + rate.QTE * rate.POINTS, 0);
          out.set(returnId, [
            ...(out.get(returnId) ?? []),
            { ...line, PRODUCT_PRICE: Number(price), MEDIA: images.get(line.PRODUCT_ID)?.[0] ?? null, POINTS, RATES: lineRates },
          ]);
        }
        return out;
      },
    },
  ],
  inUseMessage: MSG.inUse('ce retour est encore utilisé'),
});
