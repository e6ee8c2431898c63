import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { DbHandle } from '../../db/client';
import { HOUSEKEEPING_CRON, HOUSEKEEPING_QUEUE, type HousekeepingTask, runTasks } from './housekeeping';
import { BOSS_SCHEMA, claimJobRun, endJobRun, JOB_RUNS_KEPT_DAYS, lostJobRuns, progressOf, purgeEndedJobRuns, writeJobProgress } from './job-runs';
import { ProgressWriter } from './progress-writer';

export { JobBusyError } from './job-runs';

/** What a running job tells the screen: how far it is, in its own words. */
export interface JobProgress {
  done: number;
  total: number;
  step: string;
}
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'expired' | 'failed';
export interface JobStatus {
  id: string;
  state: JobState;
  progress: JobProgress | null;
  result: unknown;
  error: string | null;
}
export type JobHandler<T> = (data: T, progress: (p: JobProgress) => void) => Promise<unknown>;
export interface JobKindOptions {
  /**
   * Called once, on whichever node finds it, when a job of this kind is lost (its node died while it
   * ran): the kind's own records follow (a sync run shows as failed).
   */
  onLost?: (jobId: string) => Promise<void>;
}
export interface JobEngineOptions {
  /** False: this node queues jobs and answers their polls but runs none (a node whose worker is gone). */
  work?: boolean;
  /** How often a running job's worker touches its row. */
  heartbeatSeconds?: number;
  /** A running job whose row was not touched for this long lost its node. */
  staleSeconds?: number;
}

/** The error of a job found lost: its transaction died with its node's connection. */
export const JOB_INTERRUPTED = 'Interrompue : le serveur qui l’exécutait s’est arrêté, rien n’a été appliqué. Relancez-la.';

/**
 * Nodes starting together create the same queues and schedule: PostgreSQL may then pick one of them as a
 * deadlock victim (40P01) or refuse a duplicate (23505). Each call is idempotent, so it is tried again
 * after a short, jittered wait (the multi-node test starts two nodes at once).
 */
async function againIfRaced<T>(call: () => Promise<T>, tries = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= tries || (code !== '40P01' && code !== '23505')) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

/**
 * Background jobs on pg-boss (10.x: the line that runs on Node 20), given the application's own
 * database through its `db` adapter (raw SQL on the PostgreSQL pool, or on the embedded PGlite,
 * where pg-boss works as is): one engine for both, its queue in the `pgboss` schema.
 * Nothing another node needs lives in this process: a job's state and result are
 * pg-boss's, its progress, heartbeat and « already running » key are its `job_runs` row (job-runs.ts),
 * so any node answers a poll and gives the same 409. The server starts the engine (`start`): its
 * workers, the housekeeping schedule, and the check that fails the jobs whose node died. Elsewhere
 * (tests) it starts on first use, so that a test that runs no job pays nothing.
 */
export class JobEngine {
  private booting: Promise<PgBoss> | null = null;
  private readonly kinds = new Map<string, { handler: JobHandler<never>; options: JobKindOptions }>();
  private readonly tasks = new Map<string, HousekeepingTask>();
  private readonly schedules = new Map<string, { cron: string; task: () => Promise<unknown> }>();
  /** Jobs this process is running: a node never judges its own live jobs lost. */
  private readonly running = new Set<string>();
  private readonly options: Required<JobEngineOptions>;

  constructor(
    private readonly database: DbHandle,
    options: JobEngineOptions = {},
  ) {
    this.options = { work: true, heartbeatSeconds: 5, staleSeconds: 60, ...options };
    this.housekeep('job_runs', () => purgeEndedJobRuns(database.db));
  }

  /** Registers the work of a kind of job (before the engine starts). */
  define<T>(kind: string, handler: JobHandler<T>, options: JobKindOptions = {}) {
    this.kinds.set(kind, { handler: handler as JobHandler<never>, options });
  }

  /** Registers a purge the housekeeping job runs (before the engine starts). */
  housekeep(name: string, task: HousekeepingTask) {
    this.tasks.set(name, task);
  }

  /**
   * Registers work run on a cron (Africa/Tunis) once per cluster, like the housekeeping: pg-boss's
   * schedule sends one job per tick, one node's worker runs it (before the engine starts).
   */
  schedule(queue: string, cron: string, task: () => Promise<unknown>) {
    this.schedules.set(queue, { cron, task });
  }

  /** At server start: the engine, its workers, and the housekeeping and other schedules (one row each, shared by the nodes). */
  async start() {
    const boss = await this.boot();
    await againIfRaced(() => boss.schedule(HOUSEKEEPING_QUEUE, HOUSEKEEPING_CRON, {}, { tz: 'Africa/Tunis', retryLimit: 0 }));
    for (const [queue, { cron }] of this.schedules) await againIfRaced(() => boss.schedule(queue, cron, {}, { tz: 'Africa/Tunis', retryLimit: 0 }));
  }

  private boot(): Promise<PgBoss> {
    this.booting ??= (async () => {
      const boss = new PgBoss({
        db: { executeSql: (text: string, values?: unknown[]) => this.database.executeSql(text, values) },
        schema: BOSS_SCHEMA,
        // pg-boss's own upkeep (expiry, archive, deletion of finished jobs) runs in the housekeeping
        // job, once per cluster, not on a timer in each process.
        supervise: false,
        deleteAfterDays: JOB_RUNS_KEPT_DAYS,
      } as PgBoss.ConstructorOptions);
      boss.on('error', () => {});
      await boss.start();
      await againIfRaced(() => boss.createQueue(HOUSEKEEPING_QUEUE));
      for (const kind of this.kinds.keys()) await againIfRaced(() => boss.createQueue(kind));
      for (const queue of this.schedules.keys()) await againIfRaced(() => boss.createQueue(queue));
      if (this.options.work) {
        for (const [kind, { handler }] of this.kinds) {
          await boss.work<Record<string, unknown>>(kind, { pollingIntervalSeconds: 0.5 }, async ([job]) =>
            this.run(job.id, (progress) => handler(job.data as never, progress)),
          );
        }
        await boss.work(HOUSEKEEPING_QUEUE, { pollingIntervalSeconds: 5 }, async () => this.housekeeping(boss));
        for (const [queue, { task }] of this.schedules) await boss.work(queue, { pollingIntervalSeconds: 5 }, async () => task());
      }
      // At start, only the jobs whose node is gone are failed, never another node's live one.
      await this.reconcile(boss);
      return boss;
    })();
    return this.booting;
  }

  /** One job on this node: its row touched while it runs, its key freed when it ends, whatever the outcome. */
  private async run<T>(id: string, work: (progress: (p: JobProgress) => void) => Promise<T>): Promise<T> {
    const writer = new ProgressWriter((p) => writeJobProgress(this.database.db, id, p));
    this.running.add(id);
    writer.touch();
    const beat = setInterval(() => writer.touch(), this.options.heartbeatSeconds * 1000);
    try {
      return await work((p) => writer.set(p));
    } finally {
      clearInterval(beat);
      await writer.settle();
      await endJobRun(this.database.db, id).catch(() => {});
      this.running.delete(id);
    }
  }

  /**
   * Queues a job, run once, never retried (the work is all-or-nothing: the user relaunches). With a
   * `lockKey`, throws JobBusyError when a job of that key is queued or running on any node. `data`
   * may be built from the job's id (a run row that names its job), after the key is taken.
   */
  async send(kind: string, data: object | ((jobId: string) => Promise<object>), opts: { lockKey?: string } = {}): Promise<string> {
    const boss = await this.boot();
    const id = randomUUID();
    await claimJobRun(this.database.db, id, kind, opts.lockKey ?? null);
    try {
      const payload = typeof data === 'function' ? await data(id) : data;
      const sent = await boss.send(kind, payload, { id, retryLimit: 0, expireInSeconds: 3600 });
      if (!sent) throw new Error(`Tâche ${kind} non créée`);
    } catch (err) {
      await endJobRun(this.database.db, id).catch(() => {});
      throw err;
    }
    return id;
  }

  async status(kind: string, id: string): Promise<JobStatus | null> {
    const boss = await this.boot();
    const job = await boss.getJobById(kind, id, { includeArchive: true });
    if (!job) return null;
    const output = job.output as { message?: string } | null;
    return {
      id,
      state: job.state as JobState,
      progress: (await progressOf(this.database.db, [id])).get(id) ?? null,
      result: job.state === 'completed' ? output : null,
      error: job.state === 'failed' ? (output?.message ?? 'Échec') : null,
    };
  }

  /** The last progress of the live jobs among `ids` (written by whichever node runs them). */
  progress(ids: string[]): Promise<Map<string, JobProgress>> {
    return progressOf(this.database.db, ids);
  }

  /**
   * Fails the jobs whose node died (job-runs.ts, lostJobRuns): pg-boss's job is failed, the key freed,
   * the kind told. Two nodes may look at once: only the one that ends the row acts on it.
   */
  async reconcile(boss?: PgBoss): Promise<number> {
    boss ??= await this.boot();
    const db = this.database.db;
    let n = 0;
    for (const lost of await lostJobRuns(db, this.options.staleSeconds, [...this.running])) {
      if (!(await endJobRun(db, lost.id))) continue;
      n++;
      if (lost.state === 'active') await boss.fail(lost.kind, lost.id, { message: JOB_INTERRUPTED });
      await this.kinds.get(lost.kind)?.options.onLost?.(lost.id);
    }
    return n;
  }

  /** What the scheduled housekeeping job does (also callable at once, e.g. by a test). */
  async housekeeping(boss?: PgBoss): Promise<Record<string, number | string>> {
    boss ??= await this.boot();
    const b = boss;
    const tasks = new Map<string, HousekeepingTask>([
      ['lost_jobs', () => this.reconcile(b)],
      ...this.tasks,
      [
        'pgboss',
        async () => {
          await b.maintain();
          return 0;
        },
      ],
    ]);
    return runTasks(tasks);
  }

  async stop() {
    const boss = this.booting ? await this.booting.catch(() => null) : null;
    if (boss) await boss.stop({ graceful: false, wait: true, close: true });
  }
}
