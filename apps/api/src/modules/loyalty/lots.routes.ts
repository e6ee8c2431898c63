import { formatDate, formatDateTime, listQuery, POINTS_LOTS_PAGE_SIZE, type PointsLot } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../lib/crud/schemas';
import { EXPORT_CONTENT_TYPES, type ExportColumn, sendExport } from '../../lib/exports';
import { notFound, paged } from '../../lib/http';
import { fileReply, pageMeta } from '../../lib/replies';
import type { CurrentUser } from '../../lib/auth/current-user';
import { CLIENT_OWNED, ownClients } from '../../lib/clients/client-ownership';
import { clients } from '../../lib/clients/clients.table';
import { allOpenLots, openLots, openLotsTotal } from './points.lots';

const lotItem = z.object({
  id: z.number().int(),
  CREATED_AT: z.string(),
  SOURCE: z.string().nullable(),
  ORIGIN: z.string(),
  REASON: z.string().nullable(),
  AMOUNT: z.number().int(),
  REMAINING: z.number().int(),
  LAST_DAY: z
    .string()
    .nullable()
    .meta({ description: 'Dernier jour (YYYY-MM-DD, heure de Tunis) où ces points peuvent être utilisés ; null : sans expiration' }),
});
const lotsReply = z.object({
  success: z.literal(true),
  data: z.array(lotItem),
  meta: pageMeta.extend({ points: z.number().int().meta({ description: 'Ce que tous les lots ouverts du client contiennent : son solde' }) }),
});
const columns: ExportColumn<PointsLot>[] = [
  { header: 'Crédité le', value: (l) => formatDateTime(l.CREATED_AT), width: 1.3 },
  { header: 'Origine', value: (l) => l.ORIGIN, width: 1.4 },
  { header: 'Motif', value: (l) => l.REASON ?? '', width: 2.2 },
  { header: 'Points crédités', value: (l) => l.AMOUNT },
  { header: 'Restants', value: (l) => l.REMAINING },
  { header: 'Expire après le', value: (l) => (l.LAST_DAY ? formatDate(l.LAST_DAY) : 'Sans expiration'), width: 1.2 },
];

/**
 * A client's open points lots (« Échéances des points »): what expires when, the next expiries first,
 * zone-scoped like the client. Their remaining amounts add up to the balance (`meta.points`).
 */
export async function lotsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['points'];
  const read = { action: 'points:read' as const, ...CLIENT_OWNED };
  const reachable = async (id: number, user: CurrentUser) => {
    const [client] = await app.db
      .select({ id: clients.id, code: clients.code })
      .from(clients)
      .where(and(eq(clients.id, id), ownClients(user)));
    if (!client) throw notFound();
    return client;
  };

  app.get(
    '/clients/:id/lots',
    {
      config: read,
      schema: {
        tags,
        summary: 'Lots de points ouverts du client : crédité le, origine, montant, restant, expiration (les prochaines échéances d’abord)',
        params: idParams,
        querystring: listQuery.pick({ page: true, perPage: true }),
        response: { 200: lotsReply },
      },
    },
    async (req) => {
      const { page = 1, perPage = POINTS_LOTS_PAGE_SIZE } = req.query;
      const client = await reachable(req.params.id, req.user!);
      const [rows, total] = await Promise.all([
        openLots(app.db, client.id, { limit: perPage, offset: (page - 1) * perPage }),
        openLotsTotal(app.db, client.id),
      ]);
      const reply = paged(rows, total.lots, page, perPage);
      return { ...reply, meta: { ...reply.meta, points: total.points } };
    },
  );

  app.get(
    '/clients/:id/lots/export/:format',
    {
      config: read,
      schema: {
        tags,
        summary: 'Export des lots de points ouverts du client (CSV, XLSX, PDF)',
        params: idParams.extend({ format: z.enum(['csv', 'xlsx', 'pdf']) }),
        response: { 200: fileReply(EXPORT_CONTENT_TYPES) },
      },
    },
    async (req, reply) => {
      const client = await reachable(req.params.id, req.user!);
      return sendExport(reply as FastifyReply, {
        format: req.params.format,
        fileName: `lots_points_${client.code}`,
        title: `Échéances des points — ${client.code}`,
        orientation: 'landscape',
        columns,
        rows: allOpenLots(app.db, client.id),
      });
    },
  );
}
