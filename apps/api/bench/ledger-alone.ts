/**
 * The ledger bench alone (bench/ledger.ts), without the rest of npm run bench: a throw-away
 * PostgreSQL database of TEST_DATABASE_URL with BENCH_CLIENTS clients and BENCH_ORDERS orders.
 * TEST_DATABASE_URL=… npx tsx bench/ledger-alone.ts
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
import { CLIENTS } from './clients';
import { ORDERS, seedOrders } from './orders';
import { benchLedger } from './ledger';

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
  const seeded = await seedOrders(handle);
  console.log(`PostgreSQL — ${CLIENTS} clients, ${ORDERS} commandes (générés en ${(seeded / 1000).toFixed(0)} s)`);
  const app = await buildApp({
    config: loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }),
    database: handle,
    logger: false,
  });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/loginBO', payload: { email: 'admin@demo.tn', password: 'Demo1234!', from: 'BO' } });
    await benchLedger(app, handle, { authorization: `Bearer ${login.json().data.token}` });
  } finally {
    await app.close();
  }
} finally {
  await handle.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
