import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftConversions, loyaltyGifts } from '../../src/modules/rewards/gifts.table';
import { appCatalogue } from '../support/app-fixtures';
import { APP } from '../support/app-helpers';
import { createTestApp, type TestContext } from '../support/helpers';
import { type Receiver, signatureValid, startReceiver } from '../support/webhook-receiver';

/**
 * The programme's whole path, through the API only: a shop registers on the app and is
 * validated by staff; signs in; orders two products; the back-office bell shows it; staff move it to
 * « Traitement en cours » then « Traité et accepté »; the points reach the client and the app sees them;
 * the app asks for a gift; staff accept; the warehouse prepares, staff ship; the app scans the exit
 * slip's QR code; the unit is Réceptionné and the request « Livraison complète ». Every step's webhook
 * reaches a receiver started here, signed, each resource's events in their order.
 * The catalogue and the gift are set up in the database (the staff screens that make them are tested
 * elsewhere); everything after is a call a user makes.
 */
let t: TestContext;
let rx: Receiver;
let cat: Awaited<ReturnType<typeof appCatalogue>>;
let giftId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  rx = await startReceiver();
  cat = await appCatalogue(t.db);
  [{ id: giftId }] = await t.db
    .insert(loyaltyGifts)
    .values({ ref: 'LOOP-MUG', name: 'Mug du programme', type: 'bien', qts: 5, nbrOfPoints: 50 })
    .returning({ id: loyaltyGifts.id });
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});

const EMAIL = 'nadia.loop@client.test.tn';
const PASSWORD = 'Boutique2026!';

describe('the app-to-back-office loop', () => {
  it('runs from registration to the scanned gift, and tells the webhook receiver every step in order', async () => {
    const admin = await t.auth('admin@demo.tn');
    const warehouse = await t.auth('magasin@demo.tn');
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown, expected = 200) => {
      const res = await t.app.inject({ method, url, headers, payload: payload as never, remoteAddress: '203.0.113.40' });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(expected);
      return res.json().data;
    };

    // An integrator listens to every event.
    const endpoint = await call('POST', '/api/webhooks', admin, { URL: rx.url('/loop'), DESCRIPTION: 'ERP', EVENTS: WEBHOOK_EVENT_TYPES, ACTIVE: true }, 201);
    t.app.webhooks.start();

    // 1. The shop's manager registers on the app; staff validate the request.
    const registration = { CODE_CLIENT: 'APP-A', LASTNAME: 'Ben Salah', FIRSTNAME: 'Nadia', EMAIL, GSM: '+21655000111', PASSWORD };
    await call('POST', `${APP}/register`, {}, registration, 201);
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: `${APP}/auth/login`,
        remoteAddress: '203.0.113.40',
        payload: { email: EMAIL, password: PASSWORD, deviceId: 'loop-phone-1', deviceName: 'Samsung Galaxy A54' },
      });
    expect((await signIn()).statusCode).toBe(403);
    const [request] = await call('GET', `/api/client-users?status=0&page=1&search=${encodeURIComponent(EMAIL)}`, admin);
    await call('PUT', `/api/users/${request.id ?? request.ID}`, admin, { STATUS: 1 });

    // 2. Signed in on the app.
    const login = await signIn();
    expect(login.statusCode, login.body).toBe(200);
    const app = { authorization: `Bearer ${login.json().data.accessToken}` };
    expect((await call('GET', `${APP}/me`, app)).POINTS).toBe(0);

    // 3. Two products ordered: prices and points are the server's.
    const products = await call('GET', `${APP}/products?perPage=100`, app);
    const olive = products.find((p: { ID: number }) => p.ID === cat.products.olive1.id);
    const juice = products.find((p: { ID: number }) => p.ID === cat.products.juice1.id);
    const points = olive.POINTS * 2 + juice.POINTS * 3;
    const order = await call(
      'POST',
      `${APP}/orders`,
      { ...app, 'idempotency-key': randomUUID() },
      {
        ITEMS: [
          { PRODUCT_ID: olive.ID, QTE: 2 },
          { PRODUCT_ID: juice.ID, QTE: 3 },
        ],
      },
      201,
    );
    expect(order).toMatchObject({ STATUS: 0, STATUS_LABEL: 'Nouveau', TOTAL_POINTS: points });

    // 4. The back office sees it at once in the order bell; staff process and accept it.
    const bell = await call('GET', '/api/getAskOrders', admin);
    expect(JSON.stringify(bell)).toContain(order.NUM_ORDER);
    await call('PUT', `/api/orders/${order.ID}`, admin, { STATUS: 1 });
    await call('PUT', `/api/orders/${order.ID}`, admin, { STATUS: 2 });

    // 5. The points are credited; the app sees the balance and the order's status.
    expect((await call('GET', `${APP}/me`, app)).POINTS).toBe(points);
    expect(await call('GET', `${APP}/orders/${order.ID}`, app)).toMatchObject({ STATUS: 2, STATUS_LABEL: 'Traité et accepté' });

    // 6. The app asks for a gift it can afford; the gift bell shows it; staff accept: the points leave.
    const gifts = await call('GET', `${APP}/gifts?perPage=100`, app);
    expect(gifts.map((g: { ID: number }) => g.ID)).toContain(giftId);
    const purchase = await call('POST', `${APP}/gift-purchases`, { ...app, 'idempotency-key': randomUUID() }, { LOYALTY_GIFT_ID: giftId, QTE: 1 }, 201);
    expect(JSON.stringify(await call('GET', '/api/getAskPurchases', admin))).toContain(purchase.REF);
    await call('POST', `/api/gift-purchases/accept/${purchase.ID}`, admin);
    expect((await call('GET', `${APP}/me`, app)).POINTS).toBe(points - 50);

    // 7. The warehouse prepares the unit, staff ship it.
    const [unit] = await t.db
      .select({ id: giftConversions.id, qrcode: giftConversions.qrcode })
      .from(giftConversions)
      .where(eq(giftConversions.giftPurchaseId, purchase.ID));
    await call('PUT', `/api/giftConversion/${unit.id}`, warehouse, { STATUS: 1 });
    await call('PUT', `/api/giftConversion/${unit.id}`, admin, { STATUS: 3 });

    // 8. The app scans the exit slip's QR code (printed on the slip; the app is never sent it): received, once.
    await call('POST', `${APP}/conversions/receive`, app, { QRCODE: unit.qrcode });
    await call('POST', `${APP}/conversions/receive`, app, { QRCODE: unit.qrcode }, 409);
    const [mine] = await call('GET', `${APP}/gift-purchases`, app);
    expect(mine).toMatchObject({ ID: purchase.ID, STATUS: 2, STATUS_LABEL: 'Livraison complète' });
    expect(mine.UNITS).toEqual([expect.objectContaining({ ID: unit.id, STATUS: 4, STATUS_LABEL: 'Réceptionné' })]);

    // 9. The receiver heard every step, signed, each resource's events in the order they happened.
    const client = String(cat.clients.a.id);
    const expected: Record<string, string[]> = {
      [`order:${order.ID}`]: ['order.created', 'order.status_changed:1', 'order.status_changed:2'],
      [`client:${client}`]: [`points.changed:${points}`, 'points.changed:-50'],
      [`gift_purchase:${purchase.ID}`]: ['gift_purchase.created', 'gift_purchase.accepted'],
      [`conversion:${unit.id}`]: ['conversion.status_changed:1', 'conversion.status_changed:3', 'conversion.status_changed:4'],
    };
    const heard = () => {
      const by: Record<string, string[]> = {};
      for (const r of rx.at('/loop')) {
        const { type, resource, data } = r.body;
        const detail = type === 'points.changed' ? `:${data.DELTA}` : type.endsWith('status_changed') ? `:${data.STATUS}` : '';
        const key = `${resource.type}:${resource.id}`;
        by[key] = [...(by[key] ?? []), `${type}${detail}`];
      }
      return Object.fromEntries(Object.keys(expected).map((k) => [k, by[k] ?? []]));
    };
    const deadline = Date.now() + 20_000;
    while (JSON.stringify(heard()) !== JSON.stringify(expected) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(heard()).toEqual(expected);
    const requests = rx.at('/loop');
    // The secret as the creation showed it (the only reply but the rotation's that carries it).
    expect(requests.every((r) => signatureValid(r, endpoint.SECRET))).toBe(true);
    expect(requests.every((r) => r.headers['webhook-id'] === r.body.id)).toBe(true);
    expect(new Set(requests.map((r) => r.body.id)).size).toBe(requests.length);
    await t.app.webhooks.stop();
  });
});
