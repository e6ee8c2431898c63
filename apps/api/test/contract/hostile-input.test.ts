import { UNPAGED_LIMIT } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { ZodObject } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestContext } from '../support/helpers';
import { queryRows } from '../../src/db/rows';

/**
 * Hostile input that used to crash or flood: a NUL byte in an export's query, codes
 * files longer than PostgreSQL's 65,535 bind parameters, lists without `page`, ids that Number()
 * reads as another row. The generic fuzzing is fuzz.test.ts; these are the named findings.
 */
let t: TestContext;
let headers: Record<string, string>;
/**
 * Clients, all named in the codes files: past the 65,535 parameters by default; the 200,000
 * with CODES_FILE_LINES=200000 (slow on PGlite: the points of 200,000 clients take about 90 s).
 */
const CLIENTS = Number(process.env.CODES_FILE_LINES ?? 70_000);
const CIRCUITS = UNPAGED_LIMIT + 3;

beforeAll(async () => {
  t = await createTestApp();
  headers = await t.auth('admin@demo.tn');
  await t.db.execute(
    sql`insert into clients (code_client, name) select 'FZ' || lpad(g::text, 6, '0'), 'Client ' || g from generate_series(1, ${CLIENTS}::int) g`,
  );
  await t.db.execute(sql`insert into client_circuits (name) select 'Circuit ' || g from generate_series(1, ${CIRCUITS}::int) g`);
}, 120_000);
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers });

describe('exports', () => {
  it('refuse a NUL byte in search, tags or any filter with 422, as the lists do (was a 500 after the file headers)', async () => {
    const exports = t.app.routeTable.filter((r) => r.method === 'GET' && r.url.includes('/export'));
    expect(exports.length).toBeGreaterThan(40);
    const seen: string[] = [];
    for (const route of exports) {
      const query = (route.options.schema?.querystring as ZodObject | undefined)?.shape ?? {};
      const url = route.url.replace(':format', 'csv');
      // Every key the route reads but the sort (a whitelist: an unknown key falls back to the
      // default order).
      for (const key of Object.keys(query).filter((k) => k !== 'sort')) {
        const r = await get(`${url}?${key}=a%00b`);
        seen.push(`${url}?${key} ${r.statusCode}`);
        expect([url, key, r.statusCode, r.json().success]).toEqual([url, key, 422, false]);
      }
    }
    expect(seen.length).toBeGreaterThan(80);
  }, 120_000);
});

describe('codes files longer than 65,535 bind parameters', () => {
  const codes = Array.from({ length: CLIENTS }, (_, i) => `FZ${String(i + 1).padStart(6, '0')}`).join('\n');
  const file = { field: 'CLIENTS_FILE', name: 'codes.csv', type: 'text/csv', content: Buffer.from(`CODE_CLIENT\n${codes}\n`) };

  it(`offer points to the ${CLIENTS} clients of a file`, async () => {
    const body = multipart({ POINTS_OFFERED: '5' }, file);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/users/offerPoints/clients_file',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    expect([r.statusCode, r.json().data?.clients]).toEqual([200, CLIENTS]);
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from clients where points_offered = 5`);
    expect(n).toBe(CLIENTS);
  }, 300_000);

  it(`send a flux to the ${CLIENTS} clients of a file`, async () => {
    const body = multipart({ TITLE: 'À tous', MESSAGE: '<p>Bonjour</p>' }, file);
    const r = await t.app.inject({ method: 'POST', url: '/api/flux/clients_file', payload: body.payload, headers: { ...headers, ...body.headers } });
    expect([r.statusCode, r.json().data?.RECIPIENTS]).toEqual([201, CLIENTS]);
  }, 300_000);
});

describe('a list without page', () => {
  it(`answers at most ${UNPAGED_LIMIT} rows, with meta telling the total when it cut`, async () => {
    const circuits = (await get('/api/clients_circuits')).json();
    expect([circuits.data.length, circuits.meta]).toEqual([UNPAGED_LIMIT, { total: CIRCUITS, last_page: 2, current_page: 1, per_page: UNPAGED_LIMIT }]);
    const codes = (await get('/api/clients/codes')).json();
    expect([codes.data.length, codes.meta?.total]).toEqual([UNPAGED_LIMIT, CLIENTS]);
  });

  it('answers a short list whole, without meta, as before', async () => {
    const r = (await get('/api/clients_circuits?search=Circuit%205003')).json();
    expect(r).toEqual({ success: true, data: [expect.objectContaining({ NAME: 'Circuit 5003' })] });
  });
});

describe('ids in paths', () => {
  it('are whole decimal integers: 1e3, 0x3e8, " 1000", 1000.0 never name row 1000', async () => {
    expect((await get('/api/clients_circuits/1000')).json().data.NAME).toBe('Circuit 1000');
    for (const id of ['1e3', '0x3e8', '%201000', '1000%20', '1000.0', '01000', '+1000', '-1', '0', '99999999999999999999', '2147483648', 'abc']) {
      const r = await get(`/api/clients_circuits/${id}`);
      expect([id, r.statusCode, r.json().success]).toEqual([id, 422, false]);
    }
  });
});
