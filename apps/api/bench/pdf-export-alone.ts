/**
 * The PDF export bench alone (bench/pdf-export.ts), without the rest of npm run bench: BENCH_CLIENTS
 * clients in an embedded database, or in a throw-away PostgreSQL database when TEST_DATABASE_URL is set.
 * BENCH_CLIENTS=20000 npx tsx bench/pdf-export-alone.ts
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
import { benchPdfExport } from './pdf-export';

const url = process.env.TEST_DATABASE_URL;
const name = `bo_bench_${randomBytes(3).toString('hex')}`;
const admin = url ? new pg.Client({ connectionString: url }) : null;
let target: string | undefined;
if (admin && url) {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  target = u.toString();
}
const handle = await openDatabase(target ? { url: target } : {});
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-'));
try {
  await handle.migrate();
  await seedDemoAccounts(handle.db, 'Demo1234!');
  // The generated clients take their activities and categories from these.
  await seedActivities(handle);
  const seeded = await seedClients(handle);
  console.log(`${target ? 'PostgreSQL' : 'PGlite (embarqué)'} — ${CLIENTS} clients (générés en ${(seeded / 1000).toFixed(0)} s)`);
  const app = await buildApp({
    config: loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }),
    database: handle,
    logger: false,
  });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/loginBO', payload: { email: 'admin@demo.tn', password: 'Demo1234!', from: 'BO' } });
    await benchPdfExport(app, { authorization: `Bearer ${login.json().data.token}` });
  } finally {
    await app.close();
  }
} finally {
  await handle.close();
  if (admin) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
}
