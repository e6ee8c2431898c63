/**
 * The points ledger benches alone (bench/points.ts, then bench/ledger.ts on the same ledger), without the
 * rest of npm run bench: a throw-away PostgreSQL database of TEST_DATABASE_URL with BENCH_CLIENTS clients
 * and a ledger of BENCH_LEDGER_ROWS rows.
 * TEST_DATABASE_URL=… npx tsx bench/points-alone.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { seedDemoAccounts } from '../src/db/seed-accounts';
import { seedActivities } from './activities';
import { CLIENTS, seedClients } from './clients';
import { benchLedger } from './ledger';
import { benchPoints, LEDGER_ROWS, seedLedger } from './points';

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('TEST_DATABASE_URL est requis');
const name = `bo_bench_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const u = new URL(url);
u.pathname = `/${name}`;
const handle = await openDatabase({ url: u.toString() });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-'));
try {
  await handle.migrate();
  await seedDemoAccounts(handle.db, 'Demo1234!');
  await seedActivities(handle);
  const seeded = (await seedClients(handle)) + (await seedLedger(handle));
  console.log(`PostgreSQL — ${CLIENTS} clients, registre de ${LEDGER_ROWS} lignes visé (générés en ${(seeded / 1000).toFixed(0)} s)`);
  const app = await buildApp({
    config: loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }),
    database: handle,
    logger: false,
  });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/loginBO', payload: { email: 'admin@demo.tn', password: 'Demo1234!', from: 'BO' } });
    const auth = { authorization: `Bearer ${login.json().data.token}` };
    await benchPoints(app, handle, auth);
    console.log('\nContrôle du registre et passif du programme sur ce registre');
    await benchLedger(app, handle, auth);
  } finally {
    await app.close();
  }
} finally {
  await handle.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
