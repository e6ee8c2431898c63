// The embedded database's thread (see pglite-thread.ts). Plain JavaScript so that it runs as is under
// tsx, vitest or node. PGlite runs PostgreSQL compiled to WebAssembly: each statement is synchronous
// CPU work, which on the request thread kept the server from even reading new requests under load.
// Here it works beside the main thread, which keeps parsing, authenticating and serialising.
//
// workerData: { dataDir?: string, copyOf?: string, postgresqlconf: string[] }
// Messages in:  { id, sql, params?, rowMode?, textTypes? } one statement (query), or { id, exec } a text
//               of several statements, or { id, close: true }.
// Messages out: { ready: true } once open, or { failed: error }; then per message { id, result } or
//               { id, error } (an error's fields as plain data: a class does not cross threads).
// Statements run one at a time in the order they arrive: the main thread decides that order (and
// holds other work back while a transaction's statements come one by one).
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** The PostgreSQL error's fields (code, constraint, detail…) that callers read, as plain data. */
function plainError(e) {
  if (!(e instanceof Error)) return { message: String(e) };
  const out = { name: e.name, message: e.message };
  for (const [key, value] of Object.entries(e)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  return out;
}

/** Drizzle asks for some types to stay as PostgreSQL's text (dates, intervals): the same parsers here. */
const keepText = (textTypes) => Object.fromEntries(textTypes.map((oid) => [oid, (value) => value]));

let db;
try {
  db = await PGlite.create({
    dataDir: workerData.dataDir,
    // A dump written by PGlite's dumpDataDir: the database starts as its copy, with no initdb to run.
    loadDataDir: workerData.copyOf ? new Blob([readFileSync(workerData.copyOf)]) : undefined,
    extensions: { pg_trgm, unaccent },
    postgresqlconf: workerData.postgresqlconf,
  });
  parentPort.postMessage({ ready: true });
} catch (e) {
  parentPort.postMessage({ failed: plainError(e) });
  process.exit(1);
}

async function run(message) {
  if (message.close) {
    await db.close();
    return null;
  }
  if (message.exec !== undefined) return db.exec(message.exec);
  const options = {};
  if (message.rowMode) options.rowMode = message.rowMode;
  if (message.textTypes) options.parsers = keepText(message.textTypes);
  return db.query(message.sql, message.params, options);
}

let tail = Promise.resolve();
parentPort.on('message', (message) => {
  tail = tail.then(async () => {
    try {
      parentPort.postMessage({ id: message.id, result: await run(message) });
    } catch (e) {
      parentPort.postMessage({ id: message.id, error: plainError(e) });
    }
    if (message.close) parentPort.close();
  });
});
