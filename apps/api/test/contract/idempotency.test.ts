import { BULK_LISTS } from '@app/domain';
import { IDEMPOTENCY_MSG, ROLE } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/lib/audit/audit.table';
import { users } from '../../src/lib/auth/accounts.table';
import { idempotencyKeys } from '../../src/lib/idempotency/idempotency.table';
import { products } from '../../src/modules/catalogue/catalogue.table';
import { clients } from '../../src/lib/clients/clients.table';
import { pointsLedger } from '../../src/modules/loyalty/points.table';
import { createOrder } from '../../src/modules/orders/orders.service';
import { applyPoints } from '../../src/modules/loyalty/points.service';
import { giftPurchases, loyaltyGifts } from '../../src/modules/rewards/gifts.table';
import { voucherPurchases } from '../../src/modules/rewards/vouchers.table';
import { ensureRoles } from '../../src/db/seed-accounts';
import { orders } from '../../src/modules/orders/orders.table';
import { APP, appAuth } from '../support/app-helpers';
import { createTestApp, onPostgres, type TestContext } from '../support/helpers';

/**
 * Idempotency-Key on the calls that move points or value: a replay answers the first
 * reply and writes nothing; another request under the same key is a 422; keys are per user and kept
 * 24 h; two calls racing with one key write once. Runs on PGlite and on PostgreSQL (API_TEST_DB=postgres),
 * where the race is a real one (several pool connections).
 */

/**
 * Every route that moves points or value, written out: a new one must be added here, and marked
 * `idempotent: true` in its route config, or this test fails.
 */
const MOVES_POINTS_OR_VALUE = [
  'POST /api/clients/:id/points',
  'PUT /api/users/offerPoints/:clientCode',
  'POST /api/users/offerPoints/clients',
  'POST /api/users/offerPoints/activities',
  'POST /api/users/offerPoints/clients_file',
  'POST /api/vocher-purchases/manualPurchase',
  'POST /api/vocher-purchases/scan',
  'PUT /api/vocher-purchases/:id',
  'POST /api/gift-purchases/accept/:id',
  'POST /api/gift-purchases/refuse/:id',
  'PUT /api/giftConversion/:id',
  'DELETE /api/giftConversion/:id',
  'GET /api/clients/calculateRistourne/:year',
  'PUT /api/orders/:id',
  // Returned goods take back the points they earned.
  'POST /api/retourMarchandises',
  'PUT /api/retourMarchandises/:id',
  'DELETE /api/retourMarchandises/:id',
  // The mobile app's orders: the header is required there.
  'POST /api/app/v1/orders',
  // The app's gift request reserves points: a retried request must not ask twice.
  'POST /api/app/v1/gift-purchases',
  // Every bulk action: a retried bulk offer or status move must not run twice.
  ...Object.values(BULK_LISTS).flatMap((l) => l.actions.map((a) => `POST /api/${l.path}/bulk/${a.key}`)),
];
/** Of those, the routes where the header must be sent. */
const KEY_REQUIRED = ['POST /api/app/v1/orders'];

let t: TestContext;
let admin: { authorization: string };
let admin2: { authorization: string };
let clientA: number;
let clientB: number;
let n = 0;
const newKey = () => `cle-${Date.now()}-${++n}`;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload: unknown, key?: string, auth = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers: { ...auth, ...(key === undefined ? {} : { 'idempotency-key': key }) } });
const ledgerRows = async (clientId: number) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(pointsLedger).where(eq(pointsLedger.clientId, clientId)))[0].n;
const balance = async (id: number) => (await t.db.select({ p: clients.pointsFid }).from(clients).where(eq(clients.id, id)))[0].p;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  const [first] = await t.db.select().from(users).where(eq(users.email, 'admin@demo.tn'));
  await t.db.insert(users).values({ email: 'admin2@demo.tn', passwordHash: first.passwordHash, firstname: 'Amel', lastname: 'Trabelsi', roleId: first.roleId });
  admin2 = await t.auth('admin2@demo.tn');
  [{ id: clientA }] = await t.db.insert(clients).values({ code: 'C-IDEM-A', name: 'Superette El Amen' }).returning();
  [{ id: clientB }] = await t.db.insert(clients).values({ code: 'C-IDEM-B', name: 'Café du Port' }).returning();
});
afterAll(() => t.close());

describe('the routes that move points or value', () => {
  it('are exactly the routes marked idempotent in the route table', () => {
    // HEAD twins of the GETs come with their GET's options.
    const marked = t.app.routeTable.filter((r) => r.options.config?.idempotent && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
    expect([...new Set(marked)].sort()).toEqual([...MOVES_POINTS_OR_VALUE].sort());
  });

  it('are marked required exactly where the header must be sent', () => {
    const required = t.app.routeTable.filter((r) => r.options.config?.idempotent === 'required' && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
    expect([...new Set(required)].sort()).toEqual([...KEY_REQUIRED].sort());
  });

  it('declare the Idempotency-Key header in /api/docs (required where it must be sent), and only they do', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean; description?: string }[] }>>;
    };
    const withHeader: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const header = op.parameters?.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
        if (!header) continue;
        const name = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        expect(header.required ?? false).toBe(KEY_REQUIRED.includes(name));
        expect(header.description).toMatch(/Clé d'idempotence/);
        withHeader.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      }
    }
    expect(withHeader.sort()).toEqual([...MOVES_POINTS_OR_VALUE].sort());
  });
});

describe('Idempotency-Key on a points edit', () => {
  it('answers a replay with the first reply and writes one ledger row', async () => {
    const key = newKey();
    const before = await ledgerRows(clientA);
    const first = await call('POST', `clients/${clientA}/points`, { POINTS: 120, REASON: 'Geste commercial' }, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ id: clientA, POINTS_FID: 120 });
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      const again = await call('POST', `clients/${clientA}/points`, { REASON: 'Geste commercial', POINTS: 120 }, key);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    expect(await ledgerRows(clientA)).toBe(before + 1);
    expect(await balance(clientA)).toBe(120);
  });

  it('refuses the same key with another body (422 on the header), writing nothing', async () => {
    const key = newKey();
    expect((await call('POST', `clients/${clientA}/points`, { POINTS: 5 }, key)).statusCode).toBe(200);
    const rows = await ledgerRows(clientA);
    const other = await call('POST', `clients/${clientA}/points`, { POINTS: 6 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ success: false, message: IDEMPOTENCY_MSG.reused, errors: { 'Idempotency-Key': [IDEMPOTENCY_MSG.reused] } });
    // Another client (path) or another route under the same key is another request too.
    expect((await call('POST', `clients/${clientB}/points`, { POINTS: 5 }, key)).statusCode).toBe(422);
    expect((await call('POST', 'users/offerPoints/clients', { CLIENTS: [clientA], POINTS_OFFERED: 5 }, key)).statusCode).toBe(422);
    expect(await ledgerRows(clientA)).toBe(rows);
    expect(await ledgerRows(clientB)).toBe(0);
  });

  it('keeps each user’s keys apart: the same key from another user is a call of its own', async () => {
    const key = newKey();
    const rows = await ledgerRows(clientB);
    const byAdmin = await call('POST', `clients/${clientB}/points`, { POINTS: 10 }, key);
    const byOther = await call('POST', `clients/${clientB}/points`, { POINTS: 10 }, key, admin2);
    expect([byAdmin.statusCode, byOther.statusCode]).toEqual([200, 200]);
    expect(byOther.headers['idempotent-replayed']).toBeUndefined();
    expect(byOther.json().data.POINTS_FID).toBe(byAdmin.json().data.POINTS_FID + 10);
    // Each is then a replay for its own user.
    expect((await call('POST', `clients/${clientB}/points`, { POINTS: 10 }, key, admin2)).body).toBe(byOther.body);
    expect((await call('POST', `clients/${clientB}/points`, { POINTS: 10 }, key)).body).toBe(byAdmin.body);
    expect(await ledgerRows(clientB)).toBe(rows + 2);
  });

  it('stays optional: without the header every call writes', async () => {
    const rows = await ledgerRows(clientB);
    for (let i = 0; i < 2; i++) expect((await call('POST', `clients/${clientB}/points`, { POINTS: 1 })).statusCode).toBe(200);
    expect(await ledgerRows(clientB)).toBe(rows + 2);
  });

  it('refuses a malformed key with the header named', async () => {
    for (const bad of ['', 'avec espace', 'é', 'x'.repeat(256)]) {
      const r = await call('POST', `clients/${clientA}/points`, { POINTS: 1 }, bad);
      expect([bad, r.statusCode]).toEqual([bad, 422]);
      expect(r.json().errors).toEqual({ 'Idempotency-Key': [IDEMPOTENCY_MSG.invalid] });
    }
    expect((await call('POST', `clients/${clientA}/points`, { POINTS: 1 }, 'x'.repeat(255))).statusCode).toBe(200);
  });

  it('replays a refusal (4xx) as it was, and does not keep a server error (5xx), so the client can retry', async () => {
    const key = newKey();
    const missing = await call('POST', 'clients/999999/points', { POINTS: 8 }, key);
    expect(missing.statusCode).toBe(404);
    const again = await call('POST', 'clients/999999/points', { POINTS: 8 }, key);
    expect([again.statusCode, again.body, again.headers['idempotent-replayed']]).toEqual([404, missing.body, 'true']);
    // A body the schema refuses never reaches the key: the same request is refused the same way again.
    const zero = newKey();
    expect((await call('POST', `clients/${clientA}/points`, { POINTS: 0 }, zero)).statusCode).toBe(422);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, zero))).toEqual([]);

    // A failure of the database during the call: a 500, the key given back.
    const retried = newKey();
    const rows = await ledgerRows(clientA);
    await t.db.execute(sql`alter table points_ledger rename to points_ledger_away`);
    const failed = await call('POST', `clients/${clientA}/points`, { POINTS: 7 }, retried).finally(() =>
      t.db.execute(sql`alter table points_ledger_away rename to points_ledger`),
    );
    expect(failed.statusCode).toBe(500);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, retried))).toEqual([]);
    const ok = await call('POST', `clients/${clientA}/points`, { POINTS: 7 }, retried);
    expect([ok.statusCode, ok.headers['idempotent-replayed']]).toEqual([200, undefined]);
    expect(await ledgerRows(clientA)).toBe(rows + 1);
  });

  it('forgets a key after 24 hours: the call runs again, and housekeeping deletes the old rows', async () => {
    const key = newKey();
    const rows = await ledgerRows(clientA);
    expect((await call('POST', `clients/${clientA}/points`, { POINTS: 3 }, key)).statusCode).toBe(200);
    const [admin1] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.tn'));
    const mine = and(eq(idempotencyKeys.userId, admin1.id), eq(idempotencyKeys.key, key));
    // 23 h old: still a replay.
    await t.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '23 hours'` }).where(mine);
    expect((await call('POST', `clients/${clientA}/points`, { POINTS: 3 }, key)).headers['idempotent-replayed']).toBe('true');
    expect(await ledgerRows(clientA)).toBe(rows + 1);
    // 25 h old: a new call (even with another body), remembered afresh.
    await t.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(mine);
    const late = await call('POST', `clients/${clientA}/points`, { POINTS: 4 }, key);
    expect([late.statusCode, late.headers['idempotent-replayed']]).toEqual([200, undefined]);
    expect(await ledgerRows(clientA)).toBe(rows + 2);
    expect((await call('POST', `clients/${clientA}/points`, { POINTS: 4 }, key)).headers['idempotent-replayed']).toBe('true');

    const old = newKey();
    expect((await call('POST', `clients/${clientA}/points`, { POINTS: 2 }, old)).statusCode).toBe(200);
    await t.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(idempotencyKeys.key, old));
    const live = (await t.db.select({ k: idempotencyKeys.key }).from(idempotencyKeys)).length;
    const report = await t.app.jobs.housekeeping();
    expect(report.idempotency_keys).toBe(1);
    const left = await t.db.select({ k: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.length).toBe(live - 1);
    expect(left.map((r) => r.k)).not.toContain(old);
    expect(left.map((r) => r.k)).toContain(key);
  }, 60_000);
});

describe('two calls racing with one key', () => {
  it('writes once: the others answer 409 « déjà en cours » or the first reply', async () => {
    const key = newKey();
    const rows = await ledgerRows(clientB);
    const offer = { CLIENTS: [clientA, clientB], POINTS_OFFERED: 25 };
    const replies = await Promise.all(Array.from({ length: 6 }, () => call('POST', 'users/offerPoints/clients', offer, key)));
    const wrote = replies.filter((r) => r.statusCode === 200 && r.headers['idempotent-replayed'] === undefined);
    expect(wrote.length).toBe(1);
    for (const r of replies) {
      if (r.statusCode === 409)
        expect(r.json()).toEqual({ success: false, message: IDEMPOTENCY_MSG.inProgress, errors: { 'Idempotency-Key': [IDEMPOTENCY_MSG.inProgress] } });
      else expect([r.statusCode, r.body]).toEqual([200, wrote[0].body]);
    }
    expect(await ledgerRows(clientB)).toBe(rows + 1);
    // Once the first has answered, a late replay gets its reply.
    const late = await call('POST', 'users/offerPoints/clients', offer, key);
    expect([late.statusCode, late.body, late.headers['idempotent-replayed']]).toEqual([200, wrote[0].body, 'true']);
    expect(await ledgerRows(clientB)).toBe(rows + 1);
  });

  // PostgreSQL only: the first call is held inside its transaction by a row lock taken on another
  // connection (PGlite has one connection: the lock would hold everything).
  it.runIf(onPostgres)('answers 409 while the first call runs, then the first call’s reply', async () => {
    const key = newKey();
    const rows = await ledgerRows(clientA);
    let release!: () => void;
    const gate = new Promise<void>((ok) => {
      release = ok;
    });
    let held!: () => void;
    const locked = new Promise<void>((ok) => {
      held = ok;
    });
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from clients where id = ${clientA} for update`);
      held();
      await gate;
    });
    await locked;
    const first = call('POST', `clients/${clientA}/points`, { POINTS: 9 }, key);
    // The first call has taken the key (no reply yet) and waits on the client's row.
    for (let i = 0; i < 200 && !(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).length; i++)
      await new Promise((ok) => setTimeout(ok, 10));
    const second = await call('POST', `clients/${clientA}/points`, { POINTS: 9 }, key);
    expect([second.statusCode, second.json().message]).toEqual([409, IDEMPOTENCY_MSG.inProgress]);
    release();
    await holder;
    const done = await first;
    expect([done.statusCode, done.headers['idempotent-replayed']]).toEqual([200, undefined]);
    const third = await call('POST', `clients/${clientA}/points`, { POINTS: 9 }, key);
    expect([third.statusCode, third.body, third.headers['idempotent-replayed']]).toEqual([200, done.body, 'true']);
    expect(await ledgerRows(clientA)).toBe(rows + 1);
  });

  it('accepts a gift request once, debiting its points once, when the accept is sent twice at once', async () => {
    await applyPoints(t.db, eq(clients.id, clientA), { amount: 500, source: 'offer', reason: 'Points de départ', authorId: null });
    const [gift] = await t.db
      .insert(loyaltyGifts)
      .values({ ref: 'G-IDEM-BON', name: "Bon d'achat 20 DT", type: 'voucher', qts: 5, nbrOfPoints: 50, voucherValue: '20.000' })
      .returning();
    const created = await call('POST', 'gift-purchases', { CLIENT_ID: clientA, LOYALTY_GIFT_ID: gift.id, QTE: 2 });
    expect(created.statusCode).toBe(201);
    const purchase = created.json().data.id as number;
    const before = await balance(clientA);
    const key = newKey();
    const replies = await Promise.all([
      call('POST', `gift-purchases/accept/${purchase}`, undefined, key),
      call('POST', `gift-purchases/accept/${purchase}`, undefined, key),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual(replies.some((r) => r.statusCode === 409) ? [200, 409] : [200, 200]);
    expect(await balance(clientA)).toBe(before - 100);
    expect((await t.db.select({ s: giftPurchases.status }).from(giftPurchases).where(eq(giftPurchases.id, purchase)))[0].s).not.toBe(0);
    const replay = await call('POST', `gift-purchases/accept/${purchase}`, undefined, key);
    expect([replay.statusCode, replay.headers['idempotent-replayed']]).toEqual([200, 'true']);
    // Without the key, the status rule answers a second accept: 409, nothing debited.
    expect((await call('POST', `gift-purchases/accept/${purchase}`, undefined)).statusCode).toBe(409);
    expect(await balance(clientA)).toBe(before - 100);

    // Its two vouchers, consumed by hand under one key: the replay answers the same list.
    const vouchers = await t.db.select({ id: voucherPurchases.id }).from(voucherPurchases).where(eq(voucherPurchases.clientId, clientA));
    expect(vouchers.length).toBe(2);
    const spend = { VOCHERS_PURCHASES: vouchers.map((v) => v.id), MANUAL_REASON: 'Remis en caisse' };
    const vkey = newKey();
    const used = await call('POST', 'vocher-purchases/manualPurchase', spend, vkey);
    expect(used.statusCode).toBe(200);
    const again = await call('POST', 'vocher-purchases/manualPurchase', spend, vkey);
    expect([again.statusCode, again.body, again.headers['idempotent-replayed']]).toEqual([200, used.body, 'true']);
    expect((await call('POST', 'vocher-purchases/manualPurchase', { ...spend, MANUAL_REASON: 'Autre motif' }, vkey)).statusCode).toBe(422);
  });
});

describe('a points file (multipart)', () => {
  const file = (boundary: string, codes: string) => {
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="POINTS_OFFERED"\r\n\r\n15\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="CLIENTS_FILE"; filename="codes.csv"\r\nContent-Type: text/csv\r\n\r\n${codes}\r\n`),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    return { payload, 'content-type': `multipart/form-data; boundary=${boundary}` };
  };
  const send = (key: string, boundary: string, codes: string) => {
    const { payload, 'content-type': type } = file(boundary, codes);
    return t.app.inject({
      method: 'POST',
      url: '/api/users/offerPoints/clients_file',
      payload,
      headers: { ...admin, 'content-type': type, 'idempotency-key': key },
    });
  };

  it('is the same request whatever its boundary, another one when its file differs', async () => {
    const key = newKey();
    const rows = await ledgerRows(clientA);
    const first = await send(key, '----un', 'C-IDEM-A\n');
    expect(first.statusCode).toBe(200);
    expect(first.json().data.clients).toBe(1);
    const again = await send(key, '----deux', 'C-IDEM-A\n');
    expect([again.statusCode, again.body, again.headers['idempotent-replayed']]).toEqual([200, first.body, 'true']);
    expect((await send(key, '----un', 'C-IDEM-A\nC-IDEM-B\n')).statusCode).toBe(422);
    expect(await ledgerRows(clientA)).toBe(rows + 1);
  });
});

describe('an order status change', () => {
  it('is made once: the replay answers the first reply, not the status rule’s 409, and writes no second audit row', async () => {
    const [product] = await t.db.insert(products).values({ ref: 'P-IDEM', label: 'Produit idempotent', priceTtc: '1.500', points: 4 }).returning();
    const order = await t.db.transaction((tx) => createOrder(tx, { numOrder: 'CMD-IDEM-0001', clientId: clientB, items: [{ productId: product.id, qte: 5 }] }));
    const audits = async () =>
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'orders'), eq(auditLog.entityId, String(order))))
      )[0].n;
    const key = newKey();
    const done = await call('PUT', `orders/${order}`, { STATUS: 1 }, key);
    expect([done.statusCode, done.json().data.STATUS]).toEqual([200, 1]);
    const again = await call('PUT', `orders/${order}`, { STATUS: 1 }, key);
    expect([again.statusCode, again.body, again.headers['idempotent-replayed']]).toEqual([200, done.body, 'true']);
    expect((await call('PUT', `orders/${order}`, { STATUS: 3 }, key)).statusCode).toBe(422);
    expect(await audits()).toBe(1);
    // Without a key, the same change asked again is the status rule's 409.
    expect((await call('PUT', `orders/${order}`, { STATUS: 1 })).statusCode).toBe(409);
  });
});

describe('an app order (the header is required there)', () => {
  it('is keyed per app user, apart from the staff’s keys: a replay writes no second order, no key is a 422', async () => {
    const roles = await ensureRoles(t.db);
    await t.db
      .insert(users)
      .values({ email: 'rim.idem@client.test.tn', passwordHash: 'x', firstname: 'Rim', lastname: 'Idem', roleId: roles.get(ROLE.patente)!, clientId: clientA });
    const app = await appAuth(t.db, 'rim.idem@client.test.tn');
    const [product] = await t.db.insert(products).values({ ref: 'P-IDEM-APP', label: 'Produit de l’app', priceTtc: '2.000', points: 1 }).returning();
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.clientId, clientA)))[0].n;
    const order = (key?: string) =>
      t.app.inject({
        method: 'POST',
        url: `${APP}/orders`,
        payload: { ITEMS: [{ PRODUCT_ID: product.id, QTE: 2 }] },
        headers: { ...app, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      });
    const before = await count();
    const missing = await order();
    expect([missing.statusCode, missing.json().errors]).toEqual([422, { 'Idempotency-Key': [IDEMPOTENCY_MSG.required] }]);
    // A key a staff member already used is still new for the app user.
    const key = newKey();
    expect((await call('POST', `clients/${clientA}/points`, { POINTS: 3, REASON: 'Geste' }, key)).statusCode).toBe(200);
    const first = await order(key);
    expect(first.statusCode).toBe(201);
    const again = await order(key);
    expect([again.statusCode, again.body, again.headers['idempotent-replayed']]).toEqual([201, first.body, 'true']);
    expect(await count()).toBe(before + 1);
  });
});
