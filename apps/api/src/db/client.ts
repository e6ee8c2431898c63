import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type ListenHandlers, listenTo } from './listener';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * Both drivers expose the same Drizzle PostgreSQL API; code only sees this type. It is Drizzle's base
 * class, which a transaction extends: a function that may run inside a transaction or outside one
 * takes a `Db` and is given either `app.db` or the `tx` of `db.transaction((tx) => …)`, without a cast.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Independent reads, sent together on the pool (one round-trip for all); inside a transaction, one
 * after the other: a transaction holds one connection, which takes one query at a time (pg queues a
 * second one with a warning today, and pg 9 refuses it).
 */
export async function readTogether<T extends readonly unknown[]>(db: Db, reads: { [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as unknown as T;
}

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when the database had no tables before migrations ran (used to seed demo data). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Once migrations and demo data are written: gives back the memory that start-up work grew. The
   * embedded database's thread starts afresh on its folder (pglite-thread.ts); nothing on PostgreSQL.
   */
  releaseStartupMemory(): Promise<void>;
  close(): Promise<void>;
  /** Raw SQL on the same database, for libraries that bring their own queries (the job engine). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PostgreSQL only: LISTEN on `channel` through a connection of its own, reopened when it drops or goes deaf (db/listener.ts). */
  listen?(channel: string, on: ListenHandlers): { close(): Promise<void> };
  /**
   * `fn` sees the text of every statement this process sends, through Drizzle or executeSql, before it is
   * sent (the session cache forgets what a write may change). Returns what stops it.
   */
  observeStatements?(fn: (statement: string) => void): () => void;
}

/** apps/api/drizzle, from src/db (tsx, tests) as from the bundled dist/server.mjs (npm start). */
const migrationsFolder = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('Dossier des migrations (drizzle/) introuvable');
    dir = up;
  }
  return path.join(dir, 'drizzle');
})();

/** The statement observers of one handle (observeStatements), fed by Drizzle's logger and by executeSql. */
function statementObservers() {
  const observers = new Set<(statement: string) => void>();
  return {
    logQuery: (statement: string) => {
      for (const fn of observers) fn(statement);
    },
    observe: (fn: (statement: string) => void) => {
      observers.add(fn);
      return () => {
        observers.delete(fn);
      };
    },
  };
}

/** The advisory-lock key migrations take on PostgreSQL: a fixed number of this product's own. */
const MIGRATION_LOCK_KEY = 220_002;

/**
 * `dataDir` null means an in-memory embedded database (tests). `copyOf`, on the embedded database, is a
 * dump written by PGlite's dumpDataDir that the database starts from: the tests' migrated template,
 * which spares each test file PostgreSQL's initdb and the migrations (7 s of its 9).
 */
export async function openDatabase(opts: { url?: string; dataDir?: string | null; poolMax?: number; copyOf?: string }): Promise<DbHandle> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolMax ?? 10 });
    // An idle connection the server ends (a restart, an administrator's terminate) is an event, not a
    // crash: the pool drops it and opens another on the next query. Without a listener, node-postgres
    // rethrows it as an uncaught error.
    pool.on('error', (err) => console.warn(`PostgreSQL : connexion inactive fermée par le serveur (${err.message})`));
    const { logQuery, observe } = statementObservers();
    const db = drizzleNodePg(pool, { schema, logger: { logQuery } });
    const url = opts.url;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        // Nodes starting together: the first holds the lock and migrates, the others wait on it and then
        // find every migration in the journal (a session lock, held by one pooled connection throughout).
        const lockHolder = await pool.connect();
        try {
          await lockHolder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          try {
            await migrateNodePg(db, { migrationsFolder });
          } finally {
            await lockHolder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          }
        } finally {
          lockHolder.release();
        }
      },
      ping: async () => {
        await pool.query('select 1');
      },
      releaseStartupMemory: async () => {},
      close: () => pool.end(),
      executeSql: (text, values) => {
        logQuery(text);
        return pool.query(text, values as unknown[]);
      },
      // The listener proves it hears by notifying itself through the pool (db/listener.ts).
      listen: (channel, on) => listenTo(url, channel, on, { send: (ch, payload) => pool.query('select pg_notify($1, $2)', [ch, payload]) }),
      observeStatements: observe,
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
  }
  // PGlite runs in a thread of its own (pglite-thread.ts); Drizzle's PGlite driver is given the
  // thread's client, which answers the calls that driver makes (query and transaction).
  const client = await PgliteThread.open(dir, opts.copyOf);
  // Loaded here, not at start: a node on PostgreSQL never loads PGlite's JavaScript.
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  const { logQuery, observe } = statementObservers();
  const db = drizzlePglite(client as unknown as PGlite, { schema, logger: { logQuery } });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    releaseStartupMemory: () => client.restart(),
    close: () => client.close(),
    // One statement with parameters through query(); a parameterless text may hold several statements
    // (a library's schema set-up), which only exec() runs: their rows are gathered.
    executeSql: async (text, values) => {
      logQuery(text);
      return values?.length ? client.query(text, values) : { rows: (await client.exec(text)).flatMap((r) => r.rows ?? []) };
    },
    observeStatements: observe,
  };
}
