import { appOrderBody, appOrdersQuery } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../lib/crud/schemas';
import { notFound, ok, paged } from '../../lib/http';
import { listReply, okReply } from '../../lib/replies';
import { clientOrder, clientOrdersPage, placeAppOrder } from './app-orders.service';

const status = {
  STATUS: z.number().int().meta({ description: '0 Nouveau, 1 Traitement en cours, 2 Traité et accepté, 3 Traité et refusé, 4 Facturé' }),
  STATUS_LABEL: z.string(),
};
const appOrder = z.object({
  ID: z.number().int(),
  NUM_ORDER: z.string(),
  CREATED_AT: z.string(),
  ...status,
  ADDRESS: z.string().nullable(),
  TOTAL_NET_TTC: z.number().meta({ description: 'Dinars TTC, exact au millime' }),
  TOTAL_POINTS: z.number().int(),
});
const appOrderLine = z.object({
  PRODUCT_ID: z.number().int(),
  REF: z.string(),
  LABEL: z.string(),
  LABEL_AR: z.string().nullable(),
  IMAGE: z.string().nullable(),
  QTE: z.number().int(),
  UNIT_PRICE_TTC: z.number().meta({ description: 'Prix TTC unitaire pris à la commande' }),
  UNIT_POINTS: z.number().int(),
});
const appOrderDetail = appOrder.extend({ ITEMS: z.array(appOrderLine) }).meta({
  example: {
    ID: 2051,
    NUM_ORDER: 'CMD-2026-00412',
    CREATED_AT: '2026-11-27T09:12:00.000Z',
    STATUS: 0,
    STATUS_LABEL: 'Nouveau',
    ADDRESS: '12 rue de Marseille, Tunis',
    TOTAL_NET_TTC: 23.296,
    TOTAL_POINTS: 24,
    ITEMS: [{ PRODUCT_ID: 12, REF: 'HUI-0003', LABEL: 'Huile de tournesol 1 L', LABEL_AR: null, IMAGE: null, QTE: 4, UNIT_PRICE_TTC: 5.824, UNIT_POINTS: 6 }],
  },
});

/**
 * The app's orders: an order is placed with product ids and quantities only (the
 * server prices it), under a required Idempotency-Key so a retried request never orders twice; the
 * client reads its own orders.
 */
export async function appOrdersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/orders',
    {
      config: { idempotent: 'required' },
      schema: {
        summary: 'Passer une commande (statut Nouveau) : produits et quantités, prix et points calculés par le serveur ; en-tête Idempotency-Key obligatoire',
        body: appOrderBody,
        response: { 201: okReply(appOrderDetail) },
      },
    },
    async (req, reply) => {
      const user = req.appUser!;
      const id = await placeAppOrder(app.db, user, req.body);
      reply.code(201);
      return ok((await clientOrder(app.db, user.clientId, id))!);
    },
  );

  app.get(
    '/orders',
    {
      schema: {
        summary: 'Les commandes du client, les plus récentes d’abord ; paginé',
        querystring: appOrdersQuery,
        response: {
          200: listReply(
            appOrder.meta({
              example: {
                ID: 2051,
                NUM_ORDER: 'CMD-2026-00412',
                CREATED_AT: '2026-11-27T09:12:00.000Z',
                STATUS: 0,
                STATUS_LABEL: 'Nouveau',
                ADDRESS: '12 rue de Marseille, Tunis',
                TOTAL_NET_TTC: 23.296,
                TOTAL_POINTS: 24,
              },
            }),
          ),
        },
      },
    },
    async (req) => {
      const { page, perPage } = req.query;
      const { rows, total } = await clientOrdersPage(app.db, req.appUser!.clientId, page, perPage);
      return paged(rows, total, page, perPage);
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        summary: 'Une commande du client avec ses produits (404 pour la commande d’un autre client)',
        params: idParams,
        response: { 200: okReply(appOrderDetail) },
      },
    },
    async (req) => {
      const order = await clientOrder(app.db, req.appUser!.clientId, req.params.id);
      if (!order) throw notFound();
      return ok(order);
    },
  );
}
