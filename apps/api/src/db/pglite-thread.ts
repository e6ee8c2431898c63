import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { arrival } from './request-order';

/**
 * The embedded PGlite database, run in a thread of its own (pglite-worker.mjs). PGlite is PostgreSQL
 * compiled to WebAssembly: every statement is synchronous work on the thread that owns it. On the
 * request thread, 200 connections of mixed calls left requests unread for more than 10 s; here the
 * request thread only posts statements and reads the rows back.
 *
 * It answers the part of PGlite's client that drizzle-orm/pglite, the migrator and the job engine use
 * (query, exec, transaction), so Drizzle keeps its PGlite driver and its types.
 *
 * PGlite has one connection, so order is the whole of concurrency control: statements run one at a time,
 * those of the oldest request first (request-order.ts), in the order asked for within a request; a
 * transaction, whose statements come one by one while its callback runs, holds the database from its
 * BEGIN to its COMMIT or ROLLBACK, and the statements and transactions asked for meanwhile wait. (Asking
 * `app.db` for a statement inside a transaction's callback, instead of its `tx`, would wait for the
 * transaction forever: PGlite's own client behaves the same.)
 */

const WORKER = new URL('./pglite-worker.mjs', import.meta.url);

/**
 * PostgreSQL settings of the embedded database. shared_buffers is PostgreSQL's own page cache, inside
 * the WebAssembly memory: at the default 128 MB it is most of the process's memory at rest, and on a
 * data folder the operating system's file cache keeps the pages anyway. The demo's working set fits
 * in 32 MB.
 */
export const EMBEDDED_SETTINGS = ['shared_buffers=32MB'];
// The other lever is outside this file: `npm start` sets MALLOC_ARENA_MAX=2. glibc gives each thread a
// malloc arena of its own and seldom hands freed memory back; with this thread, after creating the
// database and its demo data, that kept about 95 MB more at rest (468 MB against 372 MB).

type Request = { sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; textTypes?: number[] } | { exec: string } | { close: true };
type Reply = { id: number; result: unknown } | { id: number; error: { message: string } & Record<string, unknown> };
type Started = { ready: true } | { failed: { message: string } };

/** The statements of one transaction (the `tx` PGlite gives a transaction's callback). */
export interface EmbeddedTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  readonly closed: boolean;
}

/** The error as PGlite threw it: its PostgreSQL fields (code, constraint, detail…) on an Error. */
const rebuilt = (error: { message: string } & Record<string, unknown>) => Object.assign(new Error(error.message), error);

/**
 * The options a statement may carry across threads. Functions cannot be posted: Drizzle's parsers all
 * keep PostgreSQL's text (dates, timestamps, intervals), so the thread is told which types to keep.
 */
function statement(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined): Request {
  const { rowMode, parsers, ...rest } = options ?? {};
  if (Object.keys(rest).length) throw new Error(`Base embarquée : option de requête non prise en charge (${Object.keys(rest).join(', ')})`);
  const textTypes = parsers
    ? Object.entries(parsers).map(([oid, parse]) => {
        if (parse('1', Number(oid)) !== '1') throw new Error(`Base embarquée : seul un analyseur qui garde le texte est pris en charge (type ${oid})`);
        return Number(oid);
      })
    : undefined;
  return { sql, params, rowMode, textTypes };
}

/** A thread with PGlite open on `dataDir`; it keeps the process alive only while a statement is under way (see post). */
async function start(dataDir: string | undefined, copyOf?: string): Promise<Worker> {
  const worker = new Worker(WORKER, { workerData: { dataDir, copyOf, postgresqlconf: EMBEDDED_SETTINGS } });
  const started = await new Promise<Started>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  if ('failed' in started) throw rebuilt(started.failed);
  worker.unref();
  return worker;
}

/** A statement to post, or a transaction (or a restart) waiting to hold the database. */
type Waiting = { since: number; order: number } & (
  | { request: Request; resolve: (value: unknown) => void; reject: (error: Error) => void }
  | { hold: () => void }
);

/**
 * Statements posted ahead of the one running: the thread always has the next one at hand while the
 * request thread is busy, and the rest stay here, where the oldest request's statements can pass.
 */
const AHEAD = 2;

export class PgliteThread {
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private readonly waiting: Waiting[] = [];
  private order = 0;
  /** A transaction (or a restart, or close) holds the database: only its own statements are posted. */
  private held = false;
  private failure: Error | null = null;

  private constructor(
    private worker: Worker,
    private readonly dataDir: string | undefined,
  ) {
    this.listen(worker);
  }

  /** Opens PGlite on `dataDir` (in memory when undefined) in its own thread, as a copy of the dump `copyOf` when given. */
  static async open(dataDir: string | undefined, copyOf?: string): Promise<PgliteThread> {
    return new PgliteThread(await start(dataDir, copyOf), dataDir);
  }

  /**
   * Starts the thread afresh on its folder, once the start-up work is done. WebAssembly memory only
   * grows: creating the database and its demo data leave the process about 75 MB larger at rest than
   * a new thread on the same folder does. In memory (tests), there is nothing to reopen.
   */
  async restart(): Promise<void> {
    if (this.dataDir === undefined || this.failure) return;
    await this.hold();
    try {
      const old = this.worker;
      old.removeAllListeners('exit'); // its end, once closed, is no failure
      await this.post({ close: true });
      this.worker = await start(this.dataDir).catch((e: Error) => {
        this.fail(e); // no thread left: what waits, and what comes, fails instead of waiting forever
        throw e;
      });
      this.listen(this.worker);
      await old.terminate();
    } finally {
      this.release();
    }
  }

  private listen(worker: Worker) {
    worker.on('message', (reply: Reply) => this.settle(reply));
    worker.on('error', (e) => this.fail(e));
    worker.on('exit', (code) => this.fail(new Error(`Base embarquée : le fil de la base s'est arrêté (code ${code})`)));
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queue(statement(sql, params, options)) as Promise<Results<T>>;
  }

  /** A text of several statements (no parameters), one result per statement. */
  exec(sql: string): Promise<Results[]> {
    return this.queue({ exec: sql }) as Promise<Results[]>;
  }

  async transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    await this.hold();
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Base embarquée : la transaction est terminée');
    };
    const tx: EmbeddedTransaction = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.post(statement(sql, params, options)) as Promise<Results<R>>;
      },
      exec: (sql: string) => {
        open();
        return this.post({ exec: sql }) as Promise<Results[]>;
      },
      get closed() {
        return closed;
      },
    };
    try {
      await this.post({ sql: 'begin' });
      try {
        const result = await callback(tx);
        closed = true;
        await this.post({ sql: 'commit' });
        return result;
      } catch (e) {
        if (!closed) {
          closed = true;
          await this.post({ sql: 'rollback' });
        }
        throw e;
      }
    } finally {
      this.release();
    }
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.hold();
    await this.post({ close: true });
    await this.worker.terminate();
  }

  private queue(request: Request): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ since: arrival(), order: this.order++, request, resolve, reject });
      this.pump();
    });
  }

  /** Resolves when the database is this caller's alone, until release(). */
  private hold(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push({ since: arrival(), order: this.order++, hold: resolve });
      this.pump();
    });
  }

  private release() {
    this.held = false;
    this.pump();
  }

  /** Posts the waiting work of the oldest requests first, a few statements ahead of the thread. */
  private pump() {
    while (!this.held && this.pending.size < AHEAD && this.waiting.length) {
      let next = 0;
      for (let i = 1; i < this.waiting.length; i++) {
        const w = this.waiting[i];
        const best = this.waiting[next];
        if (w.since < best.since || (w.since === best.since && w.order < best.order)) next = i;
      }
      const [work] = this.waiting.splice(next, 1);
      if ('hold' in work) {
        this.held = true;
        work.hold();
      } else {
        this.post(work.request).then(work.resolve, work.reject);
      }
    }
  }

  private post(request: Request): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...request });
    });
  }

  private settle(reply: Reply) {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if ('error' in reply) waiting.reject(rebuilt(reply.error));
    else waiting.resolve(reply.result);
    this.pump();
  }

  /** The thread is gone (a crash, or closed): every statement waiting for it fails, and every later one. */
  private fail(error: Error) {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
    // Work not yet posted: a statement fails now; a transaction gets its turn, and its first statement fails.
    for (const work of this.waiting.splice(0)) {
      if ('hold' in work) work.hold();
      else work.reject(this.failure);
    }
  }
}
