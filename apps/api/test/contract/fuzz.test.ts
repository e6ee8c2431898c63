import { randomUUID } from 'node:crypto';
import { ROLE, SECURITY_AUDIT_ACTIONS } from '@app/domain';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../../src/modules';
import { roles, users } from '../../src/lib/auth/accounts.table';
import { appTokens } from '../../src/lib/auth/app-sessions.table';
import { clients } from '../../src/lib/clients/clients.table';
import { hashToken } from '../../src/plugins/auth';
import { APP, appPairFor } from '../support/app-helpers';
import { createTestApp, DEMO_PASSWORD, type TestContext } from '../support/helpers';
import { openApiReader, type Schema } from '../support/openapi';
import { queryRows } from '../../src/db/rows';

/**
 * Fuzzing from the OpenAPI document: for every operation, malformed variants of its
 * path, query and body, sent against the demo data as the admin, and the mobile app's operations as
 * one of the demo client users (its own access token, its own rows' ids in paths, a fresh refresh
 * token for each refresh), so that they are refused by validation and by their handlers, not at the
 * door. Asserted: no 5xx, every request finishes, a refused request (4xx) changes no row, and no app
 * request is answered 401 unless its variant broke the credential it carries. `FUZZ_REQUESTS` sets the number of requests
 * (a few hundred by default; `npm run fuzz -w apps/api` sends 10,000), `FUZZ_SEED` replays a run:
 * the seed is printed, and a failure names the request.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** A request still unanswered after this long counts as a hang (not a timing assertion: a bound). */
const HANG_MS = 30_000;

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
  multipart: boolean;
  /** An app route (its security names the app's bearer): sent with an app token, not the admin's. */
  app: boolean;
  /** Under the app's prefix, public or not. */
  appApi: boolean;
  /** Whether the operation needs a token at all (a public one, such as the app's refresh, may answer 401 by itself). */
  secured: boolean;
}

/** mulberry32: small, seeded, reproducible. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] };
}

let t: TestContext;
let headers: Record<string, string>;
/** The demo client user the app's operations are sent as. */
let appUser: { id: number; email: string; code: string };
/** Its access token, made to outlive the longest run (an access token lasts 15 minutes). */
let appHeaders: Record<string, string>;
/** For an app operation with an id in its path: the ids its own list shows this user (its orders, notifications, products). */
const ownIds = new Map<string, string[]>();
let ops: Operation[];
let components: Record<string, Schema>;
let devices = 0;

beforeAll(async () => {
  // No per-user limit of the app's calls: the run sends them faster than the app would.
  t = await createTestApp({ env: { APP_RATE_PER_MINUTE: '0' } });
  // The demo data, so that ids in paths name real rows and the handlers run past their lookups.
  await t.db.delete(users);
  await seedDemoIfEmpty(t.db, DEMO_PASSWORD, t.app.storage.media);
  headers = await t.auth('admin@demo.tn');
  // A client user whose id and client's id are not among the ids the staff requests' paths name
  // (1 to 3), so that no accepted staff call switches it off halfway, and whose client has orders and
  // notifications for the app's paths to name.
  [appUser] = await t.db
    .select({ id: users.id, email: users.email, code: clients.code })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(
      and(
        eq(roles.label, ROLE.patente),
        eq(users.status, 1),
        isNotNull(users.clientId),
        gt(users.id, 3),
        gt(users.clientId, 3),
        sql`exists (select 1 from orders o where o.client_id = ${users.clientId})`,
        sql`exists (select 1 from flux_recipients r where r.client_id = ${users.clientId})`,
      ),
    )
    .orderBy(users.id)
    .limit(1);
  const pair = await appPairFor(t.db, appUser.id, 'fuzz-device');
  await t.db
    .update(appTokens)
    .set({ expiresAt: new Date(Date.now() + 86_400_000) })
    .where(eq(appTokens.tokenHash, hashToken(pair.accessToken)));
  appHeaders = { authorization: `Bearer ${pair.accessToken}` };
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  components = doc.components?.schemas ?? {};
  ops = [];
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      // Signing out would end the session the rest of the run uses (the app's sign-out gets a token of its own).
      if (path.endsWith('/logout') && !path.startsWith(`${APP}/`)) continue;
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content || JSON.stringify(op).includes('multipart/form-data'),
        app: JSON.stringify(op.security ?? []).includes('appBearer'),
        appApi: path.startsWith(`${APP}/`),
        secured: !(Array.isArray(op.security) && op.security.length === 0),
      });
    }
  }
  // The rows of its own a path of the app names: its list's ids (GET orders for GET orders/{id}).
  for (const op of ops.filter((o) => o.app && o.path.includes('{'))) {
    const list = op.path.replace(/\/\{[^}]+\}.*$/, '');
    if (ownIds.has(list)) continue;
    const res = await t.app.inject({ method: 'GET', url: `${list}?perPage=100`, headers: appHeaders });
    const data = res.statusCode === 200 ? (res.json().data as { ID?: number }[]) : [];
    ownIds.set(list, Array.isArray(data) ? data.flatMap((x) => (typeof x?.ID === 'number' ? [String(x.ID)] : [])) : []);
  }
}, 300_000);
afterAll(() => t?.close());

const { resolve, typeOf, sample } = openApiReader(() => components);

const staffHeaders = () => headers;
const HUGE = 'x'.repeat(300_000);
const WRONG: unknown[] = ['texte', '', 12345, -1, 1.5, 1e308, 0, true, false, [], [5], {}, { $ne: '' }, null];
const STRANGE_STRINGS = [
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  HUGE,
  '<script>alert(1)</script>',
  "'; drop table clients; --",
  '../../../../etc/passwd',
  '%00',
  '\u202e\u0000',
];

/** A body nested `levels` deep (objects inside arrays inside objects...). */
function deep(levels: number): string {
  return `${'{"a":['.repeat(levels)}1${']}'.repeat(levels)}`;
}

type Req = { label: string; method: string; url: string; headers: Record<string, string>; payload?: string | Buffer; broken?: string };

/**
 * Who sends a request and what its valid body holds besides the schema's sample: the admin for the
 * back office; for the app, its user's token (none on its public calls) and the values without which
 * every variant would stop at the same check (a real account to sign in to, an unspent refresh token,
 * a product on sale, an Idempotency-Key). `credentials`: the body fields that prove who calls; a
 * variant that breaks one of them may be answered 401, no other app request may.
 */
interface Sender {
  headers: Record<string, string>;
  body?: Record<string, unknown>;
  credentials?: string[];
  /** Rows were written to make it (a token family): the fingerprint is taken again before the request. */
  wrote?: boolean;
}

/** A token family of the app user's own, for one request that spends or ends it. */
const freshPair = () => appPairFor(t.db, appUser.id, `fuzz-${++devices}`);
const firstOwn = (list: string) => Number(ownIds.get(`${APP}/${list}`)?.[0] ?? 1);

const APP_SENDERS: Record<string, () => Promise<Sender>> = {
  [`POST ${APP}/auth/login`]: async () => ({
    headers: {},
    body: { email: appUser.email, password: DEMO_PASSWORD, deviceId: 'fuzz-login' },
    credentials: ['email', 'password'],
  }),
  // A refresh token is spent by its first accepted use, and one presented again ends its family: each request gets its own.
  [`POST ${APP}/auth/refresh`]: async () => ({
    headers: {},
    body: { refreshToken: (await freshPair()).refreshToken },
    credentials: ['refreshToken'],
    wrote: true,
  }),
  [`POST ${APP}/auth/logout`]: async () => ({ headers: { authorization: `Bearer ${(await freshPair()).accessToken}` }, wrote: true }),
  [`POST ${APP}/register`]: async () => ({
    headers: {},
    body: { CODE_CLIENT: appUser.code, EMAIL: `fuzz.${randomUUID().slice(0, 8)}@client.test.tn`, GSM: '+21698123456', PASSWORD: 'Fuzz-2026-Inscription!' },
  }),
  [`POST ${APP}/orders`]: async () => ({
    headers: { ...appHeaders, 'idempotency-key': randomUUID() },
    body: { ITEMS: [{ PRODUCT_ID: firstOwn('products'), QTE: 1 }] },
  }),
  [`POST ${APP}/gift-purchases`]: async () => ({
    headers: { ...appHeaders, 'idempotency-key': randomUUID() },
    body: { LOYALTY_GIFT_ID: firstOwn('gifts'), QTE: 1 },
  }),
  // The phone only: a valid password change would end the user's other families and its sign-in with DEMO_PASSWORD.
  [`PUT ${APP}/me`]: async () => ({ headers: appHeaders, body: { GSM: '+21698123456', password: undefined } }),
};

async function senderOf(op: Operation): Promise<Sender> {
  const special = APP_SENDERS[`${op.method} ${op.path}`];
  if (special) return special();
  if (op.appApi) return { headers: op.app ? appHeaders : {} };
  return { headers: staffHeaders() };
}

const BOUNDARY = '----fuzz-boundary';
const MULTIPARTS: [string, string | Buffer][] = [
  ['multipart sans boundary', 'abc'],
  ['multipart coupé', `--${BOUNDARY}\r\nContent-Disposition: form-data; name="NAME"\r\n\r\nab`],
  ['multipart en-têtes coupés', `--${BOUNDARY}\r\nContent-Disposition: form-da`],
  ['multipart vide', ''],
  ['multipart fermeture seule', `--${BOUNDARY}--\r\n`],
  ['multipart champ NUL', `--${BOUNDARY}\r\nContent-Disposition: form-data; name="TITLE"\r\n\r\na\u0000b\r\n--${BOUNDARY}--\r\n`],
  [
    'multipart fichier binaire au nom de champ texte',
    Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="POINTS_OFFERED"; filename="../../x.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      Buffer.from([0xff, 0xfe, 0x00, 0xed, 0xa0, 0x80]),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  ],
  ['multipart champ énorme', `--${BOUNDARY}\r\nContent-Disposition: form-data; name="MESSAGE"\r\n\r\n${'y'.repeat(200_000)}\r\n--${BOUNDARY}--\r\n`],
];

/** Path values: a real id, then traversal, encodings and numbers Number() would misread. */
const PATH_VALUES = [
  '1',
  '2',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..',
  '%2e%2e',
  '%00',
  '%ED%A0%80',
  '1e3',
  '0x10',
  '-1',
  '99999999999999999999',
  '%20',
  'a%2Fb',
  `${'9'.repeat(300)}`,
];

function build(op: Operation, r: ReturnType<typeof rng>, sender: Sender): Req {
  const { headers } = sender;
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  let label = '';
  const fill = (odd: boolean) =>
    op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const p = pathParams.find((x) => x.name === name);
      const s = resolve(p?.schema);
      if (odd) return r.pick(PATH_VALUES);
      const own = op.app ? ownIds.get(op.path.replace(/\/\{[^}]+\}.*$/, '')) : undefined;
      if (own?.length) return r.pick(own);
      if (s.enum?.length) return encodeURIComponent(String(r.pick(s.enum)));
      return typeOf(s) === 'string' && !/id$/i.test(name) ? encodeURIComponent(String(sample(s))) : r.pick(['1', '2', '3']);
    });
  const validBody = () => {
    if (!op.body) return undefined;
    const b = sample(op.body);
    return sender.body && b && typeof b === 'object' && !Array.isArray(b) ? { ...b, ...sender.body } : b;
  };
  const kind = r.pick(['path', 'query', 'query', 'body', 'body', 'body', 'raw'] as const);
  let url = fill(kind === 'path' && pathParams.length > 0);
  if (kind === 'path') label = `chemin ${url}`;
  let query = '';
  if (kind === 'query' || (kind === 'path' && !pathParams.length)) {
    const names = [...queryParams.map((p) => p.name), 'page', 'perPage', 'sort', 'search', 'tags'];
    const name = r.pick(names);
    const value = r.pick([
      '%00',
      'a%00b',
      '%ED%A0%80',
      '%ff',
      'x'.repeat(5000),
      '-1',
      '1e9',
      '0',
      '99999999999999999999',
      '1.5',
      'NaN',
      ';drop%20table%20clients',
      '%25%5F%5C',
      '',
      'true',
      '[]',
    ]);
    query = r.next() < 0.2 ? `?${name}=${value}&${name}=${value}` : `?${name}=${value}`;
    if (r.next() < 0.3) query += r.pick(['&page=-1', '&page=1e9', '&perPage=1e9', '&sort=;drop', '&order=sideways', '&page=1&perPage=500']);
    label = `requête ${query.slice(0, 80)}`;
  }
  url = `${url}${query}`;
  if (op.method === 'GET' || op.method === 'DELETE') return { label: label || 'valide', method: op.method, url, headers };
  const json = { ...headers, 'content-type': 'application/json' };
  // An app call whose path or query is the broken part carries its valid body (a real account, an unspent
  // refresh token, a product on sale), so that its handler runs, spends and writes as the app's would.
  if (op.appApi && (kind === 'path' || kind === 'query') && !op.multipart) {
    const body = validBody();
    return { label: `${label} corps valide`, method: op.method, url, headers: json, payload: body === undefined ? '{}' : JSON.stringify(body) };
  }
  let broken: string | undefined;

  if (op.multipart && (kind === 'body' || kind === 'raw')) {
    const [name, payload] = r.pick(MULTIPARTS);
    const type = name === 'multipart sans boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${BOUNDARY}`;
    return { label: name, method: op.method, url, headers: { ...headers, 'content-type': type }, payload };
  }
  if (kind === 'raw') {
    const [name, type, payload] = r.pick<[string, string, string | Buffer]>([
      ['JSON invalide', 'application/json', '{"NAME": "a",'],
      ['JSON vide', 'application/json', ''],
      ['JSON profond (40)', 'application/json', deep(40)],
      ['JSON très profond (100 000)', 'application/json', deep(100_000)],
      ['JSON tableau', 'application/json', '[1,2,3]'],
      ['JSON nombre', 'application/json', '42'],
      ['JSON null', 'application/json', 'null'],
      ['JSON chaîne', 'application/json', '"abc"'],
      ['UTF-8 invalide', 'application/json', Buffer.concat([Buffer.from('{"NAME":"'), Buffer.from([0xed, 0xa0, 0x80, 0xff]), Buffer.from('"}')])],
      ['__proto__', 'application/json', `{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"NAME":"a"}`],
      ['10 000 clés', 'application/json', JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])))],
      ['texte brut', 'text/plain', 'NAME=a'],
      ['XML', 'application/xml', '<a/>'],
      ['formulaire', 'application/x-www-form-urlencoded', 'NAME=a&IS_ACTIVE=1'],
      ['sans type', '', '{"NAME":"a"}'],
    ]);
    const h: Record<string, string> = { ...headers };
    if (type) h['content-type'] = type;
    return { label: name, method: op.method, url, headers: h, payload };
  }
  // A body valid as far as the schema reads, with one field broken.
  const body = validBody();
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const obj = body as Record<string, unknown>;
    const keys = Object.keys(obj);
    const s = resolve(op.body);
    if (keys.length) {
      const key = r.pick(keys);
      broken = key;
      const how = r.pick(['type', 'type', 'missing', 'string'] as const);
      if (how === 'missing') {
        delete obj[key];
        label = `corps sans ${key}`;
      } else if (how === 'type') {
        obj[key] = r.pick(WRONG);
        label = `corps ${key}=${JSON.stringify(obj[key])}`;
      } else {
        obj[key] = r.pick(STRANGE_STRINGS);
        label = `corps ${key}=${JSON.stringify(obj[key]).slice(0, 40)}`;
      }
      // Sometimes also nested: the first array or object field gets a wrong item.
      const nested = keys.find((k) => k !== key && typeOf(resolve(s.properties?.[k])) === 'array');
      if (nested && r.next() < 0.3) {
        obj[nested] = [r.pick(WRONG)];
        label += ` ${nested}=[…]`;
      }
    } else {
      label = 'corps valide';
    }
  } else {
    label = body === undefined ? 'corps absent' : 'corps valide';
  }
  return { label, method: op.method, url, headers: json, payload: body === undefined ? '{}' : JSON.stringify(body), broken };
}

/** The rows of a raw query on the test's database. */
const rows = <T>(query: ReturnType<typeof sql>): Promise<T[]> => queryRows<T>(t.db, query);

/**
 * Every row of every table as one digest, but the sessions and the app's token families (a signed-in call may note its last use), the
 * throttle counters (a public route's limit counts every request from an address, malformed ones included,
 * as a rate limiter must: that is bookkeeping, not data a refusal changed), and the trail of refused
 * sign-ins: the attempts (`login_attempts`) and the security events of the audit log (a failed sign-in,
 * a lock, a spent refresh token presented again are recorded because they were refused). Every other
 * audit row is in the digest.
 */
const SECURITY_EVENTS = SECURITY_AUDIT_ACTIONS.map((a) => `'${a}'`).join(', ');
async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const { tablename } of await rows<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('sessions', 'app_sessions', 'throttles', 'login_attempts') order by 1`,
  )) {
    const where = tablename === 'audit_log' ? ` where x.action not in (${SECURITY_EVENTS})` : '';
    const [{ d }] = await rows<{ d: string }>(
      sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as d from "${tablename}" x${where}`),
    );
    parts.push(`${tablename}=${d}`);
  }
  return parts.join('\n');
}

/**
 * The next transaction id the database will hand out: it moves only when something writes, so the
 * full fingerprint is taken only after a request that wrote.
 */
async function nextXid(): Promise<string> {
  const [{ x }] = await rows<{ x: string }>(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`);
  return x;
}

/** Background work a request started (voucher generation, syncs) ends before the next check. */
async function settle() {
  for (let i = 0; i < 100; i++) {
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`).catch(() => [
      { n: 0 },
    ]);
    if (!n) return;
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it(`answers ${REQUESTS} malformed requests without a 5xx, a hang, or a row changed by a refusal`, async () => {
    console.log(`fuzz: seed ${SEED} (FUZZ_SEED=${SEED} to replay), ${REQUESTS} requests over ${ops.length} operations`);
    expect(ops.length).toBeGreaterThan(200);
    const appOps = ops.filter((op) => op.appApi);
    expect(appOps.length).toBeGreaterThan(15);
    const r = rng(SEED);
    // Every operation in turn, in an order drawn from the seed, then again; the app's operations spread
    // over the first REQUESTS requests, so that each is sent even when a run is shorter than one round.
    const shuffled = ops
      .map((op) => ({ op, k: r.next() }))
      .sort((a, b) => a.k - b.k)
      .map((x) => x.op);
    const order: Operation[] = new Array(ops.length);
    const appFirst = shuffled.filter((op) => op.appApi);
    const span = Math.max(appFirst.length, Math.min(REQUESTS, ops.length));
    appFirst.forEach((op, k) => {
      order[Math.floor((k * span) / appFirst.length)] = op;
    });
    const rest = shuffled.filter((op) => !op.appApi);
    for (let k = 0; k < order.length; k++) order[k] ??= rest.shift()!;
    const failures: string[] = [];
    /** App requests answered 401 although the variant kept its credentials: stopped at the door, never fuzzed. */
    const atTheDoor: string[] = [];
    const appStatuses = new Map<string, number[]>();
    const statuses = new Map<number, number>();
    let baseline = await fingerprint();
    let fingerprints = 1;
    let xid = await nextXid();
    for (let i = 0; i < REQUESTS; i++) {
      const op = order[i % order.length];
      const sender = await senderOf(op);
      if (sender.wrote) {
        baseline = await fingerprint();
        xid = await nextXid();
      }
      const req = build(op, r, sender);
      const name = `#${i} ${op.method} ${op.path} — ${req.label} (${req.method} ${req.url.slice(0, 120)})`;
      let timer: NodeJS.Timeout | undefined;
      const res = await Promise.race([
        t.app.inject({ method: req.method as 'GET', url: req.url, headers: req.headers, ...(req.payload !== undefined ? { payload: req.payload } : {}) }),
        new Promise<null>((ok) => {
          timer = setTimeout(() => ok(null), HANG_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!res) {
        failures.push(`${name}: pas de réponse après ${HANG_MS} ms`);
        continue;
      }
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (process.env.FUZZ_VERBOSE) console.log(`${name} → ${res.statusCode}`);
      if (res.statusCode >= 500) failures.push(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (res.statusCode === 401 && op.secured) failures.push(`${name}: 401, la session du fuzz est perdue`);
      if (op.appApi) {
        const key = `${op.method} ${op.path}`;
        appStatuses.set(key, [...(appStatuses.get(key) ?? []), res.statusCode]);
        if (res.statusCode === 401 && !(req.broken && sender.credentials?.includes(req.broken))) atTheDoor.push(`${name}: 401 ${res.body.slice(0, 120)}`);
      }
      await settle();
      const now = await nextXid();
      if (now === xid) continue;
      xid = now;
      fingerprints++;
      const after = await fingerprint();
      if (res.statusCode >= 400 && after !== baseline) {
        const changed = after.split('\n').filter((line, k) => line !== baseline.split('\n')[k]);
        failures.push(`${name}: refusée (${res.statusCode}) mais a changé ${changed.map((c) => c.split('=')[0]).join(', ')}`);
      }
      baseline = after;
      xid = await nextXid();
    }
    console.log(`fuzz: ${fingerprints} empreintes de la base (après chaque requête qui a écrit)`);
    console.log(
      `fuzz: statuts ${[...statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
    );
    const appSent = [...appStatuses.values()].flat();
    console.log(
      `fuzz: ${appSent.length} requêtes à l'application mobile sur ${appStatuses.size} de ses ${appOps.length} opérations, ${appSent.filter((s) => s === 401).length} en 401\n  ${[
        ...appStatuses,
      ]
        .sort()
        .map(([k, v]) => `${k} → ${v.join(' ')}`)
        .join('\n  ')}`,
    );
    expect(failures).toEqual([]);
    // The app's operations are reached: each was sent, none was stopped at the door by its token.
    expect(atTheDoor).toEqual([]);
    if (REQUESTS >= appOps.length) expect(appOps.map((op) => `${op.method} ${op.path}`).filter((k) => !appStatuses.has(k))).toEqual([]);
  }, 3_600_000);
});
