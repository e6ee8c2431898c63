import { SYNC_MSG, SYNC_REJECTIONS_KEPT, type SyncKind, type SyncRejection, type SyncResult } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/http';
import type { JobProgress } from '../../lib/jobs/engine';
import { jobRuns } from '../../lib/jobs/jobs.table';
import type { CurrentUser } from '../../lib/auth/current-user';
import { audit } from '../../lib/audit/audit.repository';
import { applyInvoices, type Counts, prepareInvoices, runChecks, upsert } from './sync.apply';
import { removeStored } from '../../lib/media/media.service';
import type { ObjectStore } from '../../lib/storage';
import { syncImages } from './sync.images';
import { UPSERT_KINDS } from './sync.kinds';
import { rejectDuplicates, rejections, stageCsv } from './sync.stage';
import { syncRuns } from './sync.table';
import { isoSql, recordEventsFrom } from '../../lib/webhooks/outbox';

export interface RunInput {
  runId: number;
  kind: SyncKind;
  /** The key of the CSV file in `files`, or the images folder's prefix (ending with `/`). */
  source: string;
  /** The store holding `source`: the ERP's drop folder, or the files sent through the API. */
  files: ObjectStore;
  dryRun: boolean;
  user: Pick<CurrentUser, 'id' | 'email'> | null;
  /** The media store, where product images are written. */
  uploads: ObjectStore;
}

export interface RunOutcome extends Counts {
  result: SyncResult;
  total: number;
  rejected: number;
  rejections: SyncRejection[];
  sha256: string | null;
  message: string | null;
}

/** Thrown inside the transaction to roll it back while keeping the report (a dry run, rejected rows). */
class Rollback extends Error {
  constructor(readonly outcome: RunOutcome) {
    super('rollback');
  }
}

/**
 * One synchronisation run, all in ONE transaction: read and check every row, check the references,
 * then either apply every row or nothing (a row refused, a dry run « Vérifier »). One run per kind
 * at a time, whatever the process (a transaction-scoped advisory lock). The history row is written
 * by the caller outside this transaction, so it survives a rollback.
 */
export async function executeSync(db: Db, input: RunInput, progress: (p: JobProgress) => void = () => {}): Promise<RunOutcome> {
  const { kind, dryRun } = input;
  let written: string[] = [];
  let replaced: string[] = [];
  try {
    const outcome = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`erp-sync-${kind}`}))`);
      // The planner's estimates on fresh temporary tables are huge: JIT would compile for a second
      // per statement of work that takes a few milliseconds.
      await tx.execute(sql`set local jit = off`);
      // A million-line file is sorted and hashed several times (duplicates, invoices by number):
      // in memory, not in temporary files. One run per kind at a time, started by staff.
      await tx.execute(sql`set local work_mem = '128MB'`);
      let counts: Counts;
      let total: number;
      let sha256: string;
      let rejected: { count: number; rows: SyncRejection[] };
      const decide = (): RunOutcome | null => {
        const base = { ...counts, total, sha256, rejected: rejected.count, rejections: rejected.rows };
        if (rejected.count) return { ...base, result: 'rejected', message: `${rejected.count} ligne(s) refusée(s) : rien n’a été appliqué.` };
        if (dryRun) return { ...base, result: 'checked', message: null };
        return null;
      };
      if (kind === 'images') {
        progress({ done: 0, total: 1, step: 'Lecture des images' });
        const r = await syncImages(tx, { files: input.files, prefix: input.source }, input.uploads, dryRun, (done, all) =>
          progress({ done, total: all, step: 'Enregistrement des images' }),
        );
        written = r.written;
        replaced = r.replaced;
        ({ counts, total, sha256 } = r);
        const lines = new Set(r.rejections.map((x) => x.line));
        rejected = { count: lines.size, rows: r.rejections.slice(0, SYNC_REJECTIONS_KEPT) };
      } else {
        const staged = await stageCsv(
          tx,
          kind,
          () => openFile(input.files, input.source),
          (done, all) => progress({ done, total: all, step: 'Lecture et vérification des lignes' }),
        );
        ({ total, sha256 } = staged);
        progress({ done: 0, total: 1, step: 'Contrôle des références' });
        if (kind === 'invoices') {
          await runChecks(tx, [], staged.present);
          await prepareInvoices(tx);
        } else {
          await rejectDuplicates(tx, kind);
          await runChecks(tx, UPSERT_KINDS[kind].checks, staged.present);
        }
        rejected = await rejections(tx, SYNC_REJECTIONS_KEPT);
        const stop = rejected.count > 0 || dryRun;
        progress({ done: 0, total: 1, step: 'Application' });
        counts =
          kind === 'invoices'
            ? await applyInvoices(tx, stop, input.user?.id ?? null, rejected.count > 0)
            : await upsert(tx, UPSERT_KINDS[kind], staged.present, stop);
      }
      const early = decide();
      if (early) throw new Rollback(early);
      progress({ done: 1, total: 1, step: 'Enregistrement' });
      const outcome: RunOutcome = { ...counts, total, sha256, rejected: 0, rejections: [], result: 'success', message: null };
      await audit(tx, input.user, 'create', 'sync', input.runId, {
        kind,
        total,
        inserted: counts.inserted,
        updated: counts.updated,
        unchanged: counts.unchanged,
      });
      return outcome;
    });
    // Files of a run that did not commit (rejected, failed) are removed; a committed run removes the files it replaced.
    await removeStored(input.uploads, replaced);
    return outcome;
  } catch (err) {
    await removeStored(input.uploads, written);
    if (err instanceof Rollback) return err.outcome;
    throw err;
  }
}

/** A CSV file's bytes; a file gone since the launch fails the run (nothing applied). */
async function openFile(files: ObjectStore, key: string) {
  const obj = await files.get(key);
  if (!obj) throw new AppError(422, SYNC_MSG.fileMissing(key));
  return obj.body;
}

/**
 * A run's history row ended (success, checked, rejected or failed) and its sync.finished webhook
 * event, in one transaction: receivers hear of every run that ends, with its kind, counts and result.
 * The history row is written outside the run's data transaction, so the event is too.
 */
async function endRun(db: Db, end: (tx: Db) => Promise<{ id: number }[]>) {
  return db.transaction(async (tx) => {
    const ended = await end(tx);
    if (ended.length) await recordEventsFrom(tx, 'sync.finished', 'sync', syncPayloads(ended.map((r) => r.id)));
    return ended;
  });
}

/** A run as sync.finished carries it (the history screen's names). */
const syncPayloads = (ids: number[]) => sql`select r.id, jsonb_build_object(
    'ID', r.id, 'KIND', r.kind, 'DRY_RUN', r.dry_run, 'RESULT', r.result, 'TOTAL', r.total, 'INSERTED', r.inserted, 'UPDATED', r.updated,
    'UNCHANGED', r.unchanged, 'REJECTED', r.rejected, 'MESSAGE', r.message, 'DURATION_MS', r.duration_ms,
    'STARTED_AT', ${isoSql('r.started_at')}, 'FINISHED_AT', ${isoSql('r.finished_at')}) as payload
  from sync_runs r where r.id = any(${sql.param(ids)}::int[]) order by r.id`;

/** The history row once the run ended (outside the run's transaction). */
export async function finishRun(db: Db, runId: number, startedAt: number, outcome: RunOutcome) {
  await endRun(db, (tx) =>
    tx
      .update(syncRuns)
      .set({
        result: outcome.result,
        sha256: outcome.sha256,
        finishedAt: new Date(),
        durationMs: Date.now() - startedAt,
        total: outcome.total,
        inserted: outcome.inserted,
        updated: outcome.updated,
        unchanged: outcome.unchanged,
        rejected: outcome.rejected,
        rejections: outcome.rejections,
        message: outcome.message?.slice(0, 500) ?? null,
      })
      .where(eq(syncRuns.id, runId))
      .returning({ id: syncRuns.id }),
  );
}

/** A run that threw (database down, file gone): failed, its message kept; nothing was applied. */
export async function failRun(db: Db, runId: number, startedAt: number, err: unknown) {
  const message = err instanceof AppError ? err.message : `Erreur : ${(err as Error)?.message ?? String(err)}`;
  await endRun(db, (tx) =>
    tx
      .update(syncRuns)
      .set({ result: 'failed', finishedAt: new Date(), durationMs: Date.now() - startedAt, message: message.slice(0, 500) })
      .where(eq(syncRuns.id, runId))
      .returning({ id: syncRuns.id }),
  );
}

/**
 * Runs still « running » whose job is no longer live (its node died and was found so by lib/jobs, or
 * the launch was cut short before its job was queued): their transaction never committed, so nothing
 * of them was applied; they show as failed. Another node's live run keeps its live job row: untouched.
 */
export async function failInterruptedRuns(db: Db): Promise<number> {
  const rows = await endRun(db, (tx) =>
    tx
      .update(syncRuns)
      .set({ result: 'failed', finishedAt: new Date(), message: SYNC_MSG.interrupted })
      .where(and(eq(syncRuns.result, 'running'), sql`not exists (select 1 from ${jobRuns} where ${jobRuns.live} and ${jobRuns.id}::text = ${syncRuns.jobId})`))
      .returning({ id: syncRuns.id }),
  );
  return rows.length;
}
