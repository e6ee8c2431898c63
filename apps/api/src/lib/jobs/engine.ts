import PgBoss from 'pg-boss';
import type { DbHandle } from '../../db/client';

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

/**
 * Background jobs on pg-boss (10.x: the line that runs on Node 20), given the application's own
 * database through its `db` adapter (raw SQL on the PostgreSQL pool, or on the embedded PGlite,
 * where pg-boss works as is): one engine for both, its queue in the `pgboss` schema. Started on
 * first use, so that a server or a test that runs no job pays nothing.
 * Progress lives in this process's memory: a job's work runs inside one transaction, whose writes
 * nobody sees before it commits, so a progress row could not be read while it runs anyway.
 */
export class JobEngine {
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;
  private readonly handlers = new Map<string, JobHandler<never>>();
  private readonly progress = new Map<string, JobProgress>();

  constructor(private readonly database: DbHandle) {}

  /** Registers the work of a kind of job (before the first `send`). */
  define<T>(kind: string, handler: JobHandler<T>) {
    this.handlers.set(kind, handler as JobHandler<never>);
  }

  private start(): Promise<PgBoss> {
    this.starting ??= (async () => {
      const boss = new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => this.database.executeSql(text, values) }, schema: 'pgboss' } as PgBoss.ConstructorOptions);
      boss.on('error', () => {});
      await boss.start();
      for (const [kind, handler] of this.handlers) {
        await boss.createQueue(kind);
        await boss.work<Record<string, unknown>>(kind, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
          try {
            return await handler(job.data as never, (p) => this.progress.set(job.id, p));
          } finally {
            this.progress.delete(job.id);
          }
        });
      }
      this.boss = boss;
      return boss;
    })();
    return this.starting;
  }

  /** Queues a job; it runs once, never retried (the work is all-or-nothing: the user relaunches). */
  async send(kind: string, data: object): Promise<string> {
    const boss = await this.start();
    const id = await boss.send(kind, data, { retryLimit: 0, expireInSeconds: 3600 });
    if (!id) throw new Error(`Tâche ${kind} non créée`);
    return id;
  }

  async status(kind: string, id: string): Promise<JobStatus | null> {
    const boss = await this.start();
    const job = await boss.getJobById(kind, id);
    if (!job) return null;
    const output = job.output as { message?: string } | null;
    return {
      id,
      state: job.state as JobState,
      progress: this.progress.get(id) ?? null,
      result: job.state === 'completed' ? output : null,
      error: job.state === 'failed' ? (output?.message ?? 'Échec') : null,
    };
  }

  async stop() {
    const boss = this.boss ?? (this.starting ? await this.starting.catch(() => null) : null);
    if (boss) await boss.stop({ graceful: false, wait: true, close: true });
  }
}
