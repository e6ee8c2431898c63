import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDateTime, SYNC_DEFS, SYNC_KINDS, SYNC_RESULTS, SYNC_RUNS_PAGE_SIZE, type SyncResult, queryInteger } from '@app/domain';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../lib/crud/schemas';
import { contentDisposition, EXPORT_CONTENT_TYPES, sendExport } from '../../lib/exports';
import { AppError, notFound, ok, paged } from '../../lib/http';
import { fileReply, listReply, okReply } from '../../lib/replies';
import { runDto, runReply } from './sync.dto';
import { syncRuns } from './sync.table';

/** docs/sync-samples, from src (tsx, tests) as from the bundled dist (npm start). */
const samplesDir = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'docs', 'sync-samples'))) return path.join(dir, 'docs', 'sync-samples');
    const up = path.dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
})();

const listQuery = z.object({
  kind: z.enum(SYNC_KINDS).optional(),
  page: queryInteger({ min: 1 }).optional(),
  perPage: queryInteger({ min: 1, max: 200 }).optional(),
});

/** The run history under the buttons, one run's report and progress, its CSV, the sample files. */
export async function historyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['sync'];
  const config = { action: 'sync:run' as const };
  const where = (kind?: string): SQL | undefined => (kind ? eq(syncRuns.kind, kind) : undefined);
  /** Runs with their progress, as last written by whichever node runs them (lib/jobs). */
  const withProgress = async (rows: (typeof syncRuns.$inferSelect)[]) => {
    const progress = await app.jobs.progress(rows.flatMap((r) => (r.result === 'running' && r.jobId ? [r.jobId] : [])));
    return rows.map((r) => runDto(r, (r.jobId && progress.get(r.jobId)) || null));
  };

  app.get(
    '/sync/runs',
    {
      config,
      schema: {
        tags,
        summary: 'Historique des synchronisations, les plus récentes d’abord (page de 20)',
        querystring: listQuery,
        response: { 200: listReply(runReply) },
      },
    },
    async (req) => {
      const page = req.query.page ?? 1;
      const perPage = req.query.perPage ?? SYNC_RUNS_PAGE_SIZE;
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select()
          .from(syncRuns)
          .where(where(req.query.kind))
          .orderBy(desc(syncRuns.startedAt), desc(syncRuns.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        app.db.select({ n: count() }).from(syncRuns).where(where(req.query.kind)),
      ]);
      return paged(await withProgress(rows), Number(n), page, perPage);
    },
  );

  app.get(
    '/sync/latest',
    { config, schema: { tags, summary: 'La dernière synchronisation de chaque sorte (sous ses boutons)', response: { 200: okReply(z.array(runReply)) } } },
    async () => {
      const rows = await app.db.selectDistinctOn([syncRuns.kind]).from(syncRuns).orderBy(syncRuns.kind, desc(syncRuns.startedAt), desc(syncRuns.id));
      return ok(await withProgress(rows));
    },
  );

  app.get(
    '/sync/runs/:id',
    { config, schema: { tags, summary: 'Une synchronisation : avancement, puis son rapport', params: idParams, response: { 200: okReply(runReply) } } },
    async (req) => {
      const [row] = await app.db.select().from(syncRuns).where(eq(syncRuns.id, req.params.id));
      if (!row) throw notFound();
      return ok((await withProgress([row]))[0]);
    },
  );

  app.get(
    '/sync/runs/export/csv',
    {
      config,
      schema: {
        tags,
        summary: 'Historique des synchronisations en CSV',
        querystring: listQuery.pick({ kind: true }),
        response: { 200: fileReply({ csv: EXPORT_CONTENT_TYPES.csv }) },
      },
    },
    async (req, reply) => {
      async function* rows() {
        // Pages of 1,000 by (started_at, id): the history never sits whole in memory.
        let offset = 0;
        for (;;) {
          const page = await app.db
            .select()
            .from(syncRuns)
            .where(and(where(req.query.kind)))
            .orderBy(desc(syncRuns.startedAt), desc(syncRuns.id))
            .limit(1000)
            .offset(offset);
          yield* page;
          if (page.length < 1000) return;
          offset += 1000;
        }
      }
      return sendExport(reply as FastifyReply, {
        format: 'csv',
        fileName: 'synchronisations',
        title: 'Synchronisations',
        orientation: 'landscape',
        rows: rows(),
        columns: [
          { header: 'Synchronisation', value: (r) => SYNC_DEFS[r.kind as keyof typeof SYNC_DEFS]?.title ?? r.kind },
          { header: 'Vérification', value: (r) => (r.dryRun ? 'Oui' : 'Non') },
          { header: 'Résultat', value: (r) => SYNC_RESULTS[r.result as SyncResult] ?? r.result },
          { header: 'Par', value: (r) => r.userEmail },
          { header: 'Le', value: (r) => formatDateTime(r.startedAt) },
          { header: 'Fichier', value: (r) => r.fileName },
          { header: 'SHA-256', value: (r) => r.sha256 },
          { header: 'Durée (ms)', value: (r) => r.durationMs },
          { header: 'Lignes', value: (r) => r.total },
          { header: 'Ajoutées', value: (r) => r.inserted },
          { header: 'Modifiées', value: (r) => r.updated },
          { header: 'Inchangées', value: (r) => r.unchanged },
          { header: 'Refusées', value: (r) => r.rejected },
          { header: 'Message', value: (r) => r.message },
        ],
      });
    },
  );

  app.get(
    '/sync/files',
    {
      config,
      schema: {
        tags,
        summary: 'Les fichiers attendus dans le dossier de synchronisation (SYNC_DIR : dossier ou préfixe du bucket) : présents ou non, taille, date',
        response: {
          200: okReply(
            z.array(
              z.object({ KIND: z.enum(SYNC_KINDS), FILE: z.string(), PRESENT: z.boolean(), SIZE: z.number().nullable(), MODIFIED_AT: z.string().nullable() }),
            ),
          ),
        },
      },
    },
    async () =>
      ok(
        await Promise.all(
          SYNC_KINDS.map(async (kind) => {
            const file = SYNC_DEFS[kind].file;
            // The images are a folder: present with a file in it, dated by its newest file, no size.
            if (file.endsWith('/')) {
              const images = await app.storage.syncDrop.list(file);
              const newest = images.reduce<Date | null>((d, o) => (!d || o.lastModified > d ? o.lastModified : d), null);
              return { KIND: kind, FILE: file, PRESENT: images.length > 0, SIZE: null, MODIFIED_AT: newest?.toISOString() ?? null };
            }
            const s = await app.storage.syncDrop.head(file);
            return { KIND: kind, FILE: file, PRESENT: !!s, SIZE: s?.size ?? null, MODIFIED_AT: s?.lastModified.toISOString() ?? null };
          }),
        ),
      ),
  );

  app.get(
    '/sync/samples/:kind',
    {
      config,
      schema: {
        tags,
        summary: 'Fichier exemple d’une synchronisation (CSV ; une image pour les images)',
        params: z.object({ kind: z.enum(SYNC_KINDS) }),
        response: { 200: fileReply({ csv: EXPORT_CONTENT_TYPES.csv, png: 'image/png' }) },
      },
    },
    async (req, reply) => {
      const name = req.params.kind === 'images' ? 'images/DEMO-LAIT-1L.png' : SYNC_DEFS[req.params.kind].file;
      const file = samplesDir && path.join(samplesDir, name);
      if (!file || !existsSync(file)) throw new AppError(404, 'Fichier exemple introuvable');
      const ext = req.params.kind === 'images' ? 'png' : 'csv';
      reply
        .header('Content-Type', ext === 'png' ? 'image/png' : EXPORT_CONTENT_TYPES.csv)
        .header('Content-Disposition', contentDisposition(path.basename(name, `.${ext}`), ext));
      return (reply as FastifyReply).send(await readFile(file));
    },
  );
}
