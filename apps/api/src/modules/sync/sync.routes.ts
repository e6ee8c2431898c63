import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MSG, SYNC_DEFS, SYNC_KINDS, SYNC_MSG, type SyncKind } from '@app/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ok } from '../../lib/http';
import { JobBusyError } from '../../lib/jobs/engine';
import { readMultipart } from '../../lib/multipart';
import { okReply } from '../../lib/replies';
import { detectType, uploadsDir } from '../../lib/media/media.service';
import { runDto, runReply } from './sync.dto';
import { historyRoutes } from './sync.history.routes';
import { executeSync, failInterruptedRuns, failRun, finishRun } from './sync.service';
import { syncRuns } from './sync.table';

interface JobData {
  runId: number;
  kind: SyncKind;
  source: string;
  dryRun: boolean;
  userId: number | null;
  email: string | null;
  startedAt: number;
  /** An uploaded file (or folder) to remove once the run ended. */
  cleanup: string | null;
}

const jobKind = (kind: SyncKind) => `erp-sync-${kind}`;
const truthy = z
  .union([z.boolean(), z.string().max(5)])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');

/**
 * The ERP synchronisations (spec 3 §2.12, §7; issue 10 §1). GET {path} runs the kind on its file in
 * SYNC_DIR, POST {path} on an uploaded file (multipart `file`, at most 5 MB; larger files go through
 * SYNC_DIR); `dryRun` (« Vérifier ») gives the same report without applying. Each answers 202 with
 * the run at once; the run goes through the job engine, its progress and report read with
 * GET sync/runs/{id}. A second launch of a kind while one runs answers 409.
 */
export async function syncRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['sync'];
  const config = { action: 'sync:run' as const };
  const uploads = uploadsDir(app.config.dataDir);
  const incoming = path.join(app.config.dataDir, 'sync-uploads');

  for (const kind of SYNC_KINDS) {
    app.jobs.define<JobData>(
      jobKind(kind),
      async (data, progress) => {
        try {
          const outcome = await executeSync(
            app.db,
            { runId: data.runId, kind, source: data.source, dryRun: data.dryRun, user: data.userId ? { id: data.userId, email: data.email ?? '' } : null, uploads },
            progress,
          );
          await finishRun(app.db, data.runId, data.startedAt, outcome);
          return { result: outcome.result };
        } catch (err) {
          await failRun(app.db, data.runId, data.startedAt, err);
          return { result: 'failed' };
        } finally {
          if (data.cleanup) await rm(data.cleanup, { recursive: true, force: true });
        }
      },
      // A run whose node died (found by any node: lib/jobs) shows as failed; nothing of it was applied.
      { onLost: async () => void (await failInterruptedRuns(app.db)) },
    );
  }
  // Runs left « running » with no live job (a launch cut short, rows from before job_runs) show as failed.
  app.addHook('onReady', async () => {
    await failInterruptedRuns(app.db);
  });

  /**
   * One run of `kind`: its key taken first (one live run per kind, on every node: lib/jobs), then its
   * history row, naming its job, then the job queued.
   */
  const launch = async (req: FastifyRequest, reply: FastifyReply, kind: SyncKind, source: string, fileName: string, dryRun: boolean, cleanup: string | null) => {
    const startedAt = Date.now();
    let run: typeof syncRuns.$inferSelect | undefined;
    try {
      await app.jobs.send(
        jobKind(kind),
        async (jobId): Promise<JobData> => {
          [run] = await app.db
            .insert(syncRuns)
            .values({ kind, dryRun, userId: req.user?.id ?? null, userEmail: req.user?.email ?? null, fileName: fileName.slice(0, 255), jobId, startedAt: new Date(startedAt) })
            .returning();
          return { runId: run.id, kind, source, dryRun, userId: req.user?.id ?? null, email: req.user?.email ?? null, startedAt, cleanup };
        },
        { lockKey: jobKind(kind) },
      );
    } catch (err) {
      if (run) await failRun(app.db, run.id, startedAt, err);
      if (cleanup) await rm(cleanup, { recursive: true, force: true });
      if (err instanceof JobBusyError) throw new AppError(409, SYNC_MSG.running(kind));
      throw err;
    }
    reply.code(202);
    return ok(runDto(run as typeof syncRuns.$inferSelect, null));
  };

  for (const kind of SYNC_KINDS) {
    const def = SYNC_DEFS[kind];
    const what = def.label;
    app.get(
      `/${def.path}`,
      {
        config,
        schema: {
          tags,
          summary: `Synchroniser les ${what} depuis ${def.file} du dossier de synchronisation (202 : la synchronisation démarre ; dryRun=1 : Vérifier sans appliquer)`,
          querystring: z.object({ dryRun: truthy }),
          response: { 202: okReply(runReply) },
        },
      },
      async (req, reply) => {
        const source = path.join(app.config.syncDir, def.file);
        if (!existsSync(source)) throw new AppError(422, SYNC_MSG.fileMissing(def.file), { file: [SYNC_MSG.fileMissing(def.file)] });
        return launch(req, reply, kind, source, def.file, req.query.dryRun, null);
      },
    );
    app.post(
      `/${def.path}`,
      {
        config,
        schema: {
          tags,
          summary: `Synchroniser les ${what} depuis un fichier envoyé (multipart : file, ${kind === 'images' ? 'une image nommée REF.jpg' : 'un CSV'} de 5 Mo au plus ; dryRun=1 : Vérifier)`,
          consumes: ['multipart/form-data'],
          response: { 202: okReply(runReply) },
        },
      },
      async (req, reply) => {
        const form = await readMultipart(req);
        const file = form.files.find((f) => f.field === 'file') ?? form.files[0];
        if (!file) throw new AppError(422, MSG.fileRequired, { file: [MSG.required] });
        if (file.buffer.length === 0) throw new AppError(422, MSG.fileEmpty, { file: [MSG.fileEmpty] });
        const dryRun = truthy.parse((req.query as Record<string, string>).dryRun) || truthy.parse(form.fields.dryRun);
        await detectType(file.buffer, kind === 'images' ? 'image' : 'csv');
        const name = path.basename(file.fileName || (kind === 'images' ? 'image' : def.file)).replace(/[^\p{L}\p{N}._ -]/gu, '_');
        await mkdir(incoming, { recursive: true });
        const id = randomBytes(12).toString('hex');
        if (kind === 'images') {
          // The images run reads a folder: the uploaded image goes into a folder of its own.
          const dir = path.join(incoming, id);
          await mkdir(dir);
          await writeFile(path.join(dir, name), file.buffer);
          return launch(req, reply, kind, dir, name, dryRun, dir);
        }
        const target = path.join(incoming, `${id}.csv`);
        await writeFile(target, file.buffer);
        return launch(req, reply, kind, target, name, dryRun, target);
      },
    );
  }

  await app.register(historyRoutes);
}
