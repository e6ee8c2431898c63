import { randomUUID } from 'node:crypto';
import { EXPORT_JOB_KEPT_HOURS, EXPORT_JOB_MSG, type ExportJobState, type ExportJobStatus } from '@app/domain';
import { and, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { requestArrival } from '../../../db/request-order';
import { AppError } from '../../http';
import type { ObjectStore } from '../../storage';
import { exportStream } from '..';
import type { ExportFormat, ExportSpec } from '../types';
import { exportJobs } from './export-jobs.table';

/** The writer writes its row count this often (and reads whether it was cancelled). */
export const EXPORT_PROGRESS_ROWS = 500;
/** …and beats at least this often, even while a slow batch is read. */
export const EXPORT_BEAT_MS = 5000;
/** A running export whose row was not touched for this long lost its writer: it shows as interrupted. */
export const EXPORT_STALE_SECONDS = 60;

export const exportKey = (id: string, format: string) => `${id}.${format}`;

/** Background exports running at once (EXPORT_JOBS_PER_USER over every node, EXPORT_JOBS_PER_NODE on this one). */
export interface ExportJobLimits {
  perUser: number;
  perNode: number;
}

/** Thrown into the row source to stop a writer: its put is aborted, so no partial file remains. */
class Stopped extends Error {
  constructor(readonly why: 'cancelled' | 'interrupted') {
    super(why);
  }
}

/** The state a reader must see: a running row whose writer stopped beating is interrupted (whichever node asks). */
const shownState = sql<ExportJobState>`case when ${exportJobs.state} = 'running' and ${exportJobs.heartbeatAt} < now() - make_interval(secs => ${EXPORT_STALE_SECONDS}) then 'interrupted' else ${exportJobs.state} end`;

/**
 * The background exports of this node. The route has the job admitted (the limits
 * below), then reads the list's ids at once (the first row of its source: `exportRows` reads the ids
 * before the first batch) and hands the rest here: the file is written into the `exports` store by
 * THIS node, its progress and heartbeat go to the job's row, so any node answers the polls and serves
 * the file. Why not pg-boss: the rows come from a closure over the request (its filter, its sort, the
 * user's zone scope, the ids already read) that another node could not rebuild without a second
 * definition of every list.
 * If this node dies, its rows stop beating and show as interrupted; the user relaunches.
 */
export class ExportJobs {
  private readonly running = new Map<string, { stop: (why: Stopped['why']) => void; done: Promise<void> }>();
  /** This node's jobs from their admission to their writer's end: what EXPORT_JOBS_PER_NODE counts. */
  private readonly seats = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
    private readonly log: FastifyBaseLogger,
    private readonly limits: ExportJobLimits = { perUser: 2, perNode: 4 },
  ) {}

  /** This node's background exports: admitted, writing or finishing. */
  get writers(): number {
    return this.seats.size;
  }

  /** Admits, records and starts a job whose first row the caller has read; returns its id. */
  async start<Row>(owner: number, route: string, spec: ExportSpec<Row>, total: number | null): Promise<string> {
    const id = await this.admit(owner, route, spec);
    await this.launch(id, spec, total);
    return id;
  }

  /**
   * Takes a seat for a new job before anything of the list is read, or refuses it with a 429: this
   * node already writes EXPORT_JOBS_PER_NODE exports, or the user has EXPORT_JOBS_PER_USER running on
   * any node. The node's seat is taken synchronously, before the first await, so two calls at once
   * cannot both take the last one; the user's running jobs are counted and the row written in one
   * transaction under an advisory lock keyed by the user, so two calls at once (on two nodes) are
   * counted one after the other. A row whose writer stopped beating is not counted (it shows as
   * interrupted). Then `launch` starts it, or `withdraw` gives the seat back.
   */
  async admit(owner: number, route: string, spec: Pick<ExportSpec<unknown>, 'format' | 'fileName'>): Promise<string> {
    if (this.seats.size >= this.limits.perNode) throw new AppError(429, EXPORT_JOB_MSG.serverBusy);
    const id = randomUUID();
    this.seats.add(id);
    try {
      await this.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('export-jobs'), ${owner})`);
        const [{ n }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(exportJobs)
          .where(
            and(
              eq(exportJobs.userId, owner),
              eq(exportJobs.state, 'running'),
              gte(exportJobs.heartbeatAt, sql`now() - make_interval(secs => ${EXPORT_STALE_SECONDS})`),
            ),
          );
        if (n >= this.limits.perUser) throw new AppError(429, EXPORT_JOB_MSG.alreadyRunning);
        await tx.insert(exportJobs).values({ id, userId: owner, route: route.slice(0, 200), format: spec.format, fileName: spec.fileName.slice(0, 200) });
      });
    } catch (err) {
      this.seats.delete(id);
      throw err;
    }
    return id;
  }

  /** An admitted job whose list could not be read (its query failed): its row goes, its seat is free. */
  async withdraw(id: string): Promise<void> {
    try {
      await this.db.delete(exportJobs).where(eq(exportJobs.id, id));
    } finally {
      this.seats.delete(id);
    }
  }

  /** Starts writing an admitted job, its first row read (which told the total). */
  async launch<Row>(id: string, spec: ExportSpec<Row>, total: number | null): Promise<void> {
    if (total !== null) {
      try {
        await this.db.update(exportJobs).set({ total }).where(eq(exportJobs.id, id));
      } catch (err) {
        await this.withdraw(id).catch(() => {});
        throw err;
      }
    }
    let stop: (why: Stopped['why']) => void = () => {};
    const stopped = new Promise<Stopped>((resolve) => {
      stop = (why) => resolve(new Stopped(why));
    });
    // The writer outlives the request that started it: on the embedded database its statements queue as
    // new work (db/request-order.ts), not ahead of every request that comes while the file is written.
    const done = requestArrival
      .exit(() => this.write(id, spec, stopped))
      .finally(() => {
        this.running.delete(id);
        this.seats.delete(id);
      });
    this.running.set(id, { stop, done });
  }

  private async write<Row>(id: string, spec: ExportSpec<Row>, stopped: Promise<Stopped>) {
    const key = exportKey(id, spec.format);
    let written = 0;
    let stop: Stopped | null = null;
    /** Writes the count and the beat; a row no longer running was cancelled (or judged interrupted). */
    const beat = async () => {
      const rows = await this.db
        .update(exportJobs)
        .set({ written, heartbeatAt: sql`now()` })
        .where(and(eq(exportJobs.id, id), eq(exportJobs.state, 'running')))
        .returning({ id: exportJobs.id });
      if (!rows.length) stop ??= new Stopped('cancelled');
    };
    let beating: Promise<void> | null = null;
    const timer = setInterval(() => {
      beating ??= beat()
        .catch(() => {})
        .finally(() => {
          beating = null;
        });
    }, EXPORT_BEAT_MS);
    async function* counted(): AsyncGenerator<Row> {
      for await (const row of spec.rows) {
        if (stop) throw stop;
        yield row;
        written++;
        if (written % EXPORT_PROGRESS_ROWS === 0) {
          await (beating ?? beat());
          if (stop) throw stop;
        }
      }
    }
    const end = async (state: ExportJobState, error: string | null = null) =>
      this.db
        .update(exportJobs)
        .set({ state, written, error: error?.slice(0, 300) ?? null, endedAt: sql`now()` })
        .where(and(eq(exportJobs.id, id), eq(exportJobs.state, 'running')))
        .returning({ id: exportJobs.id });
    const file = exportStream({ ...spec, rows: counted() });
    // A stop on this node (cancel, shutdown) breaks the file at once, even while the store is not
    // reading (a stalled upload): the put fails and is cleaned up.
    void stopped.then((s) => {
      stop ??= s;
      file.destroy(s);
    });
    try {
      // The stores' puts are atomic (temporary file renamed, or multipart upload completed): a writer
      // stopped half-way leaves no file, and a reader never sees a part.
      await this.store.put(key, file);
      clearInterval(timer);
      await beating;
      // Cancelled while the last bytes were stored: the file goes.
      if (!(await end('done')).length) await this.store.delete(key);
    } catch (err) {
      clearInterval(timer);
      await beating;
      const why = err instanceof Stopped ? err : stop;
      await this.store.delete(key).catch(() => {});
      if (why?.why === 'interrupted') await end('interrupted').catch(() => {});
      else if (!why) {
        // The user reads a French reason; the cause (SQL, a path, a stack) is for the log only, without its bound values.
        this.log.error({ err, exportJob: id }, 'export en tâche : échec');
        await end('failed', EXPORT_JOB_MSG.failedRetry).catch(() => {});
      }
    }
  }

  /** The job as its owner sees it; null when absent or another user's. */
  async status(id: string, owner: number): Promise<ExportJobStatus | null> {
    const [row] = await this.db
      .select({
        id: exportJobs.id,
        state: shownState,
        format: exportJobs.format,
        fileName: exportJobs.fileName,
        written: exportJobs.written,
        total: exportJobs.total,
        error: exportJobs.error,
        createdAt: exportJobs.createdAt,
      })
      .from(exportJobs)
      .where(and(eq(exportJobs.id, id), eq(exportJobs.userId, owner)));
    if (!row) return null;
    return { ...row, format: row.format as ExportFormat, createdAt: new Date(row.createdAt).toISOString() };
  }

  /**
   * Cancels a running export (its writer, on whichever node, stops at its next beat and its put is
   * aborted) or discards a finished one: the file is deleted either way. Null when absent or another user's.
   */
  async cancel(id: string, owner: number): Promise<ExportJobStatus | null> {
    const [row] = await this.db
      .update(exportJobs)
      .set({ state: 'cancelled', endedAt: sql`now()` })
      .where(and(eq(exportJobs.id, id), eq(exportJobs.userId, owner), inArray(exportJobs.state, ['running', 'done'])))
      .returning({ format: exportJobs.format });
    // This node's own writer stops at once rather than at its next beat.
    this.running.get(id)?.stop('cancelled');
    if (row) await this.store.delete(exportKey(id, row.format));
    return this.status(id, owner);
  }

  /**
   * Housekeeping (every 5 minutes, one node): running rows that stopped beating become interrupted;
   * rows and files older than EXPORT_JOB_KEPT_HOURS are deleted, and so is any older file without a
   * row (its owner was deleted). Returns the rows deleted.
   */
  async purge(): Promise<number> {
    // Admitted jobs still reading their list are this node's too.
    const mine = [...this.seats];
    await this.db
      .update(exportJobs)
      .set({ state: 'interrupted', endedAt: sql`now()` })
      .where(
        and(
          eq(exportJobs.state, 'running'),
          lt(exportJobs.heartbeatAt, sql`now() - make_interval(secs => ${EXPORT_STALE_SECONDS})`),
          mine.length ? notInArray(exportJobs.id, mine) : undefined,
        ),
      );
    const old = await this.db
      .delete(exportJobs)
      .where(lt(exportJobs.createdAt, sql`now() - make_interval(hours => ${EXPORT_JOB_KEPT_HOURS})`))
      .returning({ id: exportJobs.id, format: exportJobs.format });
    for (const o of old) await this.store.delete(exportKey(o.id, o.format));
    const before = Date.now() - EXPORT_JOB_KEPT_HOURS * 3600_000;
    for (const o of await this.store.list()) if (o.lastModified.getTime() < before) await this.store.delete(o.key);
    return old.length;
  }

  /** At shutdown: this node's writers stop and their rows say interrupted (the user relaunches). */
  async close() {
    const all = [...this.running.values()];
    for (const r of all) r.stop('interrupted');
    await Promise.all(all.map((r) => r.done));
  }
}
