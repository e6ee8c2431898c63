/**
 * npm run bench:embedded — the embedded server (PGlite, no DATABASE_URL) under 200 connections for
 * BENCH_SECONDS (60) of the mix staff and the app make: paged and searched lists of clients, orders and
 * products, the dashboard, the bell, a client write and a points offer. The server runs as `npm start`
 * runs it (its Node flags, the bundle of `npm run build`) on a fresh data folder with the demo data, then
 * restarted on it; autocannon runs in a process of its own (load-generator.ts). Prints the server's RSS
 * at rest after the restart (and after the first start, which created the demo data), the
 * latency of the calls (p50, p99, max), errors, timeouts and non-2xx, and the longest wait of a
 * health probe that needs no database: how long a request waited before the server could read it.
 *
 * BENCH_SERVERS=label=path/to/server.mjs,… measures other bundles in the same run (a build of the
 * previous commit, say), one after the other on the same machine.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { apiDir, startCommand } from './start-command';

const DURATION = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
/** Targets for the embedded server. */
const MAX_WAIT_MS = 2000;
const RSS_AT_REST_MB = 400;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function listening(child: ChildProcess, base: string) {
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error(`Le serveur s'est arrêté (code ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await sleep(250);
  }
  throw new Error("Le serveur n'a pas démarré en 120 s");
}

async function call(base: string, url: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${url}`, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ data: unknown }>;
}

/** The mix, each call checked once (a 4xx would measure nothing). */
async function mix(base: string, token: string): Promise<autocannon.Request[]> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const page = (await call(base, '/api/clients?page=1&perPage=5', { headers })) as {
    data: { items?: { id: number; CODE_CLIENT: string }[] } | { id: number; CODE_CLIENT: string }[];
  };
  const items = Array.isArray(page.data) ? page.data : (page.data.items ?? []);
  const [client] = items;
  if (!client) throw new Error('Aucun client dans la base de démonstration');
  const calls: autocannon.Request[] = [
    { method: 'GET', path: '/api/clients?page=1&perPage=50' },
    { method: 'GET', path: '/api/clients?page=2&perPage=50&search=ca&sort=NAME&order=asc' },
    { method: 'GET', path: '/api/orders?page=1&perPage=50' },
    { method: 'GET', path: '/api/orders?page=1&perPage=50&STATUS=0' },
    { method: 'GET', path: '/api/products?page=1&perPage=50&search=a' },
    { method: 'GET', path: '/api/dashboard' },
    { method: 'GET', path: '/api/getAskOrders' },
    { method: 'PUT', path: `/api/clients/active/${client.id}`, body: JSON.stringify({ IS_ACTIVE: 1 }) },
    { method: 'PUT', path: `/api/users/offerPoints/${encodeURIComponent(client.CODE_CLIENT)}`, body: JSON.stringify({ POINTS_OFFERED: 10 }) },
  ];
  const requests = calls.map((r) => ({ ...r, headers }));
  for (const r of requests) await call(base, r.path!, { method: r.method, headers, body: r.body as string | undefined });
  return requests;
}

/** The load, from its own process. */
function load(base: string, requests: autocannon.Request[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiDir, 'bench/load-generator.ts')], {
      cwd: apiDir,
      env: { ...process.env, BENCH_LOAD: JSON.stringify({ url: base, connections: CONNECTIONS, duration: DURATION, requests }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as autocannon.Result) : reject(new Error(`autocannon : code ${code}`))));
  });
}

/**
 * A request the server answers without the database (an unknown path: 404), every 250 ms: its longest
 * wait is how long the server left a request unread. (/api/health pings the database, so it would wait
 * in the database's queue too.)
 */
function probe(base: string) {
  let stop = false;
  const waits: number[] = [];
  const done = (async () => {
    while (!stop) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}/api/sonde-sans-base`, { signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        if (res.status !== 404) throw new Error(`sonde → ${res.status}`);
        waits.push(performance.now() - t0);
      } catch {
        waits.push(30_000);
      }
      await sleep(250);
    }
  })();
  return async () => {
    stop = true;
    await done;
    return waits;
  };
}

/** The server as `npm start` runs it, on `dataDir`, until /api/health answers. */
async function startServer(script: string, dataDir: string, port: number): Promise<ChildProcess> {
  const start = startCommand();
  const child = spawn(process.execPath, [...start.args.filter((arg) => arg.startsWith('--')), script], {
    cwd: apiDir,
    env: { ...process.env, ...start.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', CAPTCHA: 'off', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await listening(child, `http://127.0.0.1:${port}`);
  return child;
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** Signs in, builds the mix (it reads ids through the API), then lets the server rest 5 s. */
async function warm(base: string) {
  const login = await call(base, '/api/loginBO', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.tn', password: 'Demo1234!', from: 'BO' }),
  });
  const requests = await mix(base, (login.data as { token: string }).token);
  await sleep(5000);
  return requests;
}

/**
 * Two starts on one data folder: the first creates the database and the demo data (what a newcomer's
 * first `npm start` does), the second is a restart, as every later start is. The RSS at rest of both is
 * printed; the load runs on the restarted server.
 */
async function measure(label: string, script: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-embedded-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  let child = await startServer(script, dataDir, port);
  try {
    await warm(base);
    const firstStart = rssMb(child.pid!);
    await stopServer(child);
    child = await startServer(script, dataDir, port);
    const requests = await warm(base);
    const atRest = rssMb(child.pid!);
    const stopProbe = probe(base);
    const r = await load(base, requests);
    const waits = await stopProbe();
    await sleep(10_000);
    const afterLoad = rssMb(child.pid!);
    const ms = (v: number) => `${Math.round(v)} ms`;
    console.log(`\n${label} (${path.relative(apiDir, script)}) — ${CONNECTIONS} connexions, ${DURATION} s, ${requests.length} appels en alternance`);
    console.log(
      `  RSS au repos                ${atRest.toFixed(0)} Mo (objectif ≤ ${RSS_AT_REST_MB}) ; au premier démarrage (base et démo créées) ${firstStart.toFixed(0)} Mo ; 10 s après la charge ${afterLoad.toFixed(0)} Mo`,
    );
    console.log(`  débit                       ${r.requests.average.toFixed(0)} req/s, ${r.requests.total} réponses`);
    console.log(`  latence                     p50 ${ms(r.latency.p50)}, p99 ${ms(r.latency.p99)}, max ${ms(r.latency.max)}`);
    console.log(`  erreurs, délais > 10 s      ${r.errors}, ${r.timeouts}   non-2xx ${r.non2xx}`);
    console.log(`  sonde sans base (404)         max ${ms(Math.max(...waits))} (objectif ≤ ${MAX_WAIT_MS}), ${waits.length} sondes`);
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.platform !== 'linux') throw new Error('/proc requis pour lire la RSS du serveur');
if (spawnSync(process.execPath, ['build.mjs'], { cwd: apiDir, stdio: 'inherit' }).status !== 0) throw new Error('npm run build a échoué');
const servers = (process.env.BENCH_SERVERS ?? '')
  .split(',')
  .filter(Boolean)
  .map((entry) => entry.split('=') as [string, string]);
for (const [label, script] of servers) await measure(label, path.resolve(apiDir, script));
await measure('Serveur embarqué', path.join(apiDir, 'dist/server.mjs'));
