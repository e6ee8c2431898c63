import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition, EXPORT_CONTENT_TYPES } from '..';
import { AppError, notFound, ok } from '../../http';
import { fileReply } from '../../replies';
import { exportKey } from './export-jobs';
import { exportJobStatusReply } from './export-jobs.schemas';

const params = z.object({ id: z.uuid() });
const tags = ['Exports'];
/** Any signed-in staff member: a job is its owner's alone, another user's is a 404 (never a 403 that says it exists). */
const config = { action: 'self' as const };

/**
 * The background exports, started by `?job=1` on a list's export route: their state,
 * their file once written (from the shared storage: any node serves it), and their cancellation.
 * The housekeeping schedule deletes rows and files 24 h after the start.
 */
export async function exportJobsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const jobs = app.exportJobs;
  app.jobs.housekeep('export_jobs', () => jobs.purge());

  app.get(
    '/export-jobs/:id',
    {
      config,
      schema: {
        tags,
        summary: "État d'un export en tâche de fond : running, done, failed, cancelled, interrupted ; lignes écrites sur le total",
        params,
        response: { 200: exportJobStatusReply },
      },
    },
    async (req) => ok((await jobs.status(req.params.id, req.user!.id)) ?? notFoundError()),
  );

  app.get(
    '/export-jobs/:id/file',
    { config, schema: { tags, summary: "Le fichier d'un export terminé (gardé 24 h)", params, response: { 200: fileReply(EXPORT_CONTENT_TYPES) } } },
    async (req, reply) => {
      const job = await jobs.status(req.params.id, req.user!.id);
      if (!job) throw notFound();
      const file = job.state === 'done' ? await app.storage.exports.get(exportKey(job.id, job.format)) : null;
      if (!file) throw new AppError(404, "Le fichier de cet export n'est pas disponible.");
      reply.header('content-type', EXPORT_CONTENT_TYPES[job.format]);
      reply.header('content-disposition', contentDisposition(job.fileName, job.format));
      reply.header('content-length', String(file.size));
      reply.header('cache-control', 'no-store');
      return reply.send(file.body as never);
    },
  );

  app.delete(
    '/export-jobs/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Annuler un export en cours (le fichier partiel est supprimé), ou supprimer un export terminé',
        params,
        response: { 200: exportJobStatusReply },
      },
    },
    async (req) => ok((await jobs.cancel(req.params.id, req.user!.id)) ?? notFoundError()),
  );
}

const notFoundError = (): never => {
  throw notFound();
};
