import { ROLE } from '@app/domain';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../src/modules';
import { roles, users } from '../src/lib/auth/accounts.table';
import { appAuth } from './app-helpers';
import { createTestApp, DEMO_PASSWORD, type TestContext } from './helpers';
import { openApiReader, type Schema } from './openapi';

/**
 * Fuzzing from the OpenAPI document (issue 19 §2): for every operation, malformed variants of its
 * path, query and body, sent as the admin against the demo data. Asserted: no 5xx, every request
 * finishes, and a refused request (4xx) changes no row. `FUZZ_REQUESTS` sets the number of requests
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
/** An app access token of a demo client user, for the mobile app's routes (issue 24 §1). */
let appHeaders: Record<string, string>;
let ops: Operation[];
let components: Record<string, Schema>;

beforeAll(async () => {
  t = await createTestApp();
  // The demo data, so that ids in paths name real rows and the handlers run past their lookups.
  await t.db.delete(users);
  await seedDemoIfEmpty(t.db, DEMO_PASSWORD, t.app.storage.media);
  headers = await t.auth('admin@demo.tn');
  const [appUser] = await t.db
    .select({ email: users.email })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.label, ROLE.patente), eq(users.status, 1), isNotNull(users.clientId)))
    .orderBy(users.id)
    .limit(1);
  appHeaders = await appAuth(t.db, appUser.email);
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  components = doc.components?.schemas ?? {};
  ops = [];
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      // Signing out would end the session the rest of the run uses.
      if (path.endsWith('/logout')) continue;
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content || JSON.stringify(op).includes('multipart/form-data'),
        app: JSON.stringify(op.security ?? []).includes('appBearer'),
        secured: !(Array.isArray(op.security) && op.security.length === 0),
      });
    }
  }
}, 300_000);
afterAll(() => t?.close());

const { resolve, typeOf, sample } = openApiReader(() => components);

const staffHeaders = () => headers;
const HUGE = 'x'.repeat(300_000);
const WRONG: unknown[] = ['texte', '', 12345, -1, 1.5, 1e308, 0, true, false, [], [5], {}, { $ne: '' }, null];
const STRANGE_STRINGS = ['a\u0000b', '\ud800', 'x\udfffy', HUGE, '<script>alert(1)</script>', "'; drop table clients; --", '../../../../etc/passwd', '%00', '\u202e\u0000'];

/** A body nested `levels` deep (objects inside arrays inside objects...). */
function deep(levels: number): string {
  return `${'{"a":['.repeat(levels)}1${']}'.repeat(levels)}`;
}

type Req = { label: string; method: string; url: string; headers: Record<string, string>; payload?: string | Buffer };

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
const PATH_VALUES = ['1', '2', '..%2F..%2F..%2Fetc%2Fpasswd', '..', '%2e%2e', '%00', '%ED%A0%80', '1e3', '0x10', '-1', '99999999999999999999', '%20', 'a%2Fb', `${'9'.repeat(300)}`];

function build(op: Operation, r: ReturnType<typeof rng>): Req {
  const headers = op.app ? appHeaders : staffHeaders();
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const json = { ...headers, 'content-type': 'application/json' };
  let label = '';
  const fill = (odd: boolean) =>
    op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const p = pathParams.find((x) => x.name === name);
      const s = resolve(p?.schema);
      if (odd) return r.pick(PATH_VALUES);
      if (s.enum?.length) return encodeURIComponent(String(r.pick(s.enum)));
      return typeOf(s) === 'string' && !/id$/i.test(name) ? encodeURIComponent(String(sample(s))) : r.pick(['1', '2', '3']);
    });
  const validBody = () => (op.body ? sample(op.body) : undefined);
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
  return { label, method: op.method, url, headers: json, payload: body === undefined ? '{}' : JSON.stringify(body) };
}

/** The rows of a raw query, whichever driver (pg or PGlite) ran it. */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await t.db.execute(query)) as unknown as { rows: T[] } | T[];
  return 'rows' in res ? res.rows : res;
}

/**
 * Every row of every table as one digest, but the sessions and the app's token families (a signed-in call may note its last use) and the
 * throttle counters (a public route's limit counts every request from an address, malformed ones included,
 * as a rate limiter must: that is bookkeeping, not data a refusal changed).
 */
async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const { tablename } of await rows<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('sessions', 'app_sessions', 'throttles') order by 1`)) {
    const [{ d }] = await rows<{ d: string }>(sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as d from "${tablename}" x`));
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
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`).catch(() => [{ n: 0 }]);
    if (!n) return;
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it(`answers ${REQUESTS} malformed requests without a 5xx, a hang, or a row changed by a refusal`, async () => {
    console.log(`fuzz: seed ${SEED} (FUZZ_SEED=${SEED} to replay), ${REQUESTS} requests over ${ops.length} operations`);
    expect(ops.length).toBeGreaterThan(200);
    const r = rng(SEED);
    // Every operation in turn, in an order drawn from the seed, then again.
    const order = ops.map((op) => ({ op, k: r.next() })).sort((a, b) => a.k - b.k).map((x) => x.op);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let baseline = await fingerprint();
    let fingerprints = 1;
    let xid = await nextXid();
    for (let i = 0; i < REQUESTS; i++) {
      const op = order[i % order.length];
      const req = build(op, r);
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
    console.log(`fuzz: statuts ${[...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(' ')}`);
    expect(failures).toEqual([]);
  }, 3_600_000);
});
