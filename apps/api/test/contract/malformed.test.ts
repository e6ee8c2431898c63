import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, appAuth, appClientUser } from '../support/app-helpers';
import { createTestApp, type TestContext } from '../support/helpers';

/** Bad input must get a clear 4xx and change nothing — never a 500. */
let t: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  headers = await t.auth('admin@demo.tn');
});
afterAll(() => t.close());

const huge = 'x'.repeat(200_000);
const bodies: unknown[] = [
  null,
  'texte',
  42,
  [],
  [{ NAME: 'a' }],
  {},
  { NAME: 123 },
  { NAME: ['a'] },
  { NAME: { $ne: '' } },
  { NAME: null },
  { NAME: huge },
  { NAME: 'ok', DESCRIPTION: huge },
  { NAME: 'ok', CODE: 'c', CIRCUIT: 'abc' },
  { NAME: 'ok', CODE: 'c', CIRCUIT: -1 },
  { NAME: 'ok', CODE: 'c', CIRCUIT: 1e20 },
  { NAME: 'ok', CODE: 'c', CIRCUIT: 1.5 },
  { NAME: 'ok', CODE: 'c', CIRCUIT: 1, E_COMMERCE: 'oui' },
  { NAME: 'ok', ACTIVITE: 99999999999 },
  { __proto__: { admin: true }, NAME: '' },
  { NAME: '\u0000' },
];
const targets = ['clients_circuits', 'clients_activities', 'clients_categories', 'typeclients'];

describe('malformed bodies', () => {
  it('never answers 500 to wrong types, huge strings, unknown fields or odd values', async () => {
    for (const url of targets) {
      for (const body of bodies) {
        for (const method of ['POST', 'PUT'] as const) {
          const r = await t.app.inject({
            method,
            url: `/api/${url}${method === 'PUT' ? '/1' : ''}`,
            payload: JSON.stringify(body),
            headers: { ...headers, 'content-type': 'application/json' },
          });
          expect([url, method, JSON.stringify(body)?.slice(0, 60), r.statusCode < 500]).toEqual([url, method, JSON.stringify(body)?.slice(0, 60), true]);
          if (r.statusCode >= 400) expect(r.json().success).toBe(false);
        }
      }
    }
  });

  it('never answers 500 to a bad body on any route of the mobile app, sent with an app token (walked from the route table)', async () => {
    const user = await appClientUser(t.db);
    const app = await appAuth(t.db, user.email);
    const samplePath = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');
    const targets = t.app.routeTable.filter((r) => r.url.startsWith(`${APP}/`) && ['POST', 'PUT', 'PATCH'].includes(r.method) && !r.url.endsWith('/logout'));
    expect(targets.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    let sent = 0;
    for (const r of targets) {
      for (const body of [
        ...bodies,
        { email: 'x', password: huge, deviceId: '\u0000' },
        { refreshToken: { $ne: '' } },
        { GSM: 12, password: { old: null, new: [] } },
      ]) {
        const res = await t.app.inject({
          method: r.method as 'POST',
          url: samplePath(r.url),
          payload: JSON.stringify(body),
          headers: { ...app, 'content-type': 'application/json' },
          // Past the per-address limits of the public calls, a 429 would hide what the body gets.
          remoteAddress: `192.0.2.${1 + (sent++ % 250)}`,
        });
        // A body whose fields are all optional and unknown ones dropped (PUT me {}) may be a 200 that changes nothing.
        if (res.statusCode >= 500 || (res.statusCode >= 400 && res.json().success !== false))
          wrong.push(`${r.method} ${r.url} ${JSON.stringify(body)?.slice(0, 60)} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers broken JSON, wrong content types and oversized bodies with 4xx', async () => {
    const cases: [string, string | Buffer, number[]][] = [
      ['application/json', '{"NAME": "a",', [422]],
      ['application/json', '', [422]],
      ['application/json', 'nul', [422]],
      ['text/plain', 'NAME=a', [415, 422]],
      ['application/xml', '<a/>', [415, 422]],
      ['application/json', JSON.stringify({ NAME: 'x'.repeat(2_000_000) }), [413]],
    ];
    for (const [type, payload, expected] of cases) {
      const r = await t.app.inject({ method: 'POST', url: '/api/clients_circuits', payload, headers: { ...headers, 'content-type': type } });
      expect([type, String(payload).slice(0, 20), expected.includes(r.statusCode)]).toEqual([type, String(payload).slice(0, 20), true]);
      expect(r.json().success).toBe(false);
    }
  });

  it('answers bad ids and list parameters with 4xx', async () => {
    for (const url of [
      '/api/clients_circuits/abc',
      '/api/clients_circuits/-1',
      '/api/clients_circuits/99999999999999',
      '/api/clients_circuits?page=0',
      '/api/clients_circuits?page=abc',
      '/api/clients_circuits?page=1&perPage=100000',
      '/api/clients_circuits?page=1&order=sideways',
      `/api/clients_circuits?search=${'a'.repeat(500)}`,
      '/api/clients_circuits/export/docx',
    ]) {
      const r = await t.app.inject({ method: 'GET', url, headers });
      expect([url, r.statusCode >= 400 && r.statusCode < 500]).toEqual([url, true]);
    }
    // An unknown sort field falls back to the default order instead of failing.
    expect((await t.app.inject({ method: 'GET', url: '/api/clients_circuits?page=1&sort=password_hash', headers })).statusCode).toBe(200);
  });

  it('stored only what was valid (unknown fields dropped), nothing from the rejected bodies', async () => {
    // { NAME: 'ok', CODE, CIRCUIT: 'abc' } is a valid circuit once its unknown fields are dropped.
    const circuits = (await t.app.inject({ method: 'GET', url: '/api/clients_circuits', headers })).json().data;
    expect(circuits.map((c: { NAME: string; DESCRIPTION: string | null }) => [c.NAME, c.DESCRIPTION])).toEqual([['ok', null]]);
    for (const url of ['clients_activities', 'clients_categories']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/${url}`, headers })).json().data).toEqual([]);
    }
  });
});

describe('malformed multipart', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
  const boundary = '----bo-malformed';
  const part = (name: string, headers: string, content: Buffer | string) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${headers}\r\n\r\n`), Buffer.from(content)]);
  const withBoundary = `multipart/form-data; boundary=${boundary}`;
  const cases: [string, string, Buffer | string][] = [
    ['no boundary', 'multipart/form-data', 'abc'],
    ['no boundary, empty body', 'multipart/form-data', ''],
    ['cut off after the first bytes of a PNG', withBoundary, part('file', '; filename="logo.png"\r\nContent-Type: image/png', png.subarray(0, 12))],
    ['cut off inside the part headers', withBoundary, `--${boundary}\r\nContent-Disposition: form-da`],
    ['not multipart at all', withBoundary, 'abc'],
    ['empty body', withBoundary, ''],
    ['a closing boundary only', withBoundary, `--${boundary}--\r\n`],
    ['a text field and no file', withBoundary, Buffer.concat([part('NAME', '', 'x'), Buffer.from(`\r\n--${boundary}--\r\n`)])],
    [
      'two files',
      withBoundary,
      Buffer.concat([
        part('file', '; filename="a.png"\r\nContent-Type: image/png', png),
        Buffer.from('\r\n'),
        part('file', '; filename="b.png"\r\nContent-Type: image/png', png),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    ],
  ];

  it('answers every malformed upload with a 4xx, stores nothing and leaves no file behind', async () => {
    const type = (await t.app.inject({ method: 'POST', url: '/api/typeclients', payload: { NAME: 'Cible des envois' }, headers })).json().data;
    for (const [label, contentType, payload] of cases) {
      for (const url of [`/api/typeclients/media/${type.id}`, `/api/typeclients/${type.id}/image`]) {
        const r = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, 'content-type': contentType } });
        expect([label, url, r.statusCode >= 400 && r.statusCode < 500]).toEqual([label, url, true]);
        expect(r.json()).toMatchObject({ success: false, message: expect.any(String) });
      }
    }
    const after = (await t.app.inject({ method: 'GET', url: `/api/typeclients/${type.id}`, headers })).json().data;
    expect(after.MEDIA).toBeNull();
    const uploads = path.join(t.config.dataDir, 'uploads');
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
  });
});
