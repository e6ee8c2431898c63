/**
 * A burst of sign-ins beside ordinary work, on PostgreSQL: the server as `npm start` runs it, in a
 * process of its own, and the load generator (autocannon, load-client.ts) in another. First a page of
 * clients (`GET /api/clients?page=1&perPage=10`, a staff session) at 10 connections alone; then the same
 * page while BENCH_BURST_SIGN_INS sign-ins (50) arrive at once, each on its own connection, from its own
 * address, for its own account. Password hashes wait in a short line (lib/password.ts: a slot or two,
 * PASSWORD_HASH_QUEUE waiting, 16 by default); the rest are answered 503 at once. Prints the page's
 * throughput alone ÷ during the burst and its p99 during ÷ alone (target ≤ 1.5 each), and how the
 * sign-ins were answered.
 * Part of `npm run bench` on PostgreSQL (BENCH_BURST=0 skips it); alone:
 * `TEST_DATABASE_URL=… npx tsx bench/password-burst.ts`.
 * Env: BENCH_CLIENTS (100,000 clients), BENCH_BURST_SECONDS (10 s per measure), BENCH_BURST_SIGN_INS (50).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { seedLarge } from '../src/modules/seed-large';
import type { KindFigures, LoadSpec } from './load-client';
import { listening } from './server-memory';
import { apiDir, startCommand } from './start-command';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 10);
const SIGN_INS = Number(process.env.BENCH_BURST_SIGN_INS ?? 50);
const PASSWORD = 'Demo1234!';
const PAGE = '/api/clients?page=1&perPage=10';
const TARGET = 1.5;

function loadFrom(spec: LoadSpec): Promise<KindFigures[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load-client.ts', JSON.stringify(spec)], {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as KindFigures[]) : reject(new Error(`load-client : code ${code}`)))),
  );
}

const figures = (label: string, f: KindFigures) =>
  `${label.padEnd(40)} ${f.rps.toFixed(0).padStart(6)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   non-2xx ${f.non2xx}   erreurs ${f.errors + f.timeouts}`;

export async function benchPasswordBurst(adminUrl: string) {
  const name = `bo_bench_burst_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const handle = await openDatabase({ url: u.toString() });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-burst-'));
  let child: ChildProcess | null = null;
  try {
    await handle.migrate();
    const t0 = performance.now();
    await seedLarge(handle.db, CLIENTS, PASSWORD, () => {});
    // The burst's accounts: staff sharing the admin's hash of the same password (no hash made here).
    await handle.executeSql(
      `insert into users (email, password_hash, firstname, lastname, role_id, status)
       select 'rafale.' || g || '@demo.tn', u.password_hash, 'Rafale', g::text, u.role_id, 1 from users u, generate_series(1, $1::int) g where u.email = 'admin@demo.tn'`,
      [SIGN_INS],
    );
    await handle.executeSql('vacuum analyze', []);
    const seeded = ((performance.now() - t0) / 1000).toFixed(0);

    if (spawnSync(process.execPath, ['build.mjs'], { cwd: apiDir, stdio: 'inherit' }).status !== 0) throw new Error('npm run build a échoué');
    const port = 3700 + Math.floor(Math.random() * 90);
    const base = `http://127.0.0.1:${port}`;
    const start = startCommand();
    child = spawn(process.execPath, start.args, {
      cwd: apiDir,
      env: {
        ...process.env,
        ...start.env,
        CAPTCHA_SECRET: 'bench-secret-0123456789',
        DATABASE_URL: u.toString(),
        PORT: String(port),
        HOST: '127.0.0.1',
        CAPTCHA: 'off',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        // Each sign-in of the burst comes from its own address (X-Forwarded-For), as many users would.
        TRUST_PROXY: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await listening(child, base);
    const login = await fetch(`${base}/api/loginBO`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
      body: JSON.stringify({ email: 'admin@demo.tn', password: PASSWORD, from: 'BO' }),
    });
    if (!login.ok) throw new Error(`connexion admin : ${login.status} ${await login.text()}`);
    const headers = { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
    const load = () => `charge ${os.loadavg()[0].toFixed(2)} sur ${os.cpus().length} cœurs`;
    console.log(
      `\nPostgreSQL — rafale de ${SIGN_INS} connexions à côté d'une page de clients ; ${CLIENTS} clients (générés en ${seeded} s), ${SECONDS} s par mesure ; ${load()}`,
    );

    const page = { kind: 'page', connections: 10, paths: [PAGE] };
    const [alone] = await loadFrom({ base, seconds: SECONDS, headers, kinds: [page] });
    console.log(figures(`GET ${PAGE}, seule`, alone));
    const [during, burst] = await loadFrom({
      base,
      seconds: SECONDS,
      headers,
      kinds: [
        page,
        {
          kind: 'rafale',
          connections: SIGN_INS,
          amount: SIGN_INS,
          // A sign-in waiting in the line takes seconds: it is not cut at autocannon's 10 s.
          timeout: 120,
          method: 'POST',
          paths: ['/api/loginBO'],
          body: JSON.stringify({ email: 'rafale.{id}@demo.tn', password: PASSWORD, from: 'BO' }),
          ids: [1, SIGN_INS],
          idsInTurn: true,
          headers: { 'x-forwarded-for': '198.51.100.{id}' },
        },
      ],
    });
    console.log(figures(`GET ${PAGE}, pendant la rafale`, during));
    const statuses = burst.statuses ?? {};
    console.log(
      `  rafale : ${burst.requests} connexions envoyées ; 200 : ${statuses['200'] ?? 0}, 503 (file pleine) : ${statuses['503'] ?? 0}, autres : ${JSON.stringify(
        Object.fromEntries(Object.entries(statuses).filter(([code]) => code !== '200' && code !== '503')),
      )}, erreurs ${burst.errors}, délais dépassés ${burst.timeouts} ; p99 ${burst.p99} ms, max ${burst.max} ms`,
    );
    const rpsRatio = alone.rps / during.rps;
    const p99Ratio = during.p99 / Math.max(1, alone.p99);
    console.log(
      `  ratio débit seule ÷ pendant ${rpsRatio.toFixed(2)}, ratio p99 pendant ÷ seule ${p99Ratio.toFixed(2)} (objectif ≤ ${TARGET} chacun) ; ${load()}`,
    );
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    await handle.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL requis (une base PostgreSQL où créer la base jetable)');
  await benchPasswordBurst(url);
}
