/**
 * The load run on PostgreSQL: the server as `npm start` runs it, in a process of its own
 * on a throw-away database seeded by seed-large, and the load generator (autocannon, load-client.ts)
 * in another. First a signed-in page of 50 rows (activities page 1) at 10 connections, beside its bare
 * SQL run through a pool of the server's size at the same concurrency; then 200 connections of the
 * mix staff and the app make, with each kind's figures beside the targets.
 * Part of `npm run bench` on PostgreSQL; alone: `TEST_DATABASE_URL=… npx tsx bench/load.ts`.
 * Env: BENCH_LOAD_SECONDS (60), BENCH_LOAD_CONNECTIONS (200), BENCH_PAGE_SECONDS (10),
 * BENCH_LOAD_CLIENTS (100,000), BENCH_LOAD_ORDERS (300,000), BENCH_LOAD_LOGS (300,000),
 * BENCH_LOAD_KEEP=<name> (seed a database of that name once, keep it, reuse it in later runs), BENCH_LOAD_POOLS (10; "10,20" runs both in turn), BENCH_LOAD_SESSION_CACHE (30, the server's
 * SESSION_CACHE_SECONDS; "30,0" runs both in turn, for each pool size), BENCH_LOAD_TWO_NODES (1; 0 skips the mix through a
 * round-robin proxy to one node, then to two nodes, bench/proxy.ts), BENCH_CPU_PROF=<dir> (the server writes a V8 CPU profile there when it stops), BENCH_PG_SAMPLE=1 (prints
 * the statements PostgreSQL was found running most often during the mix, sampled every 20 ms).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { seedDemoAccounts } from '../src/db/seed-accounts';
import { compileResource } from '../src/lib/crud/compile';
import { activitiesResource } from '../src/modules/classification/activities.resource';
import { clientActivities } from '../src/lib/clients/classification.table';
import { seedLarge } from '../src/modules/seed-large';
import { SessionCache } from '../src/lib/auth/session-cache';
import type { CurrentUser } from '../src/lib/auth/current-user';
import { sessionUser } from '../src/plugins/auth';
import { seedActivities } from './activities';
import type { KindFigures, LoadKind, LoadSpec } from './load-client';
import { listening } from './server-memory';
import { apiDir, startCommand } from './start-command';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
const PAGE_SECONDS = Number(process.env.BENCH_PAGE_SECONDS ?? 10);
const VOLUMES = {
  clients: Number(process.env.BENCH_LOAD_CLIENTS ?? 100_000),
  orders: Number(process.env.BENCH_LOAD_ORDERS ?? 300_000),
  logs: Number(process.env.BENCH_LOAD_LOGS ?? 300_000),
};
/** Pool sizes to run the server with in turn (DATABASE_POOL_MAX), e.g. "10,20" to compare them. */
const POOLS = (process.env.BENCH_LOAD_POOLS ?? '10').split(',').map(Number);
/** SESSION_CACHE_SECONDS values to run the server with in turn, e.g. "30,0" to see what the session cache gives. */
const SESSION_CACHES = (process.env.BENCH_LOAD_SESSION_CACHE ?? '30').split(',').map(Number);
const TARGET_P99 = 250;
const TARGET_PAGE_RPS = 1500;

/** Runs load-client.ts in a process of its own and returns its figures. */
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

/** Requests per second of `fn` run by `concurrency` loops side by side for `seconds`. */
async function closedLoop(seconds: number, concurrency: number, fn: () => Promise<unknown>) {
  const end = performance.now() + seconds * 1000;
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await fn();
        times.push(performance.now() - t0);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { rps: times.length / seconds, p50: times[Math.floor(times.length / 2)], p99: times[Math.floor(times.length * 0.99)] };
}

const ms = (v: number) => `${v.toFixed(0).padStart(5)} ms`;
const kindLine = (f: KindFigures) =>
  `${f.kind.padEnd(34)} ${String(f.connections).padStart(4)} cx ${f.rps.toFixed(0).padStart(6)} req/s   p50 ${ms(f.p50)}   p99 ${ms(f.p99)}   max ${ms(f.max)}   ` +
  `erreurs ${f.errors}   timeouts ${f.timeouts}   5xx ${f.status5xx}   non-2xx ${f.non2xx}`;

/** The mix: every kind's share of the connections (out of 200) and its calls. */
function mix(ids: [number, number], clientCode: string, productWord: string, typeId: number): [share: number, LoadKind][] {
  const pages = (p: string) => [1, 2, 3, 5, 10].map((n) => `${p}page=${n}&perPage=50`);
  return [
    [30, { kind: 'clients : pages', connections: 0, paths: pages('/api/clients?') }],
    [
      20,
      {
        kind: 'clients : recherche',
        connections: 0,
        paths: ['/api/clients?page=1&perPage=50&search=caf', `/api/clients?page=1&perPage=50&tags=${clientCode}`],
      },
    ],
    [25, { kind: 'commandes : pages', connections: 0, paths: pages('/api/orders?') }],
    [
      15,
      {
        kind: 'commandes : recherche, filtre',
        connections: 0,
        paths: [`/api/orders?page=1&perPage=50&search=${clientCode}`, '/api/orders?page=1&perPage=50&STATUS=0'],
      },
    ],
    [20, { kind: 'produits : pages', connections: 0, paths: pages('/api/products?') }],
    [10, { kind: 'produits : recherche', connections: 0, paths: [`/api/products?page=1&perPage=50&search=${encodeURIComponent(productWord)}`] }],
    [15, { kind: 'tableau de bord', connections: 0, paths: ['/api/dashboard', '/api/dashboard/count'] }],
    [35, { kind: 'cloches', connections: 0, paths: ['/api/getAskOrders', '/api/getAskPurchases'] }],
    [
      15,
      {
        kind: 'client : modification',
        connections: 0,
        method: 'PUT',
        paths: ['/api/clients/{id}'],
        body: `{"ADDRESS":"Rue du banc {id}","TYPE_CLIENT_ID":${typeId}}`,
        ids,
      },
    ],
    [
      15,
      { kind: 'points offerts', connections: 0, method: 'POST', paths: ['/api/users/offerPoints/clients'], body: '{"POINTS_OFFERED":1,"CLIENTS":[{id}]}', ids },
    ],
  ];
}

/** Samples, every 20 ms, the statements of database `db` that PostgreSQL is running (the database's own profile). */
function sampleActive(admin: pg.Client, db: string) {
  const seen = new Map<string, number>();
  let total = 0;
  let on = true;
  const done = (async () => {
    while (on) {
      const { rows } = await admin.query<{ q: string; w: string | null }>(
        "select left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as q, wait_event_type as w from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid()",
        [db],
      );
      total++;
      for (const r of rows) {
        const key = `${r.w ?? 'CPU'} | ${r.q}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    stop: async () => {
      on = false;
      await done;
      return { seen, total };
    },
  };
}

function printSamples({ seen, total }: { seen: Map<string, number>; total: number }) {
  console.log(`\nPostgreSQL : statements actifs, moyenne par échantillon (${total} échantillons)`);
  for (const [q, n] of [...seen].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${(n / total).toFixed(2).padStart(6)}  ${q}`);
}

export async function benchLoad(adminUrl: string) {
  // BENCH_LOAD_KEEP=<name>: a database of that name is seeded once and kept, and later runs reuse it.
  const kept = process.env.BENCH_LOAD_KEEP;
  const name = kept ?? `bo_load_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const reuse = kept !== undefined && (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!reuse) await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const handle = await openDatabase({ url: u.toString() });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-load-'));
  let child: ChildProcess | undefined;
  const extra: ChildProcess[] = [];
  try {
    const t0 = performance.now();
    await handle.migrate();
    if (!reuse) {
      await seedDemoAccounts(handle.db, 'Demo1234!');
      await seedActivities(handle);
      await seedLarge(handle.db, VOLUMES, 'Demo1234!', () => {});
      // As autovacuum leaves a live database: the visibility map set, so unfiltered counts scan an index only.
      await handle.executeSql('vacuum analyze', []);
    }
    const seeded = ((performance.now() - t0) / 1000).toFixed(0);

    if (spawnSync(process.execPath, ['build.mjs'], { cwd: apiDir, stdio: 'inherit' }).status !== 0) throw new Error('npm run build a échoué');
    console.log(
      `\nPostgreSQL — serveur seul (npm start), chargeur dans son propre processus ; ${VOLUMES.clients} clients, ${VOLUMES.orders} commandes, ${VOLUMES.logs} connexions (générés en ${seeded} s)`,
    );
    const [{ min, max }] = (await handle.executeSql('select min(id)::int as min, max(id)::int as max from clients', [])).rows as { min: number; max: number }[];
    const [{ code }] = (await handle.executeSql('select code_client as code from clients order by id offset 7 limit 1', [])).rows as { code: string }[];
    const [{ label }] = (await handle.executeSql("select split_part(label, ' ', 1) as label from products order by id offset 3 limit 1", [])).rows as {
      label: string;
    }[];
    // Generated clients have no type, which the client form requires: the write sets one, as staff would.
    const [{ typeId }] = (
      await handle.executeSql(
        `with found as (select id from client_types where name = 'Banc de charge'), made as (insert into client_types (name) select 'Banc de charge' where not exists (select 1 from found) returning id)
         select id as "typeId" from found union all select id from made`,
        [],
      )
    ).rows as { typeId: number }[];
    const r = compileResource(activitiesResource);
    const order = [asc(r.sortable.NAME), asc(clientActivities.id)];
    // Each pool size of BENCH_LOAD_POOLS in turn, the same server otherwise: a comparison within one run.
    /** The server as npm start runs it, on `port`, in a process of its own. */
    const startNode = (port: number, poolMax: number, prof: string[] = [], sessionCache = SESSION_CACHES[0]) => {
      const start = startCommand();
      return spawn(process.execPath, [...prof, ...start.args], {
        cwd: apiDir,
        env: {
          ...process.env,
          ...start.env,
          CAPTCHA_SECRET: 'bench-secret-0123456789',
          DATABASE_URL: u.toString(),
          DATABASE_POOL_MAX: String(poolMax),
          SESSION_CACHE_SECONDS: String(sessionCache),
          PORT: String(port),
          HOST: '127.0.0.1',
          CAPTCHA: 'off',
          LOG_LEVEL: 'warn',
          DATA_DIR: dataDir,
          NODE_ENV: 'production',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    };
    const signIn = async (base: string) => {
      const login = await fetch(`${base}/api/loginBO`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.tn', password: 'Demo1234!', from: 'BO' }),
      });
      return ((await login.json()) as { data: { token: string } }).data.token;
    };
    const mixTotal = (figures: KindFigures[]) => {
      const sum = (key: 'rps' | 'errors' | 'timeouts' | 'status5xx' | 'non2xx') => figures.reduce((n, f) => n + f[key], 0);
      return { rps: sum('rps'), errors: sum('errors'), timeouts: sum('timeouts'), status5xx: sum('status5xx'), p99: Math.max(...figures.map((f) => f.p99)) };
    };
    for (const [poolMax, sessionCache] of POOLS.flatMap((p) => SESSION_CACHES.map((c) => [p, c] as const))) {
      const port = 3900 + Math.floor(Math.random() * 90);
      const base = `http://127.0.0.1:${port}`;
      const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
      child = startNode(port, poolMax, prof, sessionCache);
      await listening(child, base);
      const token = await signIn(base);
      const headers = { authorization: `Bearer ${token}` };
      const load = () => `charge ${os.loadavg()[0].toFixed(2)} sur ${os.cpus().length} cœurs`;
      console.log(`\npool de ${poolMax} connexions PostgreSQL (DATABASE_POOL_MAX), sessions gardées ${sessionCache} s (SESSION_CACHE_SECONDS) ; ${load()}`);

      // A signed-in page of 50 rows at 10 connections, beside its bare SQL at the same concurrency.
      const [page] = await loadFrom({
        base,
        seconds: PAGE_SECONDS,
        headers,
        kinds: [{ kind: 'activités page 1 (50 lignes)', connections: 10, paths: ['/api/clients_activities?page=1&perPage=50'] }],
      });
      // The server keeps the session it checked (SESSION_CACHE_SECONDS): so does the bare side, with the same cache.
      const bareSessions = sessionCache > 0 ? new SessionCache<CurrentUser>(sessionCache * 1000) : null;
      bareSessions?.up();
      const bare = await closedLoop(PAGE_SECONDS, 10, async () => {
        await sessionUser(handle.db, token, undefined, bareSessions);
        // As the API reads a page: its rows with their total in one statement (lib/crud, listPage).
        await r
          .select(handle.db)
          .pageRows(sql`(${r.select(handle.db).count.where(undefined)})`)
          .where(undefined)
          .orderBy(...order)
          .limit(50);
      });
      console.log(kindLine(page));
      console.log(
        `${'  même page, SQL nu (pool de 10, 10 en parallèle)'.padEnd(42)} ${bare.rps.toFixed(0).padStart(6)} req/s   p50 ${ms(bare.p50)}   p99 ${ms(bare.p99)}   ratio API/nu ${(page.rps / bare.rps).toFixed(2)} ; objectif API ≥ ${TARGET_PAGE_RPS} req/s`,
      );

      // The mix at CONNECTIONS connections, each call tried once first: a wrong path or body is the bench's fault.
      const kinds = mix([min, max], code, label, typeId).map(([share, k]) => ({ ...k, connections: Math.max(1, Math.round((share * CONNECTIONS) / 200)) }));
      for (const k of kinds) {
        const fill = (t: string) => t.replaceAll('{id}', String(min));
        const res = await fetch(`${base}${fill(k.paths[0])}`, {
          method: k.method ?? 'GET',
          headers: { ...headers, ...(k.body ? { 'content-type': 'application/json' } : {}) },
          body: k.body ? fill(k.body) : undefined,
        });
        if (!res.ok) throw new Error(`${k.kind} : ${k.method ?? 'GET'} ${k.paths[0]} → ${res.status} ${(await res.text()).slice(0, 300)}`);
      }
      const sampler = process.env.BENCH_PG_SAMPLE ? sampleActive(admin, name) : null;
      const before = load();
      const figures = await loadFrom({ base, seconds: SECONDS, headers, kinds });
      if (sampler) printSamples(await sampler.stop());
      const total = mixTotal(figures);
      console.log(
        `\n${kinds.reduce((n, k) => n + k.connections, 0)} connexions pendant ${SECONDS} s, le mélange du back-office et de l'appli ; ${before} au départ, ${load()} à la fin`,
      );
      for (const f of figures) console.log(kindLine(f));
      console.log(
        `total ${total.rps.toFixed(0)} req/s ; erreurs ${total.errors}, timeouts ${total.timeouts}, 5xx ${total.status5xx} (objectif 0) ; p99 le plus lent ${total.p99} ms (objectif ≤ ${TARGET_P99} ms)`,
      );
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }

    // The same mix through a round-robin proxy (a load balancer in its own process) to one node, then to
    // two nodes on the same database: what a second node adds on this machine.
    if (process.env.BENCH_LOAD_TWO_NODES !== '0') {
      const ports = [3990, 3991];
      const nodes = ports.map((p) => startNode(p, POOLS[0]));
      extra.push(...nodes);
      await Promise.all(nodes.map((n, i) => listening(n, `http://127.0.0.1:${ports[i]}`)));
      const headers = { authorization: `Bearer ${await signIn(`http://127.0.0.1:${ports[0]}`)}` };
      const kinds = mix([min, max], code, label, typeId).map(([share, k]) => ({ ...k, connections: Math.max(1, Math.round((share * CONNECTIONS) / 200)) }));
      console.log(`
${CONNECTIONS} connexions pendant ${SECONDS} s, le même mélange derrière un répartiteur (bench/proxy.ts, tourniquet)`);
      for (const count of [1, 2]) {
        const proxyPort = 3995;
        const proxy = spawn(
          process.execPath,
          ['--import', 'tsx', 'bench/proxy.ts', String(proxyPort), ...ports.slice(0, count).map((p) => `http://127.0.0.1:${p}`)],
          { cwd: apiDir, stdio: ['ignore', 'pipe', 'inherit'] },
        );
        await new Promise<void>((resolve) => proxy.stdout.once('data', () => resolve()));
        const total = mixTotal(await loadFrom({ base: `http://127.0.0.1:${proxyPort}`, seconds: SECONDS, headers, kinds }));
        console.log(
          `  ${count} nœud${count > 1 ? 's' : ''} : ${total.rps.toFixed(0)} req/s ; p99 le plus lent ${total.p99} ms ; erreurs ${total.errors}, timeouts ${total.timeouts}, 5xx ${total.status5xx}`,
        );
        proxy.kill('SIGTERM');
        await new Promise((r) => proxy.once('exit', r));
      }
    }
  } finally {
    for (const n of extra) {
      if (n.exitCode === null) {
        n.kill('SIGTERM');
        await new Promise((r) => n.once('exit', r));
      }
    }
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    await handle.close();
    if (!kept) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL requis (une base PostgreSQL où créer la base jetable)');
  await benchLoad(url);
}
