import { SEGMENTATION_PAGE_SIZE, segmentationClientsQuery, segmentationFiguresQuery, segmentationQuery, todayInTunis } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, paged } from '../../lib/http';
import { listReply, okReply } from '../../lib/replies';
import { clientsInRange, countByActivity, figuresInRange } from './segmentation.queries';

/** Last year in Africa/Tunis: the year the slider's live figures read by default. */
const lastYearInTunis = () => Number(todayInTunis().slice(0, 4)) - 1;

const activityCount = z.object({ ACTIVITE_ID: z.number().int().nullable(), ACTIVITE_NAME: z.string().nullable(), COUNT: z.number().int() });
const summaryReply = okReply(z.object({ min: z.string(), max: z.string(), total: z.number().int(), byActivity: z.array(activityCount) }));
const segmentedClient = z.object({
  id: z.number().int(),
  CODE_CLIENT: z.string(),
  NAME: z.string(),
  ACTIVITE_ID: z.number().int().nullable(),
  ACTIVITE_NAME: z.string().nullable(),
  CA_N_1: z.string(),
});

/**
 * Segmentation of the rebate screens: clients whose previous-year
 * turnover (CA_N_1) lies in [min, max] dinars, counted by activity, and listed page by page. Read
 * only, for who may read the tiers (admin). min > max is a 422 on `max`.
 */
export async function segmentationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { action: 'ristournes:read' as const };
  const tags = ['ristournes'];

  app.get(
    '/ristournes/segmentation',
    {
      config,
      schema: {
        tags,
        summary: 'Nombre de clients dont le CA N-1 est dans [min, max] DT, par activité',
        querystring: segmentationQuery,
        response: { 200: summaryReply },
      },
    },
    async (req) => {
      const { min, max } = req.query;
      const byActivity = await countByActivity(app.db, min, max);
      return ok({ min, max, total: byActivity.reduce((sum, a) => sum + a.COUNT, 0), byActivity });
    },
  );

  app.get(
    '/ristournes/segmentation/figures',
    {
      config,
      schema: {
        tags,
        summary:
          "Nombre de clients et chiffre d'affaires dans [min, max] DT, au sens de la génération (commandes validées ou facturées de l'année, l'an dernier par défaut)",
        querystring: segmentationFiguresQuery,
        response: { 200: okReply(z.object({ YEAR: z.number().int(), min: z.string(), max: z.string(), CLIENTS: z.number().int(), TURNOVER: z.string() })) },
      },
    },
    async (req) => ok(await figuresInRange(app.db, req.query.year ?? lastYearInTunis(), req.query.min, req.query.max)),
  );

  app.get(
    '/ristournes/segmentation/clients',
    {
      config,
      schema: {
        tags,
        summary: `Clients dont le CA N-1 est dans [min, max] DT, du plus fort au plus faible (paginé, ${SEGMENTATION_PAGE_SIZE} par défaut)`,
        querystring: segmentationClientsQuery,
        response: { 200: listReply(segmentedClient) },
      },
    },
    async (req) => {
      const { min, max, page, perPage } = req.query;
      const { rows, total } = await clientsInRange(app.db, min, max, page, perPage);
      return paged(rows, total, page, perPage);
    },
  );
}
