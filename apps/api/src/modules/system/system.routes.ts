import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ok } from '../../lib/http';
import { firstFailingCheck } from '../../lib/readiness';
import { okReply } from '../../lib/replies';
import { roles } from '../../lib/auth/accounts.table';

export async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'État du serveur et de la base',
        security: [],
        response: { 200: okReply(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })) },
      },
    },
    async () => {
      try {
        await app.dbHandle.ping();
      } catch {
        throw new AppError(503, 'Base de données injoignable');
      }
      return ok({ status: 'ok', database: app.dbHandle.kind });
    },
  );

  app.get(
    '/ready',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Nœud prêt à recevoir du trafic',
        description:
          'Sonde de disponibilité pour un répartiteur de charge : la base (select 1, délai court) puis chaque vérification enregistrée (stockage…). 503 nommant la première qui échoue. /health reste la sonde de vie.',
        security: [],
        response: { 200: okReply(z.object({ status: z.literal('ready') })) },
      },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const failed = await firstFailingCheck([{ name: 'base de données', check: () => app.dbHandle.ping() }, ...app.readinessChecks]);
      if (failed) throw new AppError(503, `Non prêt : ${failed} injoignable`);
      return ok({ status: 'ready' as const });
    },
  );

  app.get(
    '/roles',
    {
      config: { action: 'roles:read' },
      schema: { tags: ['users'], summary: 'Liste des rôles', response: { 200: okReply(z.array(z.object({ id: z.number(), LABEL: z.string() }))) } },
    },
    async () => {
      const rows = await app.db.select().from(roles).orderBy(roles.label);
      return ok(rows.map((r) => ({ id: r.id, LABEL: r.label })));
    },
  );
}
