import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/**
 * The embedded PGlite database, run in a thread of its own (pglite-worker.mjs). PGlite is PostgreSQL
 * compiled to WebAssembly: every statement is synchronous work on the thread that owns it. On the
 * request thread, 200 connections of mixed calls left requests unread for more than 10 s; here the
 * request thread only posts statements and reads the rows back.
 *
 * It answers the part of PGlite's client that drizzle-orm/pglite, the migrator and the job engine use
 * (query, exec, transaction), so Drizzle keeps its PGlite driver and its types.
 *
 * PGlite has one connection, so order is the whole of concurrency control: statements are posted in the
 * order they are asked for and run in that order; a transaction, whose statements come one by one
 * while its callback runs, holds the database from its BEGIN to its COMMIT or ROLLBACK, and the
 * statements and transactions asked for meanwhile wait behind it, first come, first served. (Asking
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

export class PgliteThread {
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  /** Settles when the transactions asked for so far have ended: later work starts after it. */
  private turn: Promise<void> = Promise.resolve();
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => this.settle(reply));
    worker.on('error', (e) => this.fail(e));
    worker.on('exit', (code) => this.fail(new Error(`Base embarquée : le fil de la base s'est arrêté (code ${code})`)));
  }

  /** Opens PGlite on `dataDir` (in memory when undefined) in its own thread. */
  static async open(dataDir: string | undefined): Promise<PgliteThread> {
    const worker = new Worker(WORKER, { workerData: { dataDir, postgresqlconf: EMBEDDED_SETTINGS } });
    const started = await new Promise<Started>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if ('failed' in started) throw rebuilt(started.failed);
    // The thread keeps the process alive only while a statement is under way (see post).
    worker.unref();
    return new PgliteThread(worker);
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const request = statement(sql, params, options);
    return this.turn.then(() => this.post(request)) as Promise<Results<T>>;
  }

  /** A text of several statements (no parameters), one result per statement. */
  exec(sql: string): Promise<Results[]> {
    return this.turn.then(() => this.post({ exec: sql })) as Promise<Results[]>;
  }

  async transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const previous = this.turn;
    let release!: () => void;
    this.turn = new Promise((resolve) => (release = resolve));
    await previous;
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
      release();
    }
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.turn;
    await this.post({ close: true });
    await this.worker.terminate();
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
  }

  /** The thread is gone (a crash, or closed): every statement waiting for it fails, and every later one. */
  private fail(error: Error) {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
  }
}
