import {
  formatMoney,
  formatPercent,
  generationYear,
  RISTOURNE_MSG,
  SIMULATION_LABELS as L,
  type SimulatedVoucher,
  simulationClientsQuery,
  simulationExportQuery,
} from '@app/domain';
import type { FastifyReply } from 'fastify';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_CONTENT_TYPES, type ExportColumn, sendExport } from '../../lib/exports';
import { AppError, notFound, ok, paged } from '../../lib/http';
import { JobBusyError } from '../../lib/jobs/engine';
import { fileReply, listReply, okReply } from '../../lib/replies';
import { alreadyGenerated, type GenerationResult, generateRebates, generationRefusal } from './rebate-generation';
import { simulatedVouchersAll, simulatedVouchersPage, simulateRebates } from './rebate-simulation';
import { ristourneRuns } from './vouchers.table';

const KIND = 'ristourne-generation';
const jobReply = okReply(
  z.object({
    id: z.string(),
    state: z.string(),
    progress: z.object({ done: z.number(), total: z.number(), step: z.string() }).nullable(),
    result: z.object({ year: z.number(), vouchers: z.number(), total: z.string(), already: z.boolean() }).nullable(),
    error: z.string().nullable(),
    message: z.string().nullable(),
  }),
);

const money = z.string();
const simulationReply = okReply(
  z.object({
    YEAR: z.number().int(),
    ALREADY: z.boolean(),
    REFUSAL: z.string().nullable(),
    VOUCHERS: z.number().int(),
    TURNOVER: money,
    TOTAL: money,
    PREV_YEAR: z.number().int(),
    PREV_VOUCHERS: z.number().int(),
    PREV_TOTAL: money,
    tiers: z.array(
      z.object({
        id: z.number().int(),
        NUM_RISTOURNE: z.number().int(),
        NAME: z.string(),
        ACTIVITE_NAME: z.string().nullable(),
        VAL_MIN: money,
        VAL_MAX: money,
        PERCENTAGE: money,
        CLIENTS: z.number().int(),
        TURNOVER: money,
        TOTAL: money,
      }),
    ),
    byNumber: z.array(
      z.object({ NUM_RISTOURNE: z.number().int().nullable(), VOUCHERS: z.number().int(), TOTAL: money, PREV_VOUCHERS: z.number().int(), PREV_TOTAL: money }),
    ),
  }),
);
const simulatedVoucher = z.object({
  id: z.number().int(),
  CODE_CLIENT: z.string(),
  NAME: z.string(),
  ACTIVITE_NAME: z.string().nullable(),
  TURNOVER: money,
  NUM_RISTOURNE: z.number().int(),
  TIER: z.string(),
  PERCENTAGE: money,
  AMOUNT: money,
});
const SIMULATION_EXPORTS = { csv: EXPORT_CONTENT_TYPES.csv, xlsx: EXPORT_CONTENT_TYPES.xlsx };
const simulationColumns: ExportColumn<SimulatedVoucher>[] = [
  { header: L.CODE_CLIENT, value: (r) => r.CODE_CLIENT },
  { header: L.NAME, value: (r) => r.NAME, width: 2 },
  { header: L.ACTIVITE_NAME, value: (r) => r.ACTIVITE_NAME ?? '' },
  { header: L.TURNOVER, value: (r) => formatMoney(r.TURNOVER), width: 1.3 },
  { header: L.TIER, value: (r) => r.TIER },
  { header: L.PERCENTAGE, value: (r) => formatPercent(r.PERCENTAGE) },
  { header: L.AMOUNT, value: (r) => formatMoney(r.AMOUNT), width: 1.2 },
];

/**
 * The yearly rebate vouchers: LANCER queues a job on
 * the job engine and answers at once with its id; the screen follows its progress until the
 * spec's message. One generation per year at a time.
 */
export async function rebateGenerationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['ristournes'];
  const config = { action: 'ristournes:generate' as const };
  app.jobs.define<{ year: number; userId: number | null; email: string | null }>(KIND, async ({ year, userId, email }, progress) =>
    app.db.transaction((tx) => generateRebates(tx, userId ? { id: userId, email: email ?? '' } : null, year, progress)),
  );

  const describe = async (id: string) => {
    const s = await app.jobs.status(KIND, id);
    if (!s) throw notFound();
    const result = s.result as GenerationResult | null;
    const message = result ? (result.already ? RISTOURNE_MSG.alreadyGenerated(result.year) : RISTOURNE_MSG.generated) : s.error;
    return { ...s, result, message };
  };

  app.get(
    '/clients/calculateRistourne/:year',
    {
      // The spec launches with a GET; a HEAD, which a proxy or a link checker may send, must not launch.
      exposeHeadRoute: false,
      config: { ...config, idempotent: true },
      schema: {
        tags,
        summary: "Lancer la génération des vouchers de ristourne d'une année (tâche de fond ; 202 avec son id)",
        params: z.object({ year: generationYear() }),
        response: { 202: jobReply, 200: jobReply },
      },
    },
    async (req, reply) => {
      const { year } = req.params;
      if (await alreadyGenerated(app.db, year)) {
        return ok({
          id: '',
          state: 'completed',
          progress: null,
          result: { year, vouchers: 0, total: '0.000', already: true },
          error: null,
          message: RISTOURNE_MSG.alreadyGenerated(year),
        });
      }
      const refusal = await generationRefusal(app.db, year);
      if (refusal) throw new AppError(422, refusal, { year: [refusal] });
      // One generation of a year queued or running at a time, whichever node was asked (lib/jobs).
      const id = await app.jobs
        .send(KIND, { year, userId: req.user?.id ?? null, email: req.user?.email ?? null }, { lockKey: `${KIND}-${year}` })
        .catch((err) => {
          throw err instanceof JobBusyError ? new AppError(409, RISTOURNE_MSG.running(year)) : err;
        });
      reply.code(202);
      return ok(await describe(id));
    },
  );

  // « Simuler »: what LANCER would issue, from the same definition, writing nothing;
  // the same role rule as the generation.
  const yearParams = z.object({ year: generationYear() });
  app.get(
    '/ristournes/simulation/:year',
    {
      config,
      schema: {
        tags,
        summary: "Simuler les vouchers de ristourne d'une année : par palier, total, écart avec l'année précédente (rien n'est écrit)",
        params: yearParams,
        response: { 200: simulationReply },
      },
    },
    async (req) => ok(await simulateRebates(app.db, req.params.year)),
  );
  app.get(
    '/ristournes/simulation/:year/clients',
    {
      config,
      schema: {
        tags,
        summary: 'Les vouchers simulés, client par client (paginé, recherche code ou nom, tri)',
        params: yearParams,
        querystring: simulationClientsQuery,
        response: { 200: listReply(simulatedVoucher) },
      },
    },
    async (req) => {
      const { rows, total } = await simulatedVouchersPage(app.db, req.params.year, req.query);
      return paged(rows, total, req.query.page, req.query.perPage);
    },
  );
  app.get(
    '/ristournes/simulation/:year/clients/export/:format',
    {
      config,
      schema: {
        tags,
        summary: 'Export des vouchers simulés (CSV, XLSX), en flux',
        params: yearParams.extend({ format: z.enum(['csv', 'xlsx']) }),
        querystring: simulationExportQuery,
        response: { 200: fileReply(SIMULATION_EXPORTS) },
      },
    },
    async (req, reply) =>
      sendExport(reply as FastifyReply, {
        format: req.params.format,
        fileName: `simulation_ristournes_${req.params.year}`,
        title: `Simulation des ristournes ${req.params.year}`,
        orientation: 'landscape',
        columns: simulationColumns,
        rows: simulatedVouchersAll(app.db, req.params.year, req.query),
      }),
  );

  app.get(
    '/clients/calculateRistourne/jobs/:id',
    {
      config,
      schema: {
        tags,
        summary: "État d'une génération : étape, avancement, résultat",
        params: z.object({ id: z.string().uuid() }),
        response: { 200: jobReply },
      },
    },
    async (req) => ok(await describe(req.params.id)),
  );

  app.get(
    '/ristournes/runs',
    {
      config: { action: 'ristournes:read' },
      schema: {
        tags,
        summary: 'Les années générées',
        response: { 200: okReply(z.array(z.object({ YEAR: z.number(), VOUCHERS: z.number(), TOTAL: z.number(), FINISHED_AT: z.string() }))) },
      },
    },
    async () => {
      const rows = await app.db.select().from(ristourneRuns).orderBy(desc(ristourneRuns.year));
      return ok(rows.map((r) => ({ YEAR: r.year, VOUCHERS: r.vouchers, TOTAL: Number(r.total), FINISHED_AT: r.finishedAt.toISOString() })));
    },
  );
}
