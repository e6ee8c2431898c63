import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pgError, UNIQUE_VIOLATION } from '../pg-errors';
import type { JobProgress } from './engine';
import { jobRuns } from './jobs.table';
import { rowsOf } from '../../db/rows';

/** The pg-boss schema (engine.ts creates it there). */
export const BOSS_SCHEMA = 'pgboss';
/** Ended job rows are kept this long for the screens that poll them, then purged by the housekeeping. */
export const JOB_RUNS_KEPT_DAYS = 7;

/** A second launch of a job whose key has a live job (`lockKey`): the caller answers 409. */
export class JobBusyError extends Error {
  constructor(readonly lockKey: string) {
    super(`Tâche déjà en cours : ${lockKey}`);
  }
}

/** Records a job about to be queued; throws JobBusyError when its key already has a live job (on any node). */
export async function claimJobRun(db: Db, id: string, kind: string, lockKey: string | null) {
  try {
    await db.insert(jobRuns).values({ id, kind, lockKey });
  } catch (err) {
    if (lockKey && pgError(err)?.code === UNIQUE_VIOLATION) throw new JobBusyError(lockKey);
    throw err;
  }
}

/** Progress and heartbeat of a running job (null progress: a heartbeat only). */
export async function writeJobProgress(db: Db, id: string, p: JobProgress | null) {
  await db
    .update(jobRuns)
    .set(p ? { step: p.step.slice(0, 200), done: Math.round(p.done), total: Math.round(p.total), heartbeatAt: sql`now()` } : { heartbeatAt: sql`now()` })
    .where(and(eq(jobRuns.id, id), eq(jobRuns.live, true)));
}

/** The job ended (or never reached the queue): its key is free again. True when this call ended it. */
export async function endJobRun(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(jobRuns)
    .set({ live: false, endedAt: sql`now()` })
    .where(and(eq(jobRuns.id, id), eq(jobRuns.live, true)))
    .returning({ id: jobRuns.id });
  return rows.length > 0;
}

/** The last progress written by the live jobs among `ids`, by job id. */
export async function progressOf(db: Db, ids: string[]): Promise<Map<string, JobProgress>> {
  const wanted = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: jobRuns.id, step: jobRuns.step, done: jobRuns.done, total: jobRuns.total })
    .from(jobRuns)
    .where(and(inArray(jobRuns.id, wanted), eq(jobRuns.live, true), isNotNull(jobRuns.step)));
  return new Map(rows.map((r) => [r.id, { step: r.step ?? '', done: r.done ?? 0, total: r.total ?? 0 }]));
}

/**
 * Live rows whose job is over for pg-boss (ended, expired, or gone), or whose pg-boss job is active
 * but its worker stopped beating for `staleSeconds` (its node was killed: its transaction died with
 * its connection, so nothing of it was applied). A job still queued (`created`, `retry`) is not lost:
 * any node's worker will run it; a row younger than a minute with no pg-boss job is being queued.
 * `mine`: the jobs this process is running, never lost.
 */
export async function lostJobRuns(db: Db, staleSeconds: number, mine: string[]): Promise<{ id: string; kind: string; state: string | null }[]> {
  const res = await db.execute(sql`
    select r.id, r.kind, j.state::text as state
    from job_runs r
    left join ${sql.raw(BOSS_SCHEMA)}.job j on j.name = r.kind and j.id = r.id
    where r.live
      and not (r.id = any(${`{${mine.join(',')}}`}::uuid[]))
      and ((j.id is null and r.created_at < now() - interval '1 minute')
        or j.state::text not in ('created', 'retry', 'active')
        or (j.state::text = 'active' and coalesce(r.heartbeat_at, j.started_on) < now() - make_interval(secs => ${staleSeconds})))`);
  return rowsOf<{ id: string; kind: string; state: string | null }>(res);
}

/** Ended rows older than JOB_RUNS_KEPT_DAYS (housekeeping). */
export async function purgeEndedJobRuns(db: Db): Promise<number> {
  const rows = await db
    .delete(jobRuns)
    .where(and(eq(jobRuns.live, false), lt(jobRuns.endedAt, sql`now() - make_interval(days => ${JOB_RUNS_KEPT_DAYS})`)))
    .returning({ id: jobRuns.id });
  return rows.length;
}
