import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../../src/lib/webhooks/outbox.table';
import { clients } from '../../src/lib/clients/clients.table';
import { expirePoints } from '../../src/modules/loyalty/points.expiry';
import { applyPoints } from '../../src/modules/loyalty/points.service';
import { products } from '../../src/modules/catalogue/catalogue.table';
import { applyOrderStatus, createOrder } from '../../src/modules/orders/orders.service';
import { giftConversions, loyaltyGifts } from '../../src/modules/rewards/gifts.table';
import { voucherPurchases } from '../../src/modules/rewards/vouchers.table';
import { clientFixtures, type Fixtures, fullClient } from '../support/clients-fixtures';
import { createTestApp, multipart, type TestContext } from '../support/helpers';

/**
 * Webhook events written by the real write paths, in the transaction of the change:
 * each type with its payload, none for a refused write, one per client for a bulk points offer.
 */
let t: TestContext;
let f: Fixtures;
let admin: { authorization: string };
let syncDir: string;
let clientA: number;
let clientB: number;
let product: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });

type Event = { type: string; resource: string; resourceId: string; payload: Record<string, unknown> };
let mark = 0;
/** The events written since the last call, oldest first (the outbox's commit order). */
async function newEvents(): Promise<Event[]> {
  const rows = await t.db
    .select({
      seq: webhookEvents.seq,
      type: webhookEvents.type,
      resource: webhookEvents.resource,
      resourceId: webhookEvents.resourceId,
      payload: webhookEvents.payload,
    })
    .from(webhookEvents)
    .where(sql`${webhookEvents.seq} > ${mark}`)
    .orderBy(webhookEvents.seq);
  if (rows.length) mark = rows[rows.length - 1].seq;
  return rows.map(({ seq: _, ...r }) => r as Event);
}
const ofType = (events: Event[], type: string) => events.filter((e) => e.type === type);
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

beforeAll(async () => {
  syncDir = mkdtempSync(path.join(os.tmpdir(), 'bo-wh-'));
  t = await createTestApp({ env: { SYNC_DIR: syncDir } });
  admin = await t.auth('admin@demo.tn');
  f = await clientFixtures(t as never);
  [{ id: clientA }] = await t.db.insert(clients).values({ code: 'WH-A', name: 'Superette Webhook' }).returning();
  [{ id: clientB }] = await t.db.insert(clients).values({ code: 'WH-B', name: 'Café Webhook' }).returning();
  [{ id: product }] = await t.db.insert(products).values({ ref: 'WH-P', label: 'Produit webhook', priceTtc: '1.250', points: 3 }).returning();
  await newEvents();
});
afterAll(async () => {
  await t.close();
  rmSync(syncDir, { recursive: true, force: true });
});

describe('orders', () => {
  let order: number;
  it('order.created carries the order with its totals summed in SQL', async () => {
    order = await t.db.transaction((tx) => createOrder(tx, { numOrder: 'WH-CMD-1', clientId: clientA, items: [{ productId: product, qte: 4 }] }));
    const [e] = await newEvents();
    expect(e).toMatchObject({ type: 'order.created', resource: 'order', resourceId: String(order) });
    expect(e.payload).toMatchObject({ ID: order, NUM_ORDER: 'WH-CMD-1', CLIENT_ID: clientA, STATUS: 0, TOTAL_NET_TTC: 5, TOTAL_POINTS: 12 });
    expect(e.payload.CREATED_AT).toMatch(ISO);
  });

  it('order.status_changed through PUT orders/{id} and the service, with the previous status; points.changed when it credits', async () => {
    expect((await call('PUT', `orders/${order}`, { STATUS: 1 })).statusCode).toBe(200);
    const [moved] = await newEvents();
    expect(moved).toMatchObject({ type: 'order.status_changed', resourceId: String(order) });
    expect(moved.payload).toMatchObject({ ID: order, STATUS: 1, PREVIOUS_STATUS: 0 });
    // A move the rule refuses (1 → 0) is 409/422 and leaves no event.
    expect([409, 422]).toContain((await call('PUT', `orders/${order}`, { STATUS: 0 })).statusCode);
    expect(await newEvents()).toEqual([]);
    // Staff move an order out of Nouveau only; later statuses come from the service (app, ERP).
    await t.db.transaction((tx) => applyOrderStatus(tx, order, 2, null));
    const events = await newEvents();
    expect(events.map((e) => e.type)).toEqual(['order.status_changed', 'points.changed']);
    expect(events[1]).toMatchObject({ resource: 'client', resourceId: String(clientA) });
    expect(events[1].payload).toMatchObject({
      CLIENT_ID: clientA,
      DELTA: 12,
      BALANCE: 12,
      SOURCE: 'order',
      SOURCE_ID: order,
      REASON: 'Commande WH-CMD-1 traitée',
    });
  });
});

describe('points', () => {
  it('a bulk offer to N clients writes N points.changed events', async () => {
    const r = await call('POST', 'users/offerPoints/clients', { POINTS_OFFERED: 500, CLIENTS: [clientA, clientB] });
    expect(r.statusCode).toBe(200);
    const events = ofType(await newEvents(), 'points.changed');
    expect(events.map((e) => e.payload.CLIENT_ID)).toEqual([clientA, clientB]);
    expect(events[0].payload).toMatchObject({ DELTA: 500, BALANCE: 512, SOURCE: 'offer' });
    expect(events[1].payload).toMatchObject({ DELTA: 500, BALANCE: 500 });
  });

  it('a debit below zero (422) writes no event', async () => {
    expect((await call('POST', `clients/${clientB}/points`, { POINTS: -10_000 })).statusCode).toBe(422);
    expect(await newEvents()).toEqual([]);
  });

  it('the expiry run tells each client whose balance it lowered', async () => {
    await t.db.transaction((tx) => applyPoints(tx, eq(clients.id, clientB), { amount: 40, source: 'adjustment', reason: 'Lot qui expire', authorId: null }));
    await newEvents();
    await t.db.execute(sql`update points_lots set expires_at = now() - interval '1 day' where client_id = ${clientB} and remaining = 40`);
    const done = await expirePoints(t.db);
    expect(done.clients).toBeGreaterThanOrEqual(1);
    const events = ofType(await newEvents(), 'points.changed').filter((e) => e.payload.CLIENT_ID === clientB);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ DELTA: -40, BALANCE: 500, SOURCE: 'expiry' });
  });
});

describe('gift purchases, units and vouchers', () => {
  let bien: number;
  let bon: number;
  beforeAll(async () => {
    [{ id: bien }] = await t.db.insert(loyaltyGifts).values({ ref: 'WH-MUG', name: 'Mug', type: 'bien', qts: 10, nbrOfPoints: 100 }).returning();
    [{ id: bon }] = await t.db
      .insert(loyaltyGifts)
      .values({ ref: 'WH-BON', name: 'Bon 20 DT', type: 'voucher', qts: 10, nbrOfPoints: 50, voucherValue: '20.000' })
      .returning();
    await newEvents();
  });

  it('gift_purchase.created; a request over the stock (422) writes none', async () => {
    expect((await call('POST', 'gift-purchases', { CLIENT_ID: clientA, LOYALTY_GIFT_ID: bien, QTE: 11 })).statusCode).toBe(422);
    expect(await newEvents()).toEqual([]);
    const r = await call('POST', 'gift-purchases', { CLIENT_ID: clientA, LOYALTY_GIFT_ID: bon, QTE: 2 });
    const id = r.json().data.id;
    const [e] = await newEvents();
    expect(e).toMatchObject({ type: 'gift_purchase.created', resource: 'gift_purchase', resourceId: String(id) });
    expect(e.payload).toMatchObject({ ID: id, CLIENT_ID: clientA, LOYALTY_GIFT_ID: bon, QTE: 2, POINTS: 100, STATUS: 0 });
  });

  it('accepting a voucher gift: points.changed, gift_purchase.accepted and one voucher.issued per unit, never the QR code', async () => {
    const id = (await call('POST', 'gift-purchases', { CLIENT_ID: clientA, LOYALTY_GIFT_ID: bon, QTE: 2 })).json().data.id;
    await newEvents();
    expect((await call('POST', `gift-purchases/accept/${id}`)).statusCode).toBe(200);
    const events = await newEvents();
    expect(events.map((e) => e.type)).toEqual(['points.changed', 'gift_purchase.accepted', 'voucher.issued', 'voucher.issued']);
    expect(events[1].payload).toMatchObject({ ID: id, STATUS: 2 });
    expect(events[2].payload).toMatchObject({ CLIENT_ID: clientA, SOLDE_USED: 20, STATUS: 0, GIFT_PURCHASE_ID: id });
    expect(JSON.stringify(events)).not.toMatch(/qrcode/i);
  });

  it('accepting without enough points (422) writes nothing; refusing writes gift_purchase.refused', async () => {
    const poor = (await call('POST', 'gift-purchases', { CLIENT_ID: clientA, LOYALTY_GIFT_ID: bien, QTE: 9 })).json().data.id;
    await newEvents();
    expect((await call('POST', `gift-purchases/accept/${poor}`)).statusCode).toBe(422);
    expect(await newEvents()).toEqual([]);
    expect((await call('POST', `gift-purchases/refuse/${poor}`)).statusCode).toBe(200);
    const [e] = await newEvents();
    expect(e).toMatchObject({ type: 'gift_purchase.refused', resourceId: String(poor) });
    expect(e.payload).toMatchObject({ STATUS: 3 });
  });

  it('conversion.status_changed at each move of a unit, the QR receipt included; a second scan (409) writes none', async () => {
    const id = (await call('POST', 'gift-purchases', { CLIENT_ID: clientA, LOYALTY_GIFT_ID: bien, QTE: 1 })).json().data.id;
    await call('POST', `gift-purchases/accept/${id}`);
    const [unit] = await t.db.select().from(giftConversions).where(eq(giftConversions.giftPurchaseId, id));
    await newEvents();
    for (const [to, from] of [
      [1, 0],
      [3, 1],
    ]) {
      expect((await call('PUT', `giftConversion/${unit.id}`, { STATUS: to })).statusCode).toBe(200);
      const [e] = await newEvents();
      expect(e).toMatchObject({ type: 'conversion.status_changed', resource: 'conversion', resourceId: String(unit.id) });
      expect(e.payload).toMatchObject({ ID: unit.id, KIND: 'gift', STATUS: to, PREVIOUS_STATUS: from, GIFT_PURCHASE_ID: id, CLIENT_ID: clientA });
    }
    expect((await call('POST', 'giftConversion/receive', { QRCODE: unit.qrcode })).statusCode).toBe(200);
    const [received] = await newEvents();
    expect(received.payload).toMatchObject({ STATUS: 4, PREVIOUS_STATUS: 3 });
    expect(received.payload.SCAN_DATE).toMatch(ISO);
    expect((await call('POST', 'giftConversion/receive', { QRCODE: unit.qrcode })).statusCode).toBe(409);
    expect(await newEvents()).toEqual([]);
  });

  it('voucher.consumed by a scan and by staff; a second use (409) writes none', async () => {
    const vs = await t.db.select().from(voucherPurchases).where(eq(voucherPurchases.clientId, clientA)).orderBy(voucherPurchases.id);
    expect((await call('POST', 'vocher-purchases/scan', { QRCODE: vs[0].qrcode })).statusCode).toBe(200);
    const [scanned] = await newEvents();
    expect(scanned).toMatchObject({ type: 'voucher.consumed', resource: 'voucher', resourceId: String(vs[0].id) });
    expect(scanned.payload).toMatchObject({ STATUS: 1, SCAN: 1, CLIENT_ID: clientA });
    expect((await call('POST', 'vocher-purchases/scan', { QRCODE: vs[0].qrcode })).statusCode).toBe(409);
    expect(await newEvents()).toEqual([]);
    expect((await call('POST', 'vocher-purchases/manualPurchase', { VOCHERS_PURCHASES: [vs[1].id], MANUAL_REASON: 'Facture 12' })).statusCode).toBe(200);
    const [manual] = await newEvents();
    expect(manual.payload).toMatchObject({ ID: vs[1].id, STATUS: 1, SCAN: 0, MANUAL_REASON: 'Facture 12' });
  });
});

describe('clients', () => {
  it('client.created by the form, client.updated by its switches; a refused form (422) writes none', async () => {
    expect((await call('POST', 'clients', {})).statusCode).toBe(422);
    expect(await newEvents()).toEqual([]);
    const r = await call('POST', 'clients', fullClient(f, { CODE_CLIENT: 'WH-NEW' }));
    expect(r.statusCode).toBe(201);
    const id = r.json().data.id;
    const [created] = await newEvents();
    expect(created).toMatchObject({ type: 'client.created', resource: 'client', resourceId: String(id) });
    expect(created.payload).toMatchObject({ ID: id, CODE_CLIENT: 'WH-NEW', STATUS: expect.any(Number), POINTS_FID: 0 });
    expect(created.payload.UPDATED_AT).toMatch(ISO);
    expect((await call('PUT', `clients/active/${id}`, { IS_ACTIVE: 0 })).statusCode).toBe(200);
    const [updated] = await newEvents();
    expect(updated).toMatchObject({ type: 'client.updated', resourceId: String(id) });
    expect(updated.payload).toMatchObject({ IS_ACTIVE: 0 });
  });
});

describe('synchronisation', () => {
  const until = async <T>(fn: () => Promise<T>, done: (v: T) => boolean) => {
    for (let i = 0; i < 400; i++) {
      const v = await fn();
      if (done(v)) return v;
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error('run did not end');
  };
  async function upload(csv: string) {
    const body = multipart({}, { name: 'clients.csv', type: 'text/csv', content: Buffer.from(csv) });
    const r = await t.app.inject({ method: 'POST', url: '/api/syncClientsFromCSV', payload: body.payload, headers: { ...admin, ...body.headers } });
    expect(r.statusCode, r.body).toBe(202);
    const id = r.json().data.id as number;
    return until(
      async () => (await call('GET', `sync/runs/${id}`)).json().data,
      (run) => run.RESULT !== 'running',
    );
  }

  it('a clients sync writes one client event per row changed and sync.finished with its counts', async () => {
    const run = await upload(
      ['CODE_CLIENT;NAME;GSM', 'WH-A;Superette Webhook;22123456', 'WH-ERP-1;Nouveau client ERP;98765432', 'WH-B;Café Webhook;'].join('\n'),
    );
    expect(run).toMatchObject({ RESULT: 'success', INSERTED: 1, UPDATED: 1, UNCHANGED: 1 });
    const events = await newEvents();
    expect(ofType(events, 'client.updated').map((e) => e.payload.CODE_CLIENT)).toEqual(['WH-A']);
    expect(ofType(events, 'client.created').map((e) => e.payload.CODE_CLIENT)).toEqual(['WH-ERP-1']);
    const [finished] = ofType(events, 'sync.finished');
    expect(finished).toMatchObject({ resource: 'sync', resourceId: String(run.ID ?? run.id) });
    expect(finished.payload).toMatchObject({ KIND: 'clients', RESULT: 'success', INSERTED: 1, UPDATED: 1, UNCHANGED: 1, DRY_RUN: false });
  });

  it('a refused file applies nothing and writes only sync.finished (rejected)', async () => {
    const run = await upload(['CODE_CLIENT;NAME;GSM', 'WH-ERP-2;Client;12'].join('\n'));
    expect(run.RESULT).toBe('rejected');
    const events = await newEvents();
    expect(events.map((e) => e.type)).toEqual(['sync.finished']);
    expect(events[0].payload).toMatchObject({ RESULT: 'rejected', KIND: 'clients' });
  });
});
