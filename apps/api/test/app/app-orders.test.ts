import { APP_ORDER_MAX_LINES, APP_ORDER_MAX_QTE, APP_ORDER_MSG, IDEMPOTENCY_MSG } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLAYED_HEADER } from '../../src/lib/idempotency/idempotency';
import { users } from '../../src/lib/auth/accounts.table';
import { numberSequences } from '../../src/modules/system/sequences.table';
import { orderItems, orders } from '../../src/modules/orders/orders.table';
import { appCatalogue } from '../support/app-fixtures';
import { APP, appAuth } from '../support/app-helpers';
import { createTestApp, onPostgres, type TestContext } from '../support/helpers';

/**
 * The mobile app's orders: priced by the server with the day's rules, never with the
 * app's figures; an Idempotency-Key is required and a replay or a race writes one order; the client
 * reads its own orders only; staff see the new order at once in their list and the bell.
 */
let t: TestContext;
let f: Awaited<ReturnType<typeof appCatalogue>>;
let asA: Record<string, string>;
let asA2: Record<string, string>;
let asB: Record<string, string>;
let admin: Record<string, string>;
let n = 0;
const newKey = () => `commande-${Date.now()}-${++n}`;

/** POST {APP}/orders under a new key, the key given, or none (null). */
const post = (body: unknown, headers: Record<string, string>, key: string | null = newKey()) =>
  t.app.inject({ method: 'POST', url: `${APP}/orders`, payload: body as never, headers: { ...headers, ...(key === null ? {} : { 'idempotency-key': key }) } });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const orderCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0].n;
const year = () => new Date().getFullYear();

beforeAll(async () => {
  t = await createTestApp();
  f = await appCatalogue(t.db);
  asA = await appAuth(t.db, 'sami.a@client.test.tn');
  asA2 = await appAuth(t.db, 'sami.a2@client.test.tn');
  asB = await appAuth(t.db, 'sami.b@client.test.tn');
  admin = await t.auth('admin@demo.tn');
});
afterAll(() => t.close());

describe('POST orders', () => {
  it('writes a « Nouveau » order for the client and its user, priced by the server with the day’s price list and points', async () => {
    const res = await post(
      {
        ITEMS: [
          { PRODUCT_ID: f.products.olive1.id, QTE: 2 },
          { PRODUCT_ID: f.products.juice2.id, QTE: 3 },
        ],
      },
      asA,
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    // Retail price list on OLV-1 (10.710, point period 25); JUS-2 at its own price (2.499, 3 points).
    expect(order).toMatchObject({ STATUS: 0, STATUS_LABEL: 'Nouveau', TOTAL_NET_TTC: 28.917, TOTAL_POINTS: 59, ADDRESS: '3 rue de Rome, Tunis' });
    expect(order.NUM_ORDER).toMatch(new RegExp(`^CMD-${year()}-\\d{5}$`));
    expect(order.ITEMS).toEqual([
      expect.objectContaining({ PRODUCT_ID: f.products.olive1.id, REF: 'TST-OLV-1', QTE: 2, UNIT_PRICE_TTC: 10.71, UNIT_POINTS: 25 }),
      expect.objectContaining({ PRODUCT_ID: f.products.juice2.id, QTE: 3, UNIT_PRICE_TTC: 2.499, UNIT_POINTS: 3 }),
    ]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.ID));
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'sami.a@client.test.tn'));
    expect(row).toMatchObject({ clientId: f.clients.a.id, userId: user.id, status: 0, totalNetTtc: '28.917', site: 'Tunis Nord', destination: 'Tunis' });
  });

  it('prices another circuit’s client with its own price list, and takes the address sent', async () => {
    const res = await post(
      {
        ITEMS: [
          { PRODUCT_ID: f.products.olive1.id, QTE: 1 },
          { PRODUCT_ID: f.products.juice2.id, QTE: 2 },
        ],
        ADDRESS: '  Dépôt de Sousse  ',
      },
      asB,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ TOTAL_NET_TTC: 16.13, TOTAL_POINTS: 25 + 6, ADDRESS: 'Dépôt de Sousse' });
  });

  it('numbers the orders one after the other, after the numbers already given', async () => {
    await t.db
      .insert(numberSequences)
      .values({ kind: 'order', year: year(), last: 41 })
      .onConflictDoUpdate({ target: [numberSequences.kind, numberSequences.year], set: { last: 41 } });
    const first = (await post({ ITEMS: [{ PRODUCT_ID: f.products.juice1.id, QTE: 1 }] }, asA)).json().data.NUM_ORDER;
    const second = (await post({ ITEMS: [{ PRODUCT_ID: f.products.juice1.id, QTE: 1 }] }, asB)).json().data.NUM_ORDER;
    expect([first, second]).toEqual([`CMD-${year()}-00042`, `CMD-${year()}-00043`]);
  });

  it('refuses any figure sent by the app (strict body: a price, a total, points), writing nothing', async () => {
    const before = await orderCount();
    const tampered = [
      { ITEMS: [{ PRODUCT_ID: f.products.olive1.id, QTE: 1, PRICE_TTC: 0.001 }] },
      { ITEMS: [{ PRODUCT_ID: f.products.olive1.id, QTE: 1, UNIT_POINTS: 1000 }] },
      { ITEMS: [{ PRODUCT_ID: f.products.olive1.id, QTE: 1 }], TOTAL_NET_TTC: 0.001 },
      { ITEMS: [{ PRODUCT_ID: f.products.olive1.id, QTE: 1 }], STATUS: 2 },
      { ITEMS: [{ PRODUCT_ID: f.products.olive1.id, QTE: 1 }], NOTE: 'pas de colonne pour une note' },
    ];
    for (const body of tampered) expect((await post(body, asA)).statusCode).toBe(422);
    expect(await orderCount()).toBe(before);
  });

  it('refuses a hidden or unknown product on its line, writing nothing', async () => {
    const before = await orderCount();
    const res = await post(
      {
        ITEMS: [
          { PRODUCT_ID: f.products.olive1.id, QTE: 1 },
          { PRODUCT_ID: f.products.hidden.id, QTE: 1 },
          { PRODUCT_ID: 999_999, QTE: 1 },
        ],
      },
      asA,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'ITEMS.1.PRODUCT_ID': [APP_ORDER_MSG.unavailable], 'ITEMS.2.PRODUCT_ID': [APP_ORDER_MSG.unavailable] });
    expect(await orderCount()).toBe(before);
  });

  it('takes whole quantities from 1 to the maximum, 1 to 100 lines, each product once', async () => {
    const before = await orderCount();
    const line = (QTE: unknown) => ({ ITEMS: [{ PRODUCT_ID: f.products.olive1.id, QTE }] });
    for (const qte of [0, -1, 1.5, APP_ORDER_MAX_QTE + 1, '3', null]) {
      const res = await post(line(qte), asA);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['ITEMS.0.QTE']);
    }
    expect((await post({ ITEMS: [] }, asA)).json().errors).toHaveProperty('ITEMS');
    expect((await post({}, asA)).statusCode).toBe(422);
    const tooMany = Array.from({ length: APP_ORDER_MAX_LINES + 1 }, (_, i) => ({ PRODUCT_ID: i + 1, QTE: 1 }));
    expect((await post({ ITEMS: tooMany }, asA)).json().errors).toHaveProperty('ITEMS');
    const twice = await post(
      {
        ITEMS: [
          { PRODUCT_ID: f.products.olive1.id, QTE: 1 },
          { PRODUCT_ID: f.products.olive1.id, QTE: 2 },
        ],
      },
      asA,
    );
    expect(twice.json().errors).toEqual({ 'ITEMS.1.PRODUCT_ID': [APP_ORDER_MSG.duplicate] });
    expect(await orderCount()).toBe(before);
    expect((await post(line(APP_ORDER_MAX_QTE), asA)).statusCode).toBe(201);
  });

  it('is refused with a staff token, and without a token', async () => {
    expect((await post({ ITEMS: [{ PRODUCT_ID: f.products.olive1.id, QTE: 1 }] }, admin)).statusCode).toBe(401);
    expect((await post({ ITEMS: [{ PRODUCT_ID: f.products.olive1.id, QTE: 1 }] }, {})).statusCode).toBe(401);
  });
});

describe('Idempotency-Key on POST orders', () => {
  const body = () => ({ ITEMS: [{ PRODUCT_ID: f.products.sun1.id, QTE: 4 }] });

  it('is required: without it, 422 naming the header, and nothing written', async () => {
    const before = await orderCount();
    const res = await post(body(), asA, null);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: IDEMPOTENCY_MSG.required, errors: { 'Idempotency-Key': [IDEMPOTENCY_MSG.required] } });
    expect(await orderCount()).toBe(before);
  });

  it('is documented as a required header', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const header = doc.paths['/api/app/v1/orders'].post.parameters.find((p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key');
    expect(header.required).toBe(true);
  });

  it('answers a replay with the first order, writing no second one', async () => {
    const key = newKey();
    const first = await post(body(), asA, key);
    expect(first.statusCode).toBe(201);
    const before = await orderCount();
    const again = await post(body(), asA, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.json().data.ID).toBe(first.json().data.ID);
    expect(await orderCount()).toBe(before);
    // Another order under the same key is refused, not written.
    const other = await post({ ITEMS: [{ PRODUCT_ID: f.products.sun1.id, QTE: 5 }] }, asA, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ 'Idempotency-Key': [IDEMPOTENCY_MSG.reused] });
    expect(await orderCount()).toBe(before);
  });

  it('keeps each app user’s keys apart: the same key from another user of the client is an order of its own', async () => {
    const key = newKey();
    const a = (await post(body(), asA, key)).json().data.ID;
    const a2 = await post(body(), asA2, key);
    expect(a2.statusCode).toBe(201);
    expect(a2.json().data.ID).not.toBe(a);
  });

  it.skipIf(!onPostgres)('writes one order when the same request is sent several times at once', async () => {
    const key = newKey();
    const before = await orderCount();
    const replies = await Promise.all(Array.from({ length: 6 }, () => post(body(), asA, key)));
    const ok = replies.filter((r) => r.statusCode === 201);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((r) => r.json().data.ID)).size).toBe(1);
    for (const r of replies.filter((x) => x.statusCode !== 201)) expect(r.json()).toMatchObject({ message: IDEMPOTENCY_MSG.inProgress });
    expect(await orderCount()).toBe(before + 1);
  });
});

describe('GET orders and orders/{id}', () => {
  it('lists the client’s own orders (whoever of its users placed them), newest first, paged', async () => {
    const mine = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.clientId, f.clients.a.id));
    const all = await get(`${APP}/orders?perPage=100`, asA2);
    expect(all.statusCode).toBe(200);
    const ids = (all.json().data as { ID: number }[]).map((o) => o.ID);
    expect(ids.sort((x, y) => x - y)).toEqual(mine.map((o) => o.id).sort((x, y) => x - y));
    const page1 = (await get(`${APP}/orders?perPage=2`, asA)).json();
    expect(page1.meta).toMatchObject({ total: mine.length, per_page: 2, current_page: 1 });
    const newest = Math.max(...mine.map((o) => o.id));
    expect(page1.data[0]).toMatchObject({ ID: newest, STATUS: 0, STATUS_LABEL: 'Nouveau' });
    expect(page1.data[0]).not.toHaveProperty('ITEMS');
    expect((await get(`${APP}/orders?perPage=101`, asA)).statusCode).toBe(422);
  });

  it('reads one order with its lines, and another client’s order is a 404', async () => {
    const [theirs] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.clientId, f.clients.b.id)).limit(1);
    const [mine] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.clientId, f.clients.a.id)).limit(1);
    const res = await get(`${APP}/orders/${mine.id}`, asA);
    expect(res.statusCode).toBe(200);
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, mine.id));
    expect(res.json().data.ITEMS).toHaveLength(lines.length);
    expect((await get(`${APP}/orders/${theirs.id}`, asA)).statusCode).toBe(404);
    expect((await get(`${APP}/orders/999999`, asA)).statusCode).toBe(404);
    expect((await get(`${APP}/orders`, asB)).json().data.every((o: { ID: number }) => o.ID !== mine.id)).toBe(true);
  });

  it('shows the status staff set, with its French label', async () => {
    const created = (await post({ ITEMS: [{ PRODUCT_ID: f.products.juice1.id, QTE: 2 }] }, asA)).json().data;
    const put = await t.app.inject({ method: 'PUT', url: `/api/orders/${created.ID}`, payload: { STATUS: 1 }, headers: admin });
    expect(put.statusCode, put.body).toBe(200);
    expect((await get(`${APP}/orders/${created.ID}`, asA)).json().data).toMatchObject({ STATUS: 1, STATUS_LABEL: 'Traitement en cours' });
  });
});

describe('an app order in the back-office', () => {
  it('appears at once in the staff orders list and the order bell, as « Nouveau » by its user', async () => {
    const created = (await post({ ITEMS: [{ PRODUCT_ID: f.products.olive2.id, QTE: 1 }] }, asA)).json().data;
    const listed = await get(`/api/orders?page=1&search=${created.NUM_ORDER}`, admin);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toEqual([
      expect.objectContaining({ id: created.ID, NUM_ORDER: created.NUM_ORDER, STATUS: 0, CODE_CLIENT: 'APP-A', TOTAL_NET_TTC: 17.5, USER_NAME: 'Sami Test' }),
    ]);
    const bell = (await get('/api/getAskOrders', admin)).json().data;
    expect(bell.items[0]).toMatchObject({ id: created.ID, NUM_ORDER: created.NUM_ORDER, USER: 'Sami Test', CODE_CLIENT: 'APP-A', TOTAL: 17.5 });
    expect(bell.count).toBe((await t.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.status, 0)))[0].n);
  });
});
