/**
 * npm run bench — not a test: measures sign-in and a paged, searched list of 10,000 activities,
 * then the clients list and exports at BENCH_CLIENTS clients (default 100,000; 0 skips them),
 * on PGlite and (when TEST_DATABASE_URL is set) on a throw-away PostgreSQL database, where the orders
 * list and bell follow at BENCH_ORDERS orders (default 1,000,000; 0 skips them), the rebate generation
 * and its simulation, the points ledger grown to BENCH_LEDGER_ROWS rows (default 10,000,000; 0 skips it:
 * an offer to 10,000 clients, the daily expiry run, the FIFO lots' cost; bench/points.ts), the ledger's
 * verification and liability on that ledger (bench/ledger.ts), then the dashboard at
 * BENCH_LOGS connection logs (default 2,000,000; 0 skips it).
 * Prints requests/s and p50/p99 latency, and for clients each API figure beside the bare work, and the
 * whole list's PDF export beside a page of clients asked meanwhile (bench/pdf-export.ts); then
 * the hostile 1 MB bodies beside an ordinary one (bench/hostile.ts). On PostgreSQL it ends with the load
 * run of bench/load.ts (200 connections of the mixed calls, the server in a process of its own), the
 * mobile app's API (bench/app-api.ts) and a page of clients beside a burst of sign-ins (bench/password-burst.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DbHandle, openDatabase } from '../src/db/client';
import { seedDemoAccounts } from '../src/db/seed-accounts';
import { ACTIVITIES, seedActivities } from './activities';
import { benchBulk, BULK_CLIENTS } from './bulk';
import { benchClients, CLIENTS, RUNS, seedClients } from './clients';
import { benchDashboard, LOGS, seedLogs } from './dashboard';
import { benchGeneration } from './generation';
import { benchHostile } from './hostile';
import { benchLedger } from './ledger';
import { benchAppApi } from './app-api';
import { benchLoad } from './load';
import { benchOrders, ORDERS, seedOrders } from './orders';
import { benchPdfExport } from './pdf-export';
import { benchServerMemory } from './server-memory';
import { benchPasswordBurst } from './password-burst';
import { benchPoints, LEDGER_ROWS, seedLedger } from './points';
import { benchSimulation } from './simulation';
import { benchSync } from './sync';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

async function seed(handle: DbHandle) {
  await handle.migrate();
  await seedDemoAccounts(handle.db, 'Demo1234!');
  await seedActivities(handle);
}

function run(url: string, opts: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, duration: DURATION, connections: 10, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

const line = (label: string, r: autocannon.Result) =>
  `${label.padEnd(44)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}`;

async function bench(kind: string, handle: DbHandle, cleanup: () => Promise<void>, url?: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-'));
  await seed(handle);
  const config = loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
  const app = await buildApp({ config, database: handle, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  try {
    const login = await fetch(`${base}/api/loginBO`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.tn', password: 'Demo1234!', from: 'BO' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const auth = { authorization: `Bearer ${token}` };
    console.log(`\n${kind} — ${ACTIVITIES} activités, ${DURATION} s par mesure, 10 connexions`);
    const signIn = await run(`${base}/api/loginBO`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.tn', password: 'Demo1234!', from: 'BO' }),
    });
    console.log(line('POST /api/loginBO (scrypt)', signIn));
    const list = await run(`${base}/api/clients_activities?page=3&perPage=50&search=caf&sort=NAME&order=asc`, { headers: auth });
    console.log(line('GET activities page 3, search "caf", sort', list));
    const first = await run(`${base}/api/clients_activities?page=1&perPage=50`, { headers: auth });
    console.log(line('GET activities page 1 (no search)', first));
    const deep = await run(`${base}/api/clients_activities?page=150&perPage=50&sort=CODE&order=desc`, { headers: auth });
    console.log(line('GET activities page 150, sort CODE desc', deep));
    await benchHostile(base);
    if (CLIENTS > 0) {
      const seeded = await seedClients(handle);
      console.log(`\n${kind} — ${CLIENTS} clients (générés en ${(seeded / 1000).toFixed(0)} s), médiane de ${RUNS} appels en alternance avec le travail nu`);
      await benchClients(app, handle, auth);
      // The whole list as a PDF beside a page of clients asked meanwhile (bench/pdf-export.ts; BENCH_PDF=0 skips).
      if (process.env.BENCH_PDF !== '0') await benchPdfExport(app, auth);
      if (handle.kind === 'postgres' && CLIENTS >= BULK_CLIENTS) {
        console.log(`\n${kind} — actions groupées sur ${BULK_CLIENTS} clients (bench/bulk.ts)`);
        await benchBulk(app, handle, auth);
      }
      // On PostgreSQL the server can also run alone, as `npm start` runs it, on the same database.
      if (url) {
        await benchServerMemory(url, [
          [`export CSV (${CLIENTS} lignes), serveur seul`, '/api/export/csv'],
          [`export XLSX (${CLIENTS} lignes), serveur seul`, '/api/export/excel'],
        ]);
      }
    }
    if (ORDERS > 0 && handle.kind === 'postgres') {
      const seeded = await seedOrders(handle);
      console.log(
        `\n${kind} — ${ORDERS} commandes avec leurs lignes (générées en ${(seeded / 1000).toFixed(0)} s), médiane de ${RUNS} appels en alternance avec le travail nu`,
      );
      await benchOrders(app, handle, auth);
      console.log(`\n${kind} — génération des vouchers de ristourne sur ces ${ORDERS} commandes`);
      await benchGeneration(app, handle, auth);
      console.log(`\n${kind} — simulation des vouchers de ristourne sur ces ${ORDERS} commandes`);
      await benchSimulation(app, handle, auth);
      if (LEDGER_ROWS > 0) {
        const ledgerSeeded = await seedLedger(handle);
        console.log(
          `\n${kind} — registre de points à ${CLIENTS} clients et ${LEDGER_ROWS} lignes (générées en ${(ledgerSeeded / 1000).toFixed(0)} s), médiane de ${RUNS} appels`,
        );
        await benchPoints(app, handle, auth);
      }
      console.log(`\n${kind} — contrôle du registre et passif du programme sur ce registre`);
      await benchLedger(app, handle, auth);
      if (LOGS > 0) {
        const logsSeeded = await seedLogs(handle);
        console.log(
          `\n${kind} — tableau de bord à ${ORDERS} commandes et ${LOGS} connexions (générées en ${(logsSeeded / 1000).toFixed(0)} s), médiane de ${RUNS} appels`,
        );
        await benchDashboard(app, handle, auth);
      }
    }
  } finally {
    await app.close();
    await handle.close();
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// BENCH_DB=postgres measures the server only (the embedded run takes minutes at 100,000 clients).
if (process.env.BENCH_DB !== 'postgres') await bench('PGlite (embarqué)', await openDatabase({}), async () => {});
const url = process.env.TEST_DATABASE_URL;
if (url) {
  const name = `bo_bench_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  await bench(
    'PostgreSQL',
    await openDatabase({ url: u.toString() }),
    async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
    u.toString(),
  );
  // The ERP synchronisations, in a database of their own (BENCH_SYNC_PRODUCTS, BENCH_SYNC_LINES; 0 skips).
  if (Number(process.env.BENCH_SYNC_LINES ?? 1) > 0) await benchSync(url);
  // The load run (bench/load.ts): the server alone, the load generator in its own process; BENCH_LOAD=0 skips.
  if (process.env.BENCH_LOAD !== '0') await benchLoad(url);
  // The mobile app's API and the webhooks (bench/app-api.ts); BENCH_APP=0 skips.
  if (process.env.BENCH_APP !== '0') await benchAppApi(url);
  // A page of clients alone, then beside a burst of sign-ins (bench/password-burst.ts); BENCH_BURST=0 skips.
  if (process.env.BENCH_BURST !== '0') await benchPasswordBurst(url);
} else {
  console.log('\n(TEST_DATABASE_URL non défini : mesure PostgreSQL ignorée)');
}
