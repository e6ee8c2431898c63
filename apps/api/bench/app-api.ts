/**
 * The mobile app's API and the webhooks under load, on PostgreSQL only:
 * part of `npm run bench` on PostgreSQL (BENCH_APP=0 skips it), or alone: `TEST_DATABASE_URL=… npx tsx
 * bench/app-api.ts` (after `npm run build -w apps/api`: the server runs as
 * `npm start` runs it, in a process of its own; autocannon in another, bench/load-client.ts).
 *
 * - App sign-in, the catalogue's first page and POST orders at 50 connections, one app user each (a
 *   phone sends its calls one after another; sign-ins, scrypt's CPU work on the low-priority hashing threads, queue
 *   behind each other: they get 60 s before a timeout), each beside the same work called directly in this process at the same
 *   concurrency through a pool of the server's size: the service and its SQL without HTTP, routing,
 *   validation, the per-user rate limit, the idempotency key or the reply's serialisation. Target ratio
 *   (bare req/s ÷ API req/s) ≤ 1.5.
 * - Webhooks: events written to the outbox at a steady BENCH_WEBHOOK_RATE per second (500) for
 *   BENCH_WEBHOOK_SECONDS (20), delivered by the server's dispatcher to a receiver in this process:
 *   the delivered rate and the delay from the event's commit to its arrival (target ≥ 500/s, p99 ≤ 2 s).
 * - The outbox's cost: an app order written with its order.created row, beside the same order whose
 *   event row is dropped by a trigger (the payload is still built; the row's write and index are not).
 *   Target ≤ 1.10.
 * BENCH_APP_PROFILE=<dir> has the server write a CPU profile there when it stops.
 * Volumes: BENCH_APP_PRODUCTS (5,000 visible products, price lists of 20 circuits for each, a point
 * period on one in five), BENCH_APP_CLIENTS (1,000 clients, one app user each).
 * The server runs with TRUST_PROXY=1 so that each sign-in may come from its own address, each in a /64
 * of its own as the per-address limits count IPv6 (the app's
 * users are many; the per-address sign-in limit is not what is measured) and APP_RATE_PER_MINUTE at
 * 1,000,000 (the per-user count still runs on every call, it never refuses).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { seedDemoAccounts } from '../src/db/seed-accounts';
import { type AppUser, appUserOf } from '../src/lib/auth/app-tokens';
import { hashPassword } from '../src/lib/password';
import { appSignIn } from '../src/modules/app/app-auth.service';
import { productsPage } from '../src/modules/app/app-catalogue.queries';
import { placeAppOrder } from '../src/modules/app/app-orders.service';
import { APP_REFRESH_MAX_DAYS, type AppOrderBody } from '@app/domain';
import type { KindFigures, LoadKind, LoadSpec } from './load-client';
import { listening } from './server-memory';
import { apiDir, startCommand } from './start-command';

const PRODUCTS = Number(process.env.BENCH_APP_PRODUCTS ?? 5_000);
const CLIENTS = Number(process.env.BENCH_APP_CLIENTS ?? 1_000);
const SECONDS = Number(process.env.BENCH_APP_SECONDS ?? 10);
const CONNECTIONS = 50;
/** One app user per connection: a user's calls do not run side by side, as on a phone. */
const USERS = CONNECTIONS;
/**
 * Sign-in is scrypt's (most of a core for about 0.2 s): at 50 connections the calls queue for seconds,
 * so they get a 60 s timeout, and the server is left to finish the queued ones before the next measure.
 */
const SIGN_IN_TIMEOUT_S = 60;
const SIGN_IN_DRAIN_MS = 15_000;
const WEBHOOK_RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 500);
const WEBHOOK_SECONDS = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 20);
const OUTBOX_RUNS = Number(process.env.BENCH_OUTBOX_RUNS ?? 41);
const PASSWORD = 'Banc2026!';
const FIRST_USER = 1000;

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

/** Requests per second of `fn(i)` run by `concurrency` loops side by side for `seconds` (loop i uses user i mod USERS). */
async function closedLoop(seconds: number, concurrency: number, fn: (i: number) => Promise<unknown>) {
  const begin = performance.now();
  const end = begin + seconds * 1000;
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await fn(i);
        times.push(performance.now() - t0);
      }
    }),
  );
  times.sort((a, b) => a - b);
  // Over the time the loops really took: a call started near the end (a sign-in takes seconds) counts in it.
  return { rps: times.length / ((performance.now() - begin) / 1000), p50: times[Math.floor(times.length / 2)], p99: times[Math.floor(times.length * 0.99)] };
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const total = (fs: KindFigures[]) => ({
  statuses: fs.reduce<Record<string, number>>((all, f) => {
    for (const [code, n] of Object.entries(f.statuses ?? {})) all[code] = (all[code] ?? 0) + n;
    return all;
  }, {}),
  rps: fs.reduce((n, f) => n + f.rps, 0),
  p50: Math.max(...fs.map((f) => f.p50)),
  p99: Math.max(...fs.map((f) => f.p99)),
  bad: fs.reduce((n, f) => n + f.errors + f.timeouts + f.non2xx, 0),
});
const line = (
  label: string,
  api: { rps: number; p50: number; p99: number; bad?: number; statuses?: Record<string, number> },
  bare: { rps: number; p50: number; p99: number },
) =>
  `${label.padEnd(30)} API ${api.rps.toFixed(0).padStart(5)} req/s (p50 ${api.p50.toFixed(0)} ms, p99 ${api.p99.toFixed(0)} ms, non-2xx ${api.bad ?? 0})   ` +
  `nu ${bare.rps.toFixed(0).padStart(5)} req/s (p50 ${bare.p50.toFixed(0)} ms, p99 ${bare.p99.toFixed(0)} ms)   ` +
  // Calls refused or cut by autocannon's 10 s timeout prove nothing: no ratio then.
  (api.bad
    ? `ratio non calculé : ${api.bad} appels sans réponse 2xx en 10 s (refus ou délai dépassé ; réponses reçues ${JSON.stringify(api.statuses)})`
    : `ratio ${(bare.rps / api.rps).toFixed(2)} (objectif ≤ 1,5)`);

async function seed(db: pg.Client) {
  const hash = await hashPassword(PASSWORD);
  await db.query(`insert into client_circuits (name) select 'Circuit banc ' || g from generate_series(1, 20) g`);
  await db.query(
    `insert into product_categories (code_categorie, name, label, ordre) select 'BC' || g, 'Catégorie banc ' || g, 'Catégorie ' || g, g from generate_series(1, 10) g`,
  );
  await db.query(`
    insert into products (ref, label, price_ht, price_ttc, points, position, category_id, visible, is_new, order_new)
    select 'BANC-' || g, 'Produit banc ' || g, 10 + g % 50, round((10 + g % 50) * 1.19, 3), 1 + g % 20, g,
           (select id from product_categories order by id offset g % 10 limit 1), 1, (g % 25 = 0)::int, case when g % 25 = 0 then g end
    from generate_series(1, ${PRODUCTS}) g`);
  await db.query(`
    insert into tarifs (product_id, circuit_id, remise, pht, start_date, end_date)
    select p.id, c.id, 5, round(p.price_ht * 0.95, 3), current_date - 30, current_date + 30 from products p cross join client_circuits c where p.ref like 'BANC-%'`);
  await db.query(
    `insert into product_points (product_id, points, date_debut, date_fin) select id, points * 2, current_date - 10, current_date + 10 from products where ref like 'BANC-%' and id % 5 = 0`,
  );
  await db.query(`
    insert into clients (code_client, name, circuit_id, status)
    select 'CB' || g, 'Client banc ' || g, (select id from client_circuits order by id offset g % 20 limit 1), 1 from generate_series(${FIRST_USER}, ${FIRST_USER + CLIENTS - 1}) g`);
  await db.query(
    `insert into users (email, password_hash, firstname, lastname, role_id, client_id, status)
     select 'bench.' || substr(c.code_client, 3) || '@client.bench.tn', $1, 'Banc', c.code_client, (select id from roles where label = 'patente'), c.id, 1 from clients c where c.code_client like 'CB%'`,
    [hash],
  );
  await db.query('vacuum analyze');
}

export async function benchAppApi(url: string) {
  const name = `bo_bench_app_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-app-'));
  const handle = await openDatabase({ url: u.toString() });
  const raw = new pg.Client({ connectionString: u.toString() });
  let child: ChildProcess | null = null;
  const receiver: { server?: http.Server } = {};
  try {
    await handle.migrate();
    await seedDemoAccounts(handle.db, 'Demo1234!');
    await raw.connect();
    const t0 = performance.now();
    await seed(raw);
    const port = 3800 + Math.floor(Math.random() * 90);
    const base = `http://127.0.0.1:${port}`;
    const start = startCommand();
    // BENCH_APP_PROFILE=<dir>: the server writes a CPU profile there when it stops (open it in Chrome's DevTools).
    const profile = process.env.BENCH_APP_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_APP_PROFILE}`] : [];
    child = spawn(process.execPath, [...profile, ...start.args], {
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
        TRUST_PROXY: '1',
        // 50 sign-ins at once all wait their turn for a hash: this measures hashing, not the 503s past a
        // full line (bench/password-burst.ts does).
        PASSWORD_HASH_QUEUE: '64',
        APP_RATE_PER_MINUTE: '1000000',
        WEBHOOKS_ALLOW_PRIVATE: 'true',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await listening(child, base);
    const load = () => `charge ${os.loadavg()[0].toFixed(2)} sur ${os.cpus().length} cœurs`;
    console.log(
      `\nApplication mobile — PostgreSQL, ${PRODUCTS} produits, ${CLIENTS} clients avec un utilisateur (générés en ${((performance.now() - t0) / 1000).toFixed(0)} s) ; ${CONNECTIONS} connexions, ${SECONDS} s par mesure ; ${load()}`,
    );

    // The app users, signed in once each, for the catalogue and the orders.
    const users: { email: string; token: string; user: AppUser }[] = [];
    for (let i = 0; i < USERS; i++) {
      const email = `bench.${FIRST_USER + i}@client.bench.tn`;
      const res = await fetch(`${base}/api/app/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `2001:db8:2:${1000 + i}::1` },
        body: JSON.stringify({ email, password: PASSWORD, deviceId: `bench-setup-${i}` }),
      });
      if (!res.ok) throw new Error(`connexion ${email} : ${res.status} ${await res.text()}`);
      const token = ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
      users.push({ email, token, user: (await appUserOf(handle.db, token))! });
    }
    const productIds = ((await raw.query(`select id from products where ref like 'BANC-%' order by id limit 200`)).rows as { id: number }[]).map((r) => r.id);
    const orderBody = (i: number): AppOrderBody => ({
      ITEMS: [
        { PRODUCT_ID: productIds[(i * 7) % productIds.length], QTE: 2 },
        { PRODUCT_ID: productIds[(i * 7 + 3) % productIds.length], QTE: 1 },
      ],
      ADDRESS: null,
    });
    const perUser = (k: Omit<LoadKind, 'connections'>): LoadKind[] =>
      users.map((u, i) => ({ ...k, kind: `${k.kind} ${i}`, connections: CONNECTIONS / USERS, headers: { authorization: `Bearer ${u.token}`, ...k.headers } }));
    const check = async (pathName: string, init: RequestInit) => {
      const res = await fetch(`${base}${pathName}`, init);
      if (!res.ok) throw new Error(`${pathName} → ${res.status} ${(await res.text()).slice(0, 300)}`);
    };

    // 1. Sign-in: scrypt, the limits, a new token family, the connection log.
    const signInBody = JSON.stringify({ email: 'bench.{id}@client.bench.tn', password: PASSWORD, deviceId: 'bench-{id}' });
    await check('/api/app/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '2001:db8:1:1000::1' },
      body: signInBody.replaceAll('{id}', '1000'),
    });
    const signIn = total(
      await loadFrom({
        base,
        seconds: SECONDS,
        headers: {},
        kinds: [
          {
            kind: 'connexion',
            connections: CONNECTIONS,
            timeout: SIGN_IN_TIMEOUT_S,
            method: 'POST',
            paths: ['/api/app/v1/auth/login'],
            body: signInBody,
            ids: [FIRST_USER, FIRST_USER + CLIENTS - 1],
            headers: { 'x-forwarded-for': '2001:db8:1:{id}::1' },
          },
        ],
      }),
    );
    await new Promise((r) => setTimeout(r, SIGN_IN_DRAIN_MS));
    const signInBare = await closedLoop(SECONDS, CONNECTIONS, (i) =>
      appSignIn(
        handle.db,
        {
          email: `bench.${FIRST_USER + ((i * 13 + Math.floor(Math.random() * CLIENTS)) % CLIENTS)}@client.bench.tn`,
          password: PASSWORD,
          deviceId: `bare-${i}`,
          ip: `2001:db8::3:${1000 + i}`,
          deviceName: null,
        },
        APP_REFRESH_MAX_DAYS,
      ),
    );
    console.log(line('POST auth/login (scrypt)', signIn, signInBare));

    // 2. The catalogue's first page: today's price of the client's circuit and today's points, 50 rows.
    const catalogue = '/api/app/v1/products?page=1&perPage=50';
    await check(catalogue, { headers: { authorization: `Bearer ${users[0].token}` } });
    const page = total(await loadFrom({ base, seconds: SECONDS, headers: {}, kinds: perUser({ kind: 'catalogue', paths: [catalogue] }) }));
    const pageBare = await closedLoop(SECONDS, CONNECTIONS, async (i) => {
      const u = users[i % USERS];
      const who = await appUserOf(handle.db, u.token);
      await productsPage(handle.db, who!.clientId, {}, 1, 50);
    });
    console.log(line('GET products page 1 (50)', page, pageBare));

    // 3. An order of two products, with its Idempotency-Key (one per request).
    const body = JSON.stringify(orderBody(1));
    await check('/api/app/v1/orders', {
      method: 'POST',
      headers: { authorization: `Bearer ${users[0].token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body,
    });
    const orders = total(
      await loadFrom({
        base,
        seconds: SECONDS,
        headers: {},
        kinds: perUser({ kind: 'commande', method: 'POST', paths: ['/api/app/v1/orders'], body, ids: [1, 1e12], headers: { 'idempotency-key': 'banc-{id}' } }),
      }),
    );
    const ordersBare = await closedLoop(SECONDS, CONNECTIONS, async (i) => {
      const u = users[i % USERS];
      const who = await appUserOf(handle.db, u.token);
      await placeAppOrder(handle.db, who!, orderBody(1));
    });
    console.log(line('POST orders (2 lignes)', orders, ordersBare));

    // 4. The outbox's share of a write: an app order with its order.created row, and with the row dropped.
    await raw.query(`create function bench_drop_event() returns trigger language plpgsql as $$ begin return null; end $$`);
    const withEvent = () => placeAppOrder(handle.db, users[0].user, orderBody(2));
    const times: [number[], number[]] = [[], []];
    for (let i = 0; i < OUTBOX_RUNS; i++) {
      for (const k of [0, 1]) {
        if (k === 1) await raw.query('create trigger bench_drop_event before insert on webhook_events for each row execute function bench_drop_event()');
        const t = performance.now();
        await withEvent();
        times[k].push(performance.now() - t);
        if (k === 1) await raw.query('drop trigger bench_drop_event on webhook_events');
      }
    }
    const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(
      `${'commande avec son événement'.padEnd(30)} ${mid(times[0]).toFixed(2)} ms   sans la ligne d’événement ${mid(times[1]).toFixed(2)} ms   ratio ${(mid(times[0]) / mid(times[1])).toFixed(2)} (objectif ≤ 1,10)`,
    );

    // 5. Webhooks: a receiver here, an endpoint for order.created, events at a steady rate.
    const arrivals = new Map<string, number>();
    receiver.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        arrivals.set(String(req.headers['webhook-id']), Date.now());
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.server!.listen(0, '127.0.0.1', r));
    const hook = `http://127.0.0.1:${(receiver.server.address() as { port: number }).port}/banc`;
    const staff = await fetch(`${base}/api/loginBO`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.tn', password: 'Demo1234!', from: 'BO' }),
    });
    const staffToken = ((await staff.json()) as { data: { token: string } }).data.token;
    // The orders above left their events: sent to no one (no endpoint yet), they are not in the measure.
    await raw.query('update webhook_events set dispatched_at = now() where dispatched_at is null');
    await check('/api/webhooks', {
      method: 'POST',
      headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ URL: hook, EVENTS: ['order.created'], ACTIVE: true }),
    });
    const created = new Map<string, number>();
    const batch = WEBHOOK_RATE / 10;
    const began = Date.now();
    for (let tick = 0; tick < WEBHOOK_SECONDS * 10; tick++) {
      const due = began + tick * 100;
      if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      const res = await raw.query(
        `insert into webhook_events (type, resource, resource_id, payload)
         select 'order.created', 'order', 'banc-' || ${tick} || '-' || g, jsonb_build_object('ID', g, 'NUM_ORDER', 'CMD-BANC-' || g)
         from generate_series(1, ${batch}) g returning id, extract(epoch from created_at) * 1000 as at`,
      );
      for (const r of res.rows as { id: string; at: string }[]) created.set(r.id, Number(r.at));
    }
    const produced = Date.now();
    const until = produced + 60_000;
    while (arrivals.size < created.size && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    const delays = [...created]
      .filter(([id]) => arrivals.has(id))
      .map(([id, at]) => arrivals.get(id)! - at)
      .sort((a, b) => a - b);
    const last = Math.max(...arrivals.values());
    console.log(
      `${'webhooks (order.created)'.padEnd(30)} ${created.size} événements à ${WEBHOOK_RATE}/s pendant ${WEBHOOK_SECONDS} s : ${arrivals.size} livrés, ` +
        `${(arrivals.size / ((last - began) / 1000)).toFixed(0)}/s (objectif ≥ 500/s) ; délai p50 ${pct(delays, 0.5).toFixed(0)} ms, p99 ${pct(delays, 0.99).toFixed(0)} ms, max ${delays.at(-1)?.toFixed(0)} ms (objectif p99 ≤ 2 000 ms) ; ${load()}`,
    );
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    receiver.server?.close();
    await raw.end().catch(() => {});
    await handle.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL est requis (PostgreSQL)');
  await benchAppApi(url);
}
