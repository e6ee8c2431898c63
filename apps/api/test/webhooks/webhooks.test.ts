import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS, WEBHOOK_MSG } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog } from '../../src/lib/audit/audit.table';
import { seedWebhooks } from '../../src/modules/webhooks/webhooks.seed';
import { createTestApp, type TestContext } from '../support/helpers';
import { queryRows } from '../../src/db/rows';

/**
 * Webhooks administration (webhooks-contract.md): the endpoints' CRUD with their secret,
 * the URL rules (https, no private or local address by literal or by DNS, unless
 * WEBHOOKS_ALLOW_PRIVATE), the audit trail, the delivery log, the role rule (admin only) and the demo data.
 */
let t: TestContext;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
});
afterAll(() => t?.close());

const body = (over: Record<string, unknown> = {}) => ({
  URL: 'https://93.184.215.14/hooks/fidelite',
  DESCRIPTION: 'ERP',
  EVENTS: ['order.created'],
  ACTIVE: true,
  ...over,
});
const post = (payload: unknown, headers = admin) => t.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: payload as object });

describe('endpoints', () => {
  it('creates, reads, lists, updates, rotates the secret and deletes, each in the audit trail without the secret', async () => {
    const created = await post(body());
    expect(created.statusCode, created.body).toBe(201);
    const d = created.json().data;
    expect(d).toMatchObject({
      URL: 'https://93.184.215.14/hooks/fidelite',
      DESCRIPTION: 'ERP',
      EVENTS: ['order.created'],
      ACTIVE: true,
      STATE: 'active',
      PAUSED_AT: null,
      FAILING_SINCE: null,
      LAST_DELIVERY: null,
    });
    expect(d.SECRET).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(d.SECRET_MASKED).toBe(`whsec_…${d.SECRET.slice(-4)}`);

    const list = (await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: admin })).json();
    expect(list.success).toBe(true);
    expect(list.data.map((e: { ID: number }) => e.ID)).toContain(d.ID);
    expect(list.data[0]).not.toHaveProperty('SECRET');
    const one = (await t.app.inject({ method: 'GET', url: `/api/webhooks/${d.ID}`, headers: admin })).json().data;
    expect(one).not.toHaveProperty('SECRET');
    expect(one.SECRET_MASKED).toBe(d.SECRET_MASKED);

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/webhooks/${d.ID}`,
      headers: admin,
      payload: body({ DESCRIPTION: null, EVENTS: ['order.created', 'voucher.issued'], ACTIVE: false }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({
      DESCRIPTION: null,
      EVENTS: ['order.created', 'voucher.issued'],
      ACTIVE: false,
      STATE: 'disabled',
      SECRET_MASKED: d.SECRET_MASKED,
    });
    expect(put.json().data).not.toHaveProperty('SECRET');

    const rotated = await t.app.inject({ method: 'POST', url: `/api/webhooks/${d.ID}/secret`, headers: admin });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().data.SECRET).toMatch(/^whsec_/);
    expect(rotated.json().data.SECRET).not.toBe(d.SECRET);
    expect(rotated.json().data.SECRET_MASKED).toBe(`whsec_…${rotated.json().data.SECRET.slice(-4)}`);

    const resumed = await t.app.inject({ method: 'POST', url: `/api/webhooks/${d.ID}/resume`, headers: admin });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data).not.toHaveProperty('SECRET');

    const del = await t.app.inject({ method: 'DELETE', url: `/api/webhooks/${d.ID}`, headers: admin });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ success: true, data: null });
    expect((await t.app.inject({ method: 'GET', url: `/api/webhooks/${d.ID}`, headers: admin })).statusCode).toBe(404);

    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'webhooks'), eq(auditLog.entityId, String(d.ID))));
    expect(trail.map((a) => a.action).sort()).toEqual(['create', 'delete', 'resume', 'secret', 'update']);
    const text = JSON.stringify(trail);
    expect(text).not.toContain(d.SECRET);
    expect(text).not.toContain(rotated.json().data.SECRET);
    expect(trail.find((a) => a.action === 'update')?.changes).toMatchObject({ ACTIVE: [true, false] });
  });

  it('shows the whole secret only in the replies of the creation and the rotation', async () => {
    const created = (await post(body())).json().data;
    const rotated = (await t.app.inject({ method: 'POST', url: `/api/webhooks/${created.ID}/secret`, headers: admin })).json().data;
    const secrets = [created.SECRET, rotated.SECRET];
    // The hidden part of each, as it would appear in any encoding of the JSON text.
    const hidden = secrets.map((s: string) => s.slice('whsec_'.length, -4));
    const replies = [
      await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: admin }),
      await t.app.inject({ method: 'GET', url: `/api/webhooks/${created.ID}`, headers: admin }),
      await t.app.inject({ method: 'PUT', url: `/api/webhooks/${created.ID}`, headers: admin, payload: body({ DESCRIPTION: 'modifié' }) }),
      await t.app.inject({ method: 'POST', url: `/api/webhooks/${created.ID}/resume`, headers: admin }),
      await t.app.inject({ method: 'POST', url: `/api/webhooks/${created.ID}/test`, headers: admin }),
      await t.app.inject({ method: 'GET', url: `/api/webhooks/${created.ID}/deliveries`, headers: admin }),
    ];
    for (const res of replies) {
      expect(res.statusCode, res.body).toBe(200);
      for (const h of hidden) expect(res.body, res.raw.req.url).not.toContain(h);
      expect(res.body).not.toContain('"SECRET"');
    }
    expect(replies[1].json().data.SECRET_MASKED).toBe(`whsec_…${rotated.SECRET.slice(-4)}`);

    // The routes' reply schemas (from which /api/docs is generated) say so: SECRET in the two replies that carry it, SECRET_MASKED everywhere.
    const fields = (method: string, url: string, code: number) => {
      const route = t.app.routeTable.find((r) => r.method === method && r.url === url);
      if (!route) throw new Error(`no route ${method} ${url}`);
      const reply = (route.options.schema as { response: Record<number, z.ZodObject<{ data: z.ZodType }>> }).response[code];
      const data = reply.shape.data;
      return Object.keys((data instanceof z.ZodArray ? (data.element as z.ZodObject) : (data as z.ZodObject)).shape);
    };
    expect(fields('POST', '/api/webhooks', 201)).toEqual(expect.arrayContaining(['SECRET', 'SECRET_MASKED']));
    expect(fields('POST', '/api/webhooks/:id/secret', 200)).toEqual(expect.arrayContaining(['SECRET', 'SECRET_MASKED']));
    for (const [method, url] of [
      ['GET', '/api/webhooks'],
      ['GET', '/api/webhooks/:id'],
      ['PUT', '/api/webhooks/:id'],
      ['POST', '/api/webhooks/:id/resume'],
    ]) {
      expect(fields(method, url, 200), `${method} ${url}`).toContain('SECRET_MASKED');
      expect(fields(method, url, 200), `${method} ${url}`).not.toContain('SECRET');
    }
  });

  it('answers 404 for an unknown endpoint on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/webhooks/999999'],
      ['DELETE', '/api/webhooks/999999'],
      ['POST', '/api/webhooks/999999/secret'],
      ['POST', '/api/webhooks/999999/test'],
      ['POST', '/api/webhooks/999999/resume'],
      ['GET', '/api/webhooks/999999/deliveries'],
      ['POST', '/api/webhooks/999999/deliveries/1/redeliver'],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: admin })).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.app.inject({ method: 'PUT', url: '/api/webhooks/999999', headers: admin, payload: body() })).statusCode).toBe(404);
  });

  it('lists the subscribable events with their French labels', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/webhooks/events', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(WEBHOOK_EVENT_TYPES.map((type) => ({ TYPE: type, LABEL: WEBHOOK_EVENTS[type] })));
  });
});

describe('URL and events validation', () => {
  const refused = async (payload: Record<string, unknown>, field: string, message?: string) => {
    const res = await post(body(payload));
    expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    // A field's errors, or those of its items (EVENTS.0).
    const errors = Object.entries(res.json().errors ?? {})
      .filter(([k]) => k === field || k.startsWith(`${field}.`))
      .flatMap(([, v]) => v as string[]);
    expect(errors.length, JSON.stringify(payload)).toBeGreaterThan(0);
    if (message) expect(errors).toContain(message);
  };

  it('wants https', async () => {
    await refused({ URL: 'http://93.184.215.14/hook' }, 'URL', WEBHOOK_MSG.urlHttps);
    await refused({ URL: 'ftp://93.184.215.14/hook' }, 'URL', WEBHOOK_MSG.urlHttps);
    await refused({ URL: 'pas une url' }, 'URL', WEBHOOK_MSG.urlInvalid);
    await refused({ URL: 'https://user:pass@93.184.215.14/hook' }, 'URL', WEBHOOK_MSG.urlCredentials);
  });

  it('refuses private, loopback, link-local and reserved addresses, as literals and by DNS', async () => {
    for (const host of [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.5',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.10',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '[::1]',
      '[::]',
      '[fc00::1]',
      '[fd12:3456::1]',
      '[fe80::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:10.0.0.1]',
      '2130706433',
      '0x7f000001',
      'localhost',
    ]) {
      await refused({ URL: `https://${host}/hook` }, 'URL', WEBHOOK_MSG.urlPrivate);
    }
    // Just outside the private ranges.
    for (const host of ['172.32.0.1', '11.0.0.1', '[2606:4700::1111]']) expect((await post(body({ URL: `https://${host}/hook` }))).statusCode, host).toBe(201);
  });

  it('refuses a name that does not resolve', async () => {
    await refused({ URL: 'https://nulle-part.invalid/hook' }, 'URL', WEBHOOK_MSG.urlUnresolved);
  });

  it('wants at least one known event, and the fields it declares', async () => {
    await refused({ EVENTS: [] }, 'EVENTS', WEBHOOK_MSG.eventsRequired);
    await refused({ EVENTS: ['order.deleted'] }, 'EVENTS');
    await refused({ ACTIVE: 'true' }, 'ACTIVE');
    await refused({ URL: `https://93.184.215.14/${'x'.repeat(2100)}` }, 'URL');
    expect((await post({ URL: 'https://93.184.215.14/x' })).statusCode).toBe(422);
  });

  it('accepts http:// and private addresses with WEBHOOKS_ALLOW_PRIVATE=true', async () => {
    const open = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    try {
      const auth = await open.auth('admin@demo.tn');
      for (const url of ['http://127.0.0.1:8080/hook', 'http://localhost/hook', 'https://[::1]/hook', 'http://10.1.2.3/x']) {
        const res = await open.app.inject({ method: 'POST', url: '/api/webhooks', headers: auth, payload: body({ URL: url }) });
        expect(res.statusCode, url).toBe(201);
      }
      expect((await open.app.inject({ method: 'POST', url: '/api/webhooks', headers: auth, payload: body({ URL: 'ftp://127.0.0.1/x' }) })).statusCode).toBe(
        422,
      );
    } finally {
      await open.close();
    }
  });
});

describe('delivery log', () => {
  it('pages the deliveries newest first and filters by status', async () => {
    const id = (await post(body())).json().data.ID;
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'POST', url: `/api/webhooks/${id}/test`, headers: admin })).statusCode).toBe(200);
    await t.db.execute(
      sql`update webhook_deliveries set status = 'failed', attempt = 1, error = 'Délai dépassé' where endpoint_id = ${id} and id = (select min(id) from webhook_deliveries where endpoint_id = ${id})`,
    );
    const page = (await t.app.inject({ method: 'GET', url: `/api/webhooks/${id}/deliveries?page=1&rows=2`, headers: admin })).json();
    expect(page.meta).toEqual({ total: 3, last_page: 2, current_page: 1, per_page: 2 });
    expect(page.data[0].ID).toBeGreaterThan(page.data[1].ID);
    expect(page.data[0]).toMatchObject({ EVENT_TYPE: 'webhook.test', STATUS: 'pending', ATTEMPT: 1, HTTP_STATUS: null, NEXT_ATTEMPT_AT: expect.any(String) });
    const failed = (await t.app.inject({ method: 'GET', url: `/api/webhooks/${id}/deliveries?status=failed`, headers: admin })).json();
    expect(failed.data).toHaveLength(1);
    expect(failed.data[0]).toMatchObject({ STATUS: 'failed', ERROR: 'Délai dépassé' });
    expect((await t.app.inject({ method: 'GET', url: `/api/webhooks/${id}/deliveries?status=lost`, headers: admin })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: `/api/webhooks/${id}/deliveries?rows=1000`, headers: admin })).statusCode).toBe(422);
    const list = (await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: admin })).json().data;
    expect(list.find((e: { ID: number }) => e.ID === id).LAST_DELIVERY).toMatchObject({ STATUS: 'pending', HTTP_STATUS: null });
  });
});

describe('access', () => {
  it('is for administrators only: other roles get 403, no token 401, on every webhooks route', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/webhooks') && r.method !== 'HEAD');
    expect(routes.length).toBe(11);
    for (const r of routes) expect(r.options.config?.action).toBe('webhooks:manage');
    const count = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from webhook_endpoints`))[0].n;
    const before = await count();
    for (const email of ['chef@demo.tn', 'magasin@demo.tn', 'commercial@demo.tn']) {
      const headers = await t.auth(email);
      for (const r of routes) {
        const url = r.url.replace(':deliveryId', '1').replace(':id', '1');
        const res = await t.app.inject({ method: r.method as 'GET', url, headers, ...(['POST', 'PUT'].includes(r.method) ? { payload: body() } : {}) });
        expect(res.statusCode, `${email} ${r.method} ${url}`).toBe(403);
      }
    }
    for (const r of routes) {
      const res = await t.app.inject({ method: r.method as 'GET', url: r.url.replace(':deliveryId', '1').replace(':id', '1') });
      expect(res.statusCode).toBe(401);
    }
    expect(await count()).toBe(before);
  });
});

describe('demo data', () => {
  it('shows two disabled endpoints with deliveries of each ended status, and sends nothing', async () => {
    const demo = await createTestApp();
    try {
      await seedWebhooks(demo.db);
      const auth = await demo.auth('admin@demo.tn');
      const list = (await demo.app.inject({ method: 'GET', url: '/api/webhooks', headers: auth })).json().data;
      expect(list).toHaveLength(2);
      for (const e of list) {
        expect(e).toMatchObject({ ACTIVE: false, STATE: 'disabled' });
        expect(e.URL).toMatch(/^https:\/\/exemple\.invalid\//);
        expect(e.LAST_DELIVERY).not.toBeNull();
      }
      const statuses = new Set<string>();
      for (const e of list)
        for (const d of (await demo.app.inject({ method: 'GET', url: `/api/webhooks/${e.ID}/deliveries`, headers: auth })).json().data) statuses.add(d.STATUS);
      expect([...statuses].sort()).toEqual(['cancelled', 'failed', 'succeeded']);
      expect(await demo.app.webhooks.runOnce()).toBe(0);
    } finally {
      await demo.close();
    }
  });
});
