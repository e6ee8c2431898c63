import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { MSG, SYNC_DEFS, SYNC_KINDS, SYNC_MSG, type SyncKind } from '@app/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ok } from '../../lib/http';
import { JobBusyError } from '../../lib/jobs/engine';
import { readMultipart } from '../../lib/multipart';
import { okReply } from '../../lib/replies';
import { detectType } from '../../lib/media/media.service';
import { deletePrefix, type ObjectStore } from '../../lib/storage';
import { runDto, runReply } from './sync.dto';
import { historyRoutes } from './sync.history.routes';
import { executeSync, failInterruptedRuns, failRun, finishRun } from './sync.service';
import { syncRuns } from './sync.table';

interface JobData {
  runId: number;
  kind: SyncKind;
  /** The file's key (the images: their folder's prefix), in the drop folder or, when `uploaded`, among the files sent. */
  source: string;
  dryRun: boolean;
  userId: number | null;
  email: string | null;
  startedAt: number;
  /**
   * Sent through the API: stored in storage.syncUploads before the job was queued (any node's worker
   * reads it there), removed once the run ended.
   */
  uploaded: boolean;
}

const jobKind = (kind: SyncKind) => `erp-sync-${kind}`;

/** Whether the drop folder holds a kind's file (the images: at least one file in images/). */
async function inDropFolder(store: ObjectStore, file: string): Promise<boolean> {
  return file.endsWith('/') ? (await store.list(file)).length > 0 : (await store.head(file)) !== null;
}
const truthy = z
  .union([z.boolean(), z.string().max(5)])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');

/**
 * The ERP synchronisations. GET {path} runs the kind on its file in
 * SYNC_DIR, POST {path} on an uploaded file (multipart `file`, at most 5 MB; larger files go through
 * SYNC_DIR); `dryRun` (« Vérifier ») gives the same report without applying. Each answers 202 with
 * the run at once; the run goes through the job engine, its progress and report read with
 * GET sync/runs/{id}. A second launch of a kind while one runs answers 409.
 */
export async function syncRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['sync'];
  const config = { action: 'sync:run' as const };
  const { media, syncDrop, syncUploads } = app.storage;
  /** An uploaded file (or the images' folder) once its run ended or was refused; a leftover costs bytes only. */
  const discard = (key: string) => (key.endsWith('/') ? deletePrefix(syncUploads, key) : syncUploads.delete(key)).catch(() => {});

  for (const kind of SYNC_KINDS) {
    app.jobs.define<JobData>(
      jobKind(kind),
      async (data, progress) => {
        try {
          const outcome = await executeSync(
            app.db,
            {
              runId: data.runId,
              kind,
              source: data.source,
              files: data.uploaded ? syncUploads : syncDrop,
              dryRun: data.dryRun,
              user: data.userId ? { id: data.userId, email: data.email ?? '' } : null,
              uploads: media,
            },
            progress,
          );
          await finishRun(app.db, data.runId, data.startedAt, outcome);
          return { result: outcome.result };
        } catch (err) {
          await failRun(app.db, data.runId, data.startedAt, err);
          return { result: 'failed' };
        } finally {
          if (data.uploaded) await discard(data.source);
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
   * history row, naming its job, then the job queued. A refused or failed launch discards its upload.
   */
  const launch = async (req: FastifyRequest, reply: FastifyReply, kind: SyncKind, source: string, fileName: string, dryRun: boolean, uploaded: boolean) => {
    const startedAt = Date.now();
    let run: typeof syncRuns.$inferSelect | undefined;
    try {
      await app.jobs.send(
        jobKind(kind),
        async (jobId): Promise<JobData> => {
          [run] = await app.db
            .insert(syncRuns)
            .values({
              kind,
              dryRun,
              userId: req.user?.id ?? null,
              userEmail: req.user?.email ?? null,
              fileName: fileName.slice(0, 255),
              jobId,
              startedAt: new Date(startedAt),
            })
            .returning();
          return { runId: run.id, kind, source, dryRun, userId: req.user?.id ?? null, email: req.user?.email ?? null, startedAt, uploaded };
        },
        { lockKey: jobKind(kind) },
      );
    } catch (err) {
      if (run) await failRun(app.db, run.id, startedAt, err);
      if (uploaded) await discard(source);
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
        if (!(await inDropFolder(syncDrop, def.file))) throw new AppError(422, SYNC_MSG.fileMissing(def.file), { file: [SYNC_MSG.fileMissing(def.file)] });
        return launch(req, reply, kind, def.file, def.file, req.query.dryRun, false);
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
        const type = await detectType(file.buffer, kind === 'images' ? 'image' : 'csv');
        // A leading dot would make a hidden file (never a key of the store); 200 characters keep the key within S3's limit.
        const name = path
          .basename(file.fileName || (kind === 'images' ? 'image' : def.file))
          .replace(/[^\p{L}\p{N}._ -]/gu, '_')
          .replace(/^\./, '_')
          .slice(0, 200);
        const id = randomBytes(12).toString('hex');
        // Stored before the job is queued, so whichever node's worker takes the job reads it.
        if (kind === 'images') {
          // The images run reads a folder: the uploaded image goes into a folder of its own.
          await syncUploads.put(`${id}/${name}`, file.buffer, { contentType: type.mime });
          return launch(req, reply, kind, `${id}/`, name, dryRun, true);
        }
        await syncUploads.put(`${id}.csv`, file.buffer, { contentType: 'text/csv' });
        return launch(req, reply, kind, `${id}.csv`, name, dryRun, true);
      },
    );
  }

  await app.register(historyRoutes);
}
