import { generationYear, RISTOURNE_MSG } from '@app/domain';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound, ok } from '../../lib/http';
import { JobBusyError } from '../../lib/jobs/engine';
import { okReply } from '../../lib/replies';
import { alreadyGenerated, type GenerationResult, generateRebates, generationRefusal } from './rebate-generation';
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

/**
 * The yearly rebate vouchers (spec 2 "Generate vouchers", §7; issue 8 §4): LANCER queues a job on
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
      schema: { tags, summary: "Lancer la génération des vouchers de ristourne d'une année (tâche de fond ; 202 avec son id)", params: z.object({ year: generationYear() }), response: { 202: jobReply, 200: jobReply } },
    },
    async (req, reply) => {
      const { year } = req.params;
      if (await alreadyGenerated(app.db, year)) {
        return ok({ id: '', state: 'completed', progress: null, result: { year, vouchers: 0, total: '0.000', already: true }, error: null, message: RISTOURNE_MSG.alreadyGenerated(year) });
      }
      const refusal = await generationRefusal(app.db, year);
      if (refusal) throw new AppError(422, refusal, { year: [refusal] });
      // One generation of a year queued or running at a time, whichever node was asked (lib/jobs).
      const id = await app.jobs.send(KIND, { year, userId: req.user?.id ?? null, email: req.user?.email ?? null }, { lockKey: `${KIND}-${year}` }).catch((err) => {
        throw err instanceof JobBusyError ? new AppError(409, RISTOURNE_MSG.running(year)) : err;
      });
      reply.code(202);
      return ok(await describe(id));
    },
  );

  app.get('/clients/calculateRistourne/jobs/:id', { config, schema: { tags, summary: "État d'une génération : étape, avancement, résultat", params: z.object({ id: z.string().uuid() }), response: { 200: jobReply } } }, async (req) => ok(await describe(req.params.id)));

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
