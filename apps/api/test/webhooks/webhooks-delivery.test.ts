import { WEBHOOK_DELIVERY_ERRORS, WEBHOOK_EXCERPT_CUT, WEBHOOK_TEST_EVENT, type WebhookEventType } from '@app/domain';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { recordEvent } from '../../src/lib/webhooks/outbox';
import { purgeWebhooks } from '../../src/lib/webhooks/housekeeping';
import { excerptOf } from '../../src/lib/webhooks/sender';
import { createTestApp, MemoryMailer, type TestContext } from '../support/helpers';
import { type Receiver, signatureValid, startReceiver } from '../support/webhook-receiver';
import { rowsOf } from '../../src/db/rows';

/**
 * The webhook delivery engine against a real HTTP receiver on 127.0.0.1: what a receiver
 * gets (body, headers, signature), the retry rules, the timeout, the circuit breaker and its resume,
 * redelivery, the test event, per-resource order, the SSRF guard at delivery time, and two nodes on one
 * database. Events are recorded with recordEvent in a transaction, as the write paths do. The engine is
 * driven pass by pass with `runOnce` (deterministic), and started as the server does for the latency.
 */
let t: TestContext;
let rx: Receiver;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  admin = await t.auth('admin@demo.tn');
  rx = await startReceiver();
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});
// Each test has its own endpoints: those of the tests before it are switched off.
afterEach(async () => {
  await t.db.execute(sql`update webhook_deliveries set status = 'cancelled' where status in ('pending', 'retrying')`);
  await t.db.execute(sql`update webhook_endpoints set active = false`);
  rx.respond(() => ({ status: 200, body: 'ok' }));
});

async function endpoint(path: string, events: WebhookEventType[], active = true) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: admin,
    payload: { URL: rx.url(path), DESCRIPTION: path, EVENTS: events, ACTIVE: active },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { ID: number; SECRET: string };
}
const record = (type: WebhookEventType, resource: string, id: number | string, data: Record<string, unknown> = {}) =>
  t.db.transaction((tx) => recordEvent(tx, type, { resource, id }, data));
const deliveries = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/webhooks/${id}/deliveries?rows=100`, headers: admin })).json().data as Record<string, unknown>[];
const detail = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/webhooks/${id}`, headers: admin })).json().data;
/** Passes until nothing is due (retries scheduled later are left for the test to bring forward). */
async function drain() {
  for (let i = 0; i < 50 && (await t.app.webhooks.runOnce()) > 0; i++);
}
/** The endpoint's retries brought forward to now (instead of waiting for the backoff). */
const dueNow = (id: number) => t.db.execute(sql`update webhook_deliveries set next_attempt_at = now() where endpoint_id = ${id} and status = 'retrying'`);

describe('a delivered event', () => {
  it('reaches the subscribed active endpoints only, signed, with the contract’s headers and body', async () => {
    const a = await endpoint('/a', ['order.created', 'order.status_changed']);
    const b = await endpoint('/b', ['client.created']);
    const off = await endpoint('/off', ['order.created'], false);
    await record('order.created', 'order', 42, { ID: 42, STATUS: 'new' });
    await drain();

    expect(rx.at('/b')).toHaveLength(0);
    expect(rx.at('/off')).toHaveLength(0);
    const [got] = rx.at('/a');
    expect(rx.at('/a')).toHaveLength(1);
    expect(got.body).toMatchObject({ type: 'order.created', resource: { type: 'order', id: '42' }, data: { ID: 42, STATUS: 'new' } });
    expect(got.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(got.body.created_at).toISOString()).toBe(got.body.created_at);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toBe('BackOffice-Fidelite-Webhooks/1');
    expect(got.headers['webhook-id']).toBe(got.body.id);
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(signatureValid(got, a.SECRET)).toBe(true);
    expect(signatureValid(got, b.SECRET)).toBe(false);

    const [d] = await deliveries(a.ID);
    expect(d).toMatchObject({
      EVENT_ID: got.body.id,
      EVENT_TYPE: 'order.created',
      ATTEMPT: 1,
      STATUS: 'succeeded',
      HTTP_STATUS: 200,
      RESPONSE_EXCERPT: 'ok',
      ERROR: null,
      NEXT_ATTEMPT_AT: null,
    });
    expect(await deliveries(b.ID)).toHaveLength(0);
    expect(await deliveries(off.ID)).toHaveLength(0);
    expect((await detail(a.ID)).LAST_DELIVERY).toMatchObject({ STATUS: 'succeeded', HTTP_STATUS: 200 });
  });

  it('keeps only the first 500 characters of the response, marked as cut', async () => {
    const a = await endpoint('/long', ['client.created']);
    rx.respond(() => ({ status: 200, body: 'x'.repeat(5000) }));
    await record('client.created', 'client', 1);
    await drain();
    const [d] = await deliveries(a.ID);
    expect(d).toMatchObject({ STATUS: 'succeeded', ERROR: null });
    expect(d.RESPONSE_EXCERPT).toBe(`${'x'.repeat(500 - WEBHOOK_EXCERPT_CUT.length)}${WEBHOOK_EXCERPT_CUT}`);
  });
});

describe('a reply that cannot be stored as it came', () => {
  const big = Buffer.alloc(5 * 1024 * 1024, 'y');
  const cases = [
    {
      name: 'a NUL byte and other control characters',
      body: Buffer.from('reçu\u0000fin\u001b[31m\u0007\ttab\r\n'),
      excerpt: 'reçu\\u0000fin\\u001b[31m\\u0007\ttab\r\n',
      error: WEBHOOK_DELIVERY_ERRORS.replyNul,
    },
    {
      name: 'invalid UTF-8',
      body: Buffer.concat([Buffer.from('ok '), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(' fin')]),
      excerpt: 'ok \ufffd\ufffd\ufffd fin',
      error: WEBHOOK_DELIVERY_ERRORS.replyEncoding,
    },
    {
      name: 'a body of 5 MB',
      body: big,
      excerpt: `${'y'.repeat(500 - WEBHOOK_EXCERPT_CUT.length)}${WEBHOOK_EXCERPT_CUT}`,
      error: WEBHOOK_DELIVERY_ERRORS.replyTooLarge,
    },
  ];

  it.each(cases)(
    'a 2xx with $name is recorded once, escaped and cut, fails without a resend, and counts toward the pause',
    async ({ name, body, excerpt, error }) => {
      const path = `/unstorable-${cases.findIndex((c) => c.name === name)}`;
      const a = await endpoint(path, ['order.created']);
      rx.respond(() => ({ status: 200, body }));
      await record('order.created', 'order', 500);
      await drain();
      const [d] = await deliveries(a.ID);
      expect(d).toMatchObject({ STATUS: 'failed', ATTEMPT: 1, HTTP_STATUS: 200, RESPONSE_EXCERPT: excerpt, ERROR: error, NEXT_ATTEMPT_AT: null });
      expect((await detail(a.ID)).FAILING_SINCE).not.toBeNull();

      // Not sent again: not when its lease would have ended, not on a later pass.
      await t.db.execute(sql`update webhook_deliveries set locked_until = now() - interval '1 second' where endpoint_id = ${a.ID}`);
      await drain();
      expect(rx.at(path)).toHaveLength(1);

      // Such replies for an hour pause the endpoint, as other failures do.
      await t.db.execute(sql`update webhook_endpoints set failing_since = now() - interval '61 minutes' where id = ${a.ID}`);
      await record('order.created', 'order', 501);
      await drain();
      expect(await detail(a.ID)).toMatchObject({ STATE: 'paused' });
      expect(rx.at(path)).toHaveLength(2);
      expect((await deliveries(a.ID)).map((x) => [x.STATUS, x.ERROR])).toEqual([
        ['failed', error],
        ['failed', error],
      ]);
    },
  );

  it('a 5xx with a NUL byte is recorded and retried on its schedule, its error saying both', async () => {
    const a = await endpoint('/unstorable-500', ['order.created']);
    rx.respond(() => ({ status: 500, body: Buffer.from('panne\u0000') }));
    await record('order.created', 'order', 502);
    await drain();
    const [d] = await deliveries(a.ID);
    expect(d).toMatchObject({
      STATUS: 'retrying',
      ATTEMPT: 1,
      HTTP_STATUS: 500,
      RESPONSE_EXCERPT: 'panne\\u0000',
      ERROR: `${WEBHOOK_DELIVERY_ERRORS.http} (HTTP 500) ; ${WEBHOOK_DELIVERY_ERRORS.replyNul}`,
    });
    expect(d.NEXT_ATTEMPT_AT).not.toBeNull();
  });

  it('cuts an excerpt between characters and escapes, never inside one', () => {
    const room = 500 - WEBHOOK_EXCERPT_CUT.length;
    expect(excerptOf(`${'a'.repeat(room - 3)}\u0000${'b'.repeat(20)}`)).toBe(`${'a'.repeat(room - 3)}${WEBHOOK_EXCERPT_CUT}`);
    expect(excerptOf(`${'a'.repeat(room - 1)}${'😀'.repeat(10)}`)).toBe(`${'a'.repeat(room - 1)}${WEBHOOK_EXCERPT_CUT}`);
    expect(excerptOf('\u0000'.repeat(83))).toBe('\\u0000'.repeat(83));
    expect(excerptOf('court', true)).toBe(`court${WEBHOOK_EXCERPT_CUT}`);
    expect(excerptOf('')).toBeNull();
    for (const text of ['\u0000'.repeat(400), '😀'.repeat(400), `${'\u001b'.repeat(100)}${'é'.repeat(900)}`])
      expect(excerptOf(text)?.length).toBeLessThanOrEqual(500);
  });

  it('a reply in the charset it declares is read as such', async () => {
    const a = await endpoint('/latin1', ['order.created']);
    rx.respond(() => ({ status: 200, body: Buffer.from('reçu', 'latin1'), headers: { 'content-type': 'text/plain; charset=ISO-8859-1' } }));
    await record('order.created', 'order', 503);
    await drain();
    expect((await deliveries(a.ID))[0]).toMatchObject({ STATUS: 'succeeded', RESPONSE_EXCERPT: 'reçu', ERROR: null });
  });
});

describe('retries', () => {
  it('retries a 500 after its backoff, then succeeds, with the same event id', async () => {
    const a = await endpoint('/r500', ['order.created']);
    let n = 0;
    rx.respond(() => (++n === 1 ? { status: 500, body: 'boom' } : { status: 204 }));
    await record('order.created', 'order', 7);
    await drain();
    let [d] = await deliveries(a.ID);
    expect(d).toMatchObject({ STATUS: 'retrying', ATTEMPT: 1, HTTP_STATUS: 500, RESPONSE_EXCERPT: 'boom' });
    expect(d.ERROR).toContain('500');
    // The first retry is 10 s after the failure.
    const wait = new Date(d.NEXT_ATTEMPT_AT as string).getTime() - Date.now();
    expect(wait).toBeGreaterThan(5_000);
    expect(wait).toBeLessThan(11_000);
    await drain();
    expect(rx.at('/r500')).toHaveLength(1);
    await dueNow(a.ID);
    await drain();
    [d] = await deliveries(a.ID);
    expect(d).toMatchObject({ STATUS: 'succeeded', ATTEMPT: 2, HTTP_STATUS: 204, ERROR: null, NEXT_ATTEMPT_AT: null });
    const [first, second] = rx.at('/r500');
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(signatureValid(second, a.SECRET)).toBe(true);
  });

  it('does not retry a 400 or a 404, retries a 408 and a 429', async () => {
    const codes: Record<string, number> = { '/c400': 400, '/c404': 404, '/c408': 408, '/c429': 429 };
    const ids: Record<string, number> = {};
    for (const p of Object.keys(codes)) ids[p] = (await endpoint(p, ['voucher.issued'])).ID;
    rx.respond((r) => ({ status: codes[r.path] ?? 200 }));
    await record('voucher.issued', 'voucher', 1);
    await drain();
    for (const p of Object.keys(codes)) await dueNow(ids[p]);
    await drain();
    expect((await deliveries(ids['/c400']))[0]).toMatchObject({ STATUS: 'failed', HTTP_STATUS: 400, NEXT_ATTEMPT_AT: null, ATTEMPT: 1 });
    expect((await deliveries(ids['/c404']))[0]).toMatchObject({ STATUS: 'failed', HTTP_STATUS: 404, ATTEMPT: 1 });
    expect((await deliveries(ids['/c408']))[0]).toMatchObject({ STATUS: 'retrying', HTTP_STATUS: 408, ATTEMPT: 2 });
    expect((await deliveries(ids['/c429']))[0]).toMatchObject({ STATUS: 'retrying', HTTP_STATUS: 429, ATTEMPT: 2 });
    expect(rx.at('/c400')).toHaveLength(1);
    expect(rx.at('/c404')).toHaveLength(1);
    expect(rx.at('/c429')).toHaveLength(2);
  });

  it('does not follow a redirect: a 3xx is a failure', async () => {
    const a = await endpoint('/moved', ['order.created']);
    rx.respond((r) => (r.path === '/moved' ? { status: 301, headers: { location: rx.url('/elsewhere') } } : { status: 200 }));
    await record('order.created', 'order', 8);
    await drain();
    expect(rx.at('/elsewhere')).toHaveLength(0);
    expect((await deliveries(a.ID))[0]).toMatchObject({ STATUS: 'retrying', HTTP_STATUS: 301, ERROR: WEBHOOK_DELIVERY_ERRORS.redirect });
  });

  it('gives up an attempt after the timeout (« Délai dépassé ») and retries it', async () => {
    const a = await endpoint('/slow', ['order.created']);
    rx.respond(() => ({ status: 200, delay: 1500 }));
    const timeout = t.app.webhooks.options.timeoutMs;
    t.app.webhooks.options.timeoutMs = 300;
    try {
      await record('order.created', 'order', 9);
      await drain();
    } finally {
      t.app.webhooks.options.timeoutMs = timeout;
    }
    const [d] = await deliveries(a.ID);
    expect(d).toMatchObject({ STATUS: 'retrying', HTTP_STATUS: null, ERROR: WEBHOOK_DELIVERY_ERRORS.timeout });
    expect(d.DURATION_MS as number).toBeGreaterThanOrEqual(290);
    expect(d.DURATION_MS as number).toBeLessThan(1500);
  });

  it('a connection refused is retried (« Connexion refusée »)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: admin,
      payload: { URL: 'http://127.0.0.1:1/nobody', EVENTS: ['order.created'], ACTIVE: true },
    });
    const id = res.json().data.ID;
    await record('order.created', 'order', 10);
    await drain();
    expect((await deliveries(id))[0]).toMatchObject({ STATUS: 'retrying', ERROR: WEBHOOK_DELIVERY_ERRORS.refused });
  });

  it('fails a delivery for good when the next attempt would fall 24 h after the first', async () => {
    const a = await endpoint('/day', ['order.created']);
    rx.respond(() => ({ status: 503 }));
    await record('order.created', 'order', 11);
    await drain();
    await t.db.execute(
      sql`update webhook_deliveries set first_attempt_at = now() - interval '23 hours 59 minutes 50 seconds', next_attempt_at = now() where endpoint_id = ${a.ID}`,
    );
    await drain();
    expect((await deliveries(a.ID))[0]).toMatchObject({ STATUS: 'failed', ATTEMPT: 2, HTTP_STATUS: 503, NEXT_ATTEMPT_AT: null });
  });
});

describe('circuit breaker', () => {
  it('pauses an endpoint failing for an hour, holds its deliveries, and resume sends them', async () => {
    const a = await endpoint('/breaker', ['order.created', 'order.status_changed']);
    rx.respond(() => ({ status: 500 }));
    await record('order.created', 'order', 20);
    await drain();
    let d = await detail(a.ID);
    expect(d.STATE).toBe('active');
    expect(d.FAILING_SINCE).not.toBeNull();
    // An hour of failures, without waiting one: its streak started earlier.
    await t.db.execute(sql`update webhook_endpoints set failing_since = now() - interval '61 minutes' where id = ${a.ID}`);
    await dueNow(a.ID);
    await drain();
    d = await detail(a.ID);
    expect(d).toMatchObject({ STATE: 'paused', ACTIVE: true });
    expect(d.PAUSED_AT).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: admin })).json().data.find((e: { ID: number }) => e.ID === a.ID).STATE).toBe(
      'paused',
    );

    // Paused: its open delivery waits, even when due; an event recorded meanwhile is queued for it and waits too.
    const before = rx.at('/breaker').length;
    await dueNow(a.ID);
    await record('order.created', 'order', 21);
    await drain();
    expect(rx.at('/breaker')).toHaveLength(before);
    expect((await deliveries(a.ID)).map((x) => x.STATUS)).toEqual(['pending', 'retrying']);

    rx.respond(() => ({ status: 200 }));
    const resumed = await t.app.inject({ method: 'POST', url: `/api/webhooks/${a.ID}/resume`, headers: admin });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data).toMatchObject({ STATE: 'active', PAUSED_AT: null, FAILING_SINCE: null });
    // The waiting delivery goes out at once, not at its next backoff slot.
    await drain();
    await drain();
    expect((await deliveries(a.ID)).map((x) => [x.STATUS, x.HTTP_STATUS])).toEqual([
      ['succeeded', 200],
      ['succeeded', 200],
    ]);
    // Nothing lost during the pause, and each resource's events in their order.
    expect(
      rx
        .at('/breaker')
        .slice(before)
        .map((r) => r.body.resource.id),
    ).toEqual(['20', '21']);
  });

  it('does not pause an endpoint whose failures are younger than an hour', async () => {
    const a = await endpoint('/young', ['order.created']);
    rx.respond(() => ({ status: 500 }));
    await record('order.created', 'order', 22);
    await drain();
    await dueNow(a.ID);
    await drain();
    expect(await detail(a.ID)).toMatchObject({ STATE: 'active', PAUSED_AT: null });
  });

  it('a success ends the failing streak', async () => {
    const a = await endpoint('/heals', ['order.created']);
    let n = 0;
    rx.respond(() => ({ status: ++n === 1 ? 500 : 200 }));
    await record('order.created', 'order', 23);
    await drain();
    expect((await detail(a.ID)).FAILING_SINCE).not.toBeNull();
    await dueNow(a.ID);
    await drain();
    expect((await detail(a.ID)).FAILING_SINCE).toBeNull();
  });
});

describe('redelivery and test event', () => {
  it('redeliver sends the same event again as a new delivery', async () => {
    const a = await endpoint('/again', ['client.updated']);
    await record('client.updated', 'client', 5, { ID: 5 });
    await drain();
    const [first] = await deliveries(a.ID);
    const res = await t.app.inject({ method: 'POST', url: `/api/webhooks/${a.ID}/deliveries/${first.ID}/redeliver`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ EVENT_ID: first.EVENT_ID, STATUS: 'pending', ATTEMPT: 1 });
    expect(res.json().data.ID).not.toBe(first.ID);
    await drain();
    const got = rx.at('/again');
    expect(got).toHaveLength(2);
    expect(got[1].headers['webhook-id']).toBe(got[0].headers['webhook-id']);
    expect((await deliveries(a.ID)).map((d) => d.STATUS)).toEqual(['succeeded', 'succeeded']);
    // Another endpoint's delivery is not this one's to resend.
    const other = await endpoint('/other', ['client.updated']);
    expect((await t.app.inject({ method: 'POST', url: `/api/webhooks/${other.ID}/deliveries/${first.ID}/redeliver`, headers: admin })).statusCode).toBe(404);
  });

  it('the test event goes to that endpoint only, signed like any other', async () => {
    const a = await endpoint('/t1', ['order.created', 'client.created']);
    await endpoint('/t2', ['order.created', 'client.created']);
    const res = await t.app.inject({ method: 'POST', url: `/api/webhooks/${a.ID}/test`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ EVENT_TYPE: WEBHOOK_TEST_EVENT, STATUS: 'pending', ATTEMPT: 1 });
    await drain();
    expect(rx.at('/t2')).toHaveLength(0);
    const [got] = rx.at('/t1');
    expect(got.body).toMatchObject({ type: WEBHOOK_TEST_EVENT, resource: { type: 'webhook', id: String(a.ID) } });
    expect(signatureValid(got, a.SECRET)).toBe(true);
    expect((await deliveries(a.ID))[0]).toMatchObject({ EVENT_TYPE: WEBHOOK_TEST_EVENT, STATUS: 'succeeded' });
  });

  it('the secret shown once at creation verifies a real delivery; after a rotation only the new one does', async () => {
    const a = await endpoint('/secret', ['order.created']);
    expect(await detail(a.ID)).not.toHaveProperty('SECRET');
    await t.app.inject({ method: 'POST', url: `/api/webhooks/${a.ID}/test`, headers: admin });
    await drain();
    expect(signatureValid(rx.at('/secret')[0], a.SECRET)).toBe(true);
    const rotated = (await t.app.inject({ method: 'POST', url: `/api/webhooks/${a.ID}/secret`, headers: admin })).json().data.SECRET as string;
    await t.app.inject({ method: 'POST', url: `/api/webhooks/${a.ID}/test`, headers: admin });
    await drain();
    const second = rx.at('/secret')[1];
    expect(signatureValid(second, rotated)).toBe(true);
    expect(signatureValid(second, a.SECRET)).toBe(false);
    expect((await detail(a.ID)).SECRET_MASKED).toBe(`whsec_…${rotated.slice(-4)}`);
  });

  it('disabling an endpoint cancels its open deliveries', async () => {
    const a = await endpoint('/disable', ['order.created']);
    rx.respond(() => ({ status: 500 }));
    await record('order.created', 'order', 30);
    await drain();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/webhooks/${a.ID}`,
      headers: admin,
      payload: { URL: rx.url('/disable'), EVENTS: ['order.created'], ACTIVE: false },
    });
    expect(put.json().data.STATE).toBe('disabled');
    expect((await deliveries(a.ID))[0]).toMatchObject({ STATUS: 'cancelled' });
  });
});

describe('per-resource order', () => {
  it('a later event of a resource waits until the earlier one is delivered; other resources do not wait', async () => {
    const a = await endpoint('/order', ['order.created', 'order.status_changed']);
    let failFirst = true;
    rx.respond((r) => {
      if (r.body.type === 'order.created' && r.body.resource.id === '100' && failFirst) return { status: 500 };
      return { status: 200 };
    });
    await record('order.created', 'order', 100);
    await record('order.status_changed', 'order', 100, { STATUS: 'shipped' });
    await record('order.created', 'order', 101);
    await drain();
    // Order 100's status change is held behind its failed creation; order 101 went out (both in one pass, in either order).
    expect(
      rx
        .at('/order')
        .map((r) => `${r.body.type}:${r.body.resource.id}`)
        .sort(),
    ).toEqual(['order.created:100', 'order.created:101']);
    expect((await deliveries(a.ID)).map((d) => `${d.EVENT_TYPE}:${d.STATUS}`)).toEqual([
      'order.created:succeeded',
      'order.status_changed:pending',
      'order.created:retrying',
    ]);
    failFirst = false;
    await dueNow(a.ID);
    await drain();
    expect(
      rx
        .at('/order')
        .slice(2)
        .map((r) => `${r.body.type}:${r.body.resource.id}`),
    ).toEqual(['order.created:100', 'order.status_changed:100']);
  });

  it('an earlier event failed for good releases the later one', async () => {
    await endpoint('/order404', ['order.created', 'order.status_changed']);
    rx.respond((r) => ({ status: r.body.type === 'order.created' ? 404 : 200 }));
    await record('order.created', 'order', 200);
    await record('order.status_changed', 'order', 200);
    await drain();
    expect(rx.at('/order404').map((r) => r.body.type)).toEqual(['order.created', 'order.status_changed']);
  });
});

describe('the running dispatcher', () => {
  it('delivers an event within 2 s of its commit', async () => {
    await endpoint('/live', ['points.changed']);
    t.app.webhooks.start();
    try {
      const started = Date.now();
      await record('points.changed', 'client', 3, { POINTS: 10 });
      for (let i = 0; i < 40 && !rx.at('/live').length; i++) await new Promise((r) => setTimeout(r, 50));
      expect(rx.at('/live')).toHaveLength(1);
      expect(rx.at('/live')[0].at - started).toBeLessThan(2000);
    } finally {
      await t.app.webhooks.stop();
    }
  });
});

describe('housekeeping', () => {
  it('purges ended deliveries and dispatched events after 30 days, never an open delivery', async () => {
    const a = await endpoint('/old', ['order.created']);
    rx.respond((r) => ({ status: r.body.resource.id === '301' ? 500 : 200 }));
    await record('order.created', 'order', 300);
    await record('order.created', 'order', 301);
    await drain();
    await t.db.execute(
      sql`update webhook_deliveries set last_attempt_at = now() - interval '31 days', created_at = now() - interval '31 days' where endpoint_id = ${a.ID}`,
    );
    await t.db.execute(sql`update webhook_events set created_at = now() - interval '31 days' where resource = 'order' and resource_id in ('300', '301')`);
    expect(await purgeWebhooks(t.db)).toBeGreaterThanOrEqual(2);
    expect((await deliveries(a.ID)).map((d) => d.STATUS)).toEqual(['retrying']);
    const left = rowsOf<{ resource_id: string }>(
      await t.db.execute(sql`select resource_id from webhook_events where resource = 'order' and resource_id in ('300', '301')`),
    );
    expect(left.map((r) => r.resource_id)).toEqual(['301']);
    // The housekeeping job runs it.
    expect(await t.app.jobs.housekeeping()).toHaveProperty('webhooks');
  });
});

describe('SSRF at delivery time', () => {
  it('without WEBHOOKS_ALLOW_PRIVATE, a receiver whose address is (now) private is never reached', async () => {
    const strict = await createTestApp();
    try {
      await strict.db.execute(sql`insert into webhook_endpoints (url, secret, events) values
        (${`https://127.0.0.1:${rx.port}/literal`}, 'whsec_x', array['order.created']),
        (${`https://localhost:${rx.port}/rebound`}, 'whsec_x', array['order.created'])`);
      await strict.db.transaction((tx) => recordEvent(tx, 'order.created', { resource: 'order', id: 1 }, {}));
      await strict.app.webhooks.runOnce();
      const rows = rowsOf<{ status: string; error: string }>(await strict.db.execute(sql`select status, error from webhook_deliveries order by endpoint_id`));
      expect(rows).toEqual([
        { status: 'failed', error: WEBHOOK_DELIVERY_ERRORS.forbidden },
        { status: 'failed', error: WEBHOOK_DELIVERY_ERRORS.forbidden },
      ]);
      expect(rx.at('/literal')).toHaveLength(0);
      expect(rx.at('/rebound')).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });
});

describe('two nodes on one database', () => {
  it('deliver each delivery exactly once', async () => {
    await endpoint('/nodes', ['points.changed']);
    const node = async () => {
      const config = loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'silent', DATA_DIR: t.config.dataDir, WEBHOOKS_ALLOW_PRIVATE: 'true' });
      const app = await buildApp({ config, database: t.app.dbHandle, mailer: new MemoryMailer(), logger: false });
      await app.ready();
      return app;
    };
    const [n1, n2] = [await node(), await node()];
    try {
      n1.webhooks.start();
      n2.webhooks.start();
      const N = 200;
      for (let i = 0; i < N; i += 20) {
        await t.db.transaction(async (tx) => {
          for (let j = i; j < i + 20; j++) await recordEvent(tx, 'points.changed', { resource: 'client', id: j }, { N: j });
        });
      }
      for (let i = 0; i < 200 && rx.at('/nodes').length < N; i++) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 500));
      const ids = rx.at('/nodes').map((r) => r.body.id);
      expect(ids).toHaveLength(N);
      expect(new Set(ids).size).toBe(N);
    } finally {
      await n1.close();
      await n2.close();
    }
  });
});
