import {
  CLIENT_STATUS,
  CONVERSION_STATUS,
  GIFT_PURCHASE_STATUS,
  ORDER_STATUS,
  STATUS_MSG,
  type StatusSet,
  VOUCHER_MSG,
  VOUCHER_PURCHASE_STATUS,
} from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/lib/audit/audit.table';
import { products } from '../../src/modules/catalogue/catalogue.table';
import { clients } from '../../src/lib/clients/clients.table';
import { applyPoints } from '../../src/modules/loyalty/points.service';
import { createOrder } from '../../src/modules/orders/orders.service';
import { orders } from '../../src/modules/orders/orders.table';
import { giftConversions, giftPurchases, loyaltyGifts, startingGiftPurchases, startingGifts } from '../../src/modules/rewards/gifts.table';
import { voucherPurchases } from '../../src/modules/rewards/vouchers.table';
import { createTestApp, type TestContext } from '../support/helpers';

/**
 * The one rule of every status workflow: asking for the status a record already has is
 * 409 and changes nothing, not even the audit trail; a move the status set does not allow is 422.
 */
let t: TestContext;
let admin: { authorization: string };
let magasin: { authorization: string };
let clientA: number;
let clientB: number;
let bien: number;
let voucherGift: number;
let product: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Reply = Awaited<ReturnType<TestContext['app']['inject']>>;
const call = (method: Method, url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });
const auditRows = async () => Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n);

/** `act` is refused with 409 "already", the row keeps `status`, and no audit row is written. */
async function sameStatus(act: () => Promise<Reply>, set: StatusSet, status: number, stored: () => Promise<number>) {
  const trail = await auditRows();
  const r = await act();
  expect(r.statusCode, r.body).toBe(409);
  expect(r.json().message).toBe(STATUS_MSG.already(set, status));
  expect(await stored()).toBe(status);
  expect(await auditRows()).toBe(trail);
}

const conversionStatus = (id: number) => async () =>
  (await t.db.select({ s: giftConversions.status }).from(giftConversions).where(eq(giftConversions.id, id)))[0].s;
const starterStatus = (id: number) => async () =>
  (await t.db.select({ s: startingGiftPurchases.status }).from(startingGiftPurchases).where(eq(startingGiftPurchases.id, id)))[0].s;
const purchaseStatus = (id: number) => async () => (await t.db.select({ s: giftPurchases.status }).from(giftPurchases).where(eq(giftPurchases.id, id)))[0].s;
const orderStatus = (id: number) => async () => (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0].s;
const voucherStatus = (id: number) => async () =>
  (await t.db.select({ s: voucherPurchases.status }).from(voucherPurchases).where(eq(voucherPurchases.id, id)))[0].s;
const clientStatus = (id: number) => async () => (await t.db.select({ s: clients.status }).from(clients).where(eq(clients.id, id)))[0].s;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  magasin = await t.auth('magasin@demo.tn');
  [{ id: clientA }] = await t.db.insert(clients).values({ code: 'C-RULE-A', name: 'Superette Ennasr' }).returning();
  [{ id: clientB }] = await t.db.insert(clients).values({ code: 'C-RULE-B', name: 'Kiosque du Lac' }).returning();
  await applyPoints(t.db, eq(clients.id, clientA), { amount: 1000, source: 'offer', reason: 'Points de départ', authorId: null });
  [{ id: bien }] = await t.db.insert(loyaltyGifts).values({ ref: 'G-RULE', name: 'Thermos', type: 'bien', qts: 20, nbrOfPoints: 10 }).returning();
  [{ id: voucherGift }] = await t.db
    .insert(loyaltyGifts)
    .values({ ref: 'G-RULE-V', name: 'Bon 10 DT', type: 'voucher', qts: 20, nbrOfPoints: 10, voucherValue: '10.000' })
    .returning();
  [{ id: product }] = await t.db.insert(products).values({ ref: 'P-RULE', label: 'Produit', priceTtc: '1.000', points: 1 }).returning();
});
afterAll(() => t.close());

const newPurchase = async (gift = bien, qte = 1) =>
  (await call('POST', 'gift-purchases', { CLIENT_ID: clientA, LOYALTY_GIFT_ID: gift, QTE: qte })).json().data.id as number;

describe('gift conversions: the same status again is 409', () => {
  it('Préparé, Refusé, Expédié, Réceptionné asked again change nothing, for the warehouse and the admin alike', async () => {
    const purchase = await newPurchase(bien, 4);
    expect((await call('POST', `gift-purchases/accept/${purchase}`)).statusCode).toBe(200);
    const units = await t.db.select().from(giftConversions).where(eq(giftConversions.giftPurchaseId, purchase)).orderBy(giftConversions.id);
    expect((await call('PUT', `giftConversion/${units[0].id}`, { STATUS: 1 }, magasin)).statusCode).toBe(200);
    await sameStatus(() => call('PUT', `giftConversion/${units[0].id}`, { STATUS: 1 }, magasin), CONVERSION_STATUS, 1, conversionStatus(units[0].id));
    await sameStatus(() => call('PUT', `giftConversion/${units[0].id}`, { STATUS: 1 }), CONVERSION_STATUS, 1, conversionStatus(units[0].id));
    await sameStatus(() => call('PUT', `giftConversion/${units[1].id}`, { STATUS: 0 }), CONVERSION_STATUS, 0, conversionStatus(units[1].id));
    // A second refusal gives nothing back a second time.
    expect((await call('PUT', `giftConversion/${units[2].id}`, { STATUS: 2 })).statusCode).toBe(200);
    const points = (await t.db.select({ p: clients.pointsFid }).from(clients).where(eq(clients.id, clientA)))[0].p;
    await sameStatus(() => call('PUT', `giftConversion/${units[2].id}`, { STATUS: 2 }), CONVERSION_STATUS, 2, conversionStatus(units[2].id));
    expect((await t.db.select({ p: clients.pointsFid }).from(clients).where(eq(clients.id, clientA)))[0].p).toBe(points);
    expect((await call('PUT', `giftConversion/${units[3].id}`, { STATUS: 3 })).statusCode).toBe(200);
    await sameStatus(() => call('PUT', `giftConversion/${units[3].id}`, { STATUS: 3 }), CONVERSION_STATUS, 3, conversionStatus(units[3].id));
    expect((await call('POST', 'giftConversion/receive', { QRCODE: units[3].qrcode })).statusCode).toBe(200);
    await sameStatus(() => call('PUT', `giftConversion/${units[3].id}`, { STATUS: 4 }), CONVERSION_STATUS, 4, conversionStatus(units[3].id));
    // A move the set does not allow stays a 422 naming STATUS.
    const back = await call('PUT', `giftConversion/${units[0].id}`, { STATUS: 2 });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors).toEqual({ STATUS: [STATUS_MSG.notAllowed(CONVERSION_STATUS, 1, 2)] });
  });
});

describe('starter-gift purchases: accept, refuse and PUT follow the same rule', () => {
  it('accept on a Préparé request, refuse on a Refusé one, PUT 3 on an Expédié one: 409, nothing changes', async () => {
    const [{ id: gift }] = await t.db.insert(startingGifts).values({ ref: 'BV-RULE', name: 'Kit', description: 'Tablier' }).returning();
    const rows = (await call('POST', 'startingGift-purchases', { CLIENTS: [clientA, clientB], STARTING_GIFT_ID: gift })).json().data as { id: number }[];
    const [a, b] = rows.map((r) => r.id);
    expect((await call('POST', `startingGift-purchases/accept/${a}`)).statusCode).toBe(200);
    await sameStatus(() => call('POST', `startingGift-purchases/accept/${a}`), CONVERSION_STATUS, 1, starterStatus(a));
    expect((await call('POST', `startingGift-purchases/refuse/${b}`)).statusCode).toBe(200);
    await sameStatus(() => call('POST', `startingGift-purchases/refuse/${b}`), CONVERSION_STATUS, 2, starterStatus(b));
    expect((await call('PUT', `startingGift-purchases/${a}`, { STATUS: 3 })).statusCode).toBe(200);
    await sameStatus(() => call('PUT', `startingGift-purchases/${a}`, { STATUS: 3 }), CONVERSION_STATUS, 3, starterStatus(a));
    const late = await call('POST', `startingGift-purchases/refuse/${a}`);
    expect(late.statusCode).toBe(422);
    expect(await starterStatus(a)()).toBe(3);
  });
});

describe('gift purchases: the same decision again is 409, the other one 422', () => {
  it('a second accept (validated, or already delivered) and a second refusal are 409; changing one’s mind is 422', async () => {
    const accepted = await newPurchase();
    expect((await call('POST', `gift-purchases/accept/${accepted}`)).statusCode).toBe(200);
    const balance = (await t.db.select({ p: clients.pointsFid }).from(clients).where(eq(clients.id, clientA)))[0].p;
    await sameStatus(() => call('POST', `gift-purchases/accept/${accepted}`), GIFT_PURCHASE_STATUS, 1, purchaseStatus(accepted));
    expect((await t.db.select({ p: clients.pointsFid }).from(clients).where(eq(clients.id, clientA)))[0].p).toBe(balance);
    const delivered = await newPurchase(voucherGift);
    expect((await call('POST', `gift-purchases/accept/${delivered}`)).json().data.STATUS).toBe(2);
    await sameStatus(() => call('POST', `gift-purchases/accept/${delivered}`), GIFT_PURCHASE_STATUS, 2, purchaseStatus(delivered));
    const refused = await newPurchase();
    expect((await call('POST', `gift-purchases/refuse/${refused}`)).statusCode).toBe(200);
    await sameStatus(() => call('POST', `gift-purchases/refuse/${refused}`), GIFT_PURCHASE_STATUS, 3, purchaseStatus(refused));
    const trail = await auditRows();
    const acceptRefused = await call('POST', `gift-purchases/accept/${refused}`);
    expect(acceptRefused.statusCode).toBe(422);
    expect(acceptRefused.json().errors).toEqual({ STATUS: [STATUS_MSG.notAllowed(GIFT_PURCHASE_STATUS, 3, 1)] });
    expect((await call('POST', `gift-purchases/refuse/${accepted}`)).statusCode).toBe(422);
    expect([await purchaseStatus(refused)(), await purchaseStatus(accepted)()]).toEqual([3, 1]);
    expect(await auditRows()).toBe(trail);
  });
});

describe('orders: the same status again is 409, the hidden ones 422', () => {
  it('refuses Nouveau → Nouveau (409) and Nouveau → 2 or 4 (422), and every status asked again', async () => {
    let n = 0;
    for (const status of ORDER_STATUS.codes) {
      const id = await t.db.transaction((tx) =>
        createOrder(tx, { numOrder: `CMD-R-${++n}`, clientId: clientA, items: [{ productId: product, qte: 1 }], status }),
      );
      await sameStatus(() => call('PUT', `orders/${id}`, { STATUS: status }), ORDER_STATUS, status, orderStatus(id));
      if (status !== 0) continue;
      for (const hidden of [2, 4]) {
        const r = await call('PUT', `orders/${id}`, { STATUS: hidden });
        expect(r.statusCode).toBe(422);
        expect(r.json().errors).toEqual({ STATUS: [STATUS_MSG.notAllowed(ORDER_STATUS, 0, hidden)] });
      }
      expect(await orderStatus(id)()).toBe(0);
      expect((await call('PUT', `orders/${id}`, { STATUS: 1 })).statusCode).toBe(200);
    }
  });
});

describe('clients’ vouchers: used again is 409', () => {
  it('PUT the status it has, or consume a used voucher by hand: 409, nothing changes', async () => {
    const [available, used] = await t.db
      .insert(voucherPurchases)
      .values([
        { voucherRef: 'VCH-RULE-1', clientId: clientB, soldeUsed: '10.000', qrcode: 'qr-rule-1-xxxxxxxxxxxxxxxxxxxxxxx' },
        { voucherRef: 'VCH-RULE-2', clientId: clientB, soldeUsed: '10.000', qrcode: 'qr-rule-2-xxxxxxxxxxxxxxxxxxxxxxx', status: 1 },
      ])
      .returning();
    await sameStatus(() => call('PUT', `vocher-purchases/${available.id}`, { STATUS: 0 }), VOUCHER_PURCHASE_STATUS, 0, voucherStatus(available.id));
    await sameStatus(() => call('PUT', `vocher-purchases/${used.id}`, { STATUS: 1 }), VOUCHER_PURCHASE_STATUS, 1, voucherStatus(used.id));
    const trail = await auditRows();
    const manual = await call('POST', 'vocher-purchases/manualPurchase', { MANUAL_REASON: 'Facture F-9', VOCHERS_PURCHASES: [available.id, used.id] });
    expect(manual.statusCode).toBe(409);
    expect(manual.json().message).toBe(VOUCHER_MSG.alreadyUsed('VCH-RULE-2'));
    expect(await voucherStatus(available.id)()).toBe(0);
    expect((await call('POST', 'vocher-purchases/scan', { QRCODE: used.qrcode })).statusCode).toBe(409);
    expect(await auditRows()).toBe(trail);
  });
});

describe('clients: the same status again is 409', () => {
  it('En cours, Validé and Refusé asked again change nothing', async () => {
    for (const status of CLIENT_STATUS.codes) {
      if (status !== 0) expect((await call('PUT', `clients/status/${clientB}`, { STATUS: status })).statusCode).toBe(200);
      await sameStatus(() => call('PUT', `clients/status/${clientB}`, { STATUS: status }), CLIENT_STATUS, status, clientStatus(clientB));
    }
  });
});

describe('/api/docs', () => {
  it('states the rule on each route that changes a status', async () => {
    const doc = (await call('GET', 'docs/json')).json();
    const routes: [string, string][] = [
      ['/api/giftConversion/{id}', 'put'],
      ['/api/startingGift-purchases/{id}', 'put'],
      ['/api/startingGift-purchases/accept/{id}', 'post'],
      ['/api/startingGift-purchases/refuse/{id}', 'post'],
      ['/api/gift-purchases/accept/{id}', 'post'],
      ['/api/gift-purchases/refuse/{id}', 'post'],
      ['/api/orders/{id}', 'put'],
      ['/api/vocher-purchases/{id}', 'put'],
      ['/api/clients/status/{id}', 'put'],
    ];
    for (const [p, m] of routes) {
      const responses = doc.paths[p][m].responses;
      expect(responses['409']?.description, `${m} ${p}`).toMatch(/Déjà à ce statut/);
      expect(responses['422']?.description, `${m} ${p}`).toMatch(/non autorisé/);
    }
  });
});
