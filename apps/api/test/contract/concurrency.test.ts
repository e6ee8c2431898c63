import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/lib/audit/audit.table';
import { clientTypes } from '../../src/lib/clients/classification.table';
import { clients } from '../../src/lib/clients/clients.table';
import { orders } from '../../src/modules/orders/orders.table';
import { pointsLedger } from '../../src/modules/loyalty/points.table';
import { applyPoints } from '../../src/modules/loyalty/points.service';
import { giftConversions, giftPurchases, loyaltyGifts } from '../../src/modules/rewards/gifts.table';
import { voucherPurchases } from '../../src/modules/rewards/vouchers.table';
import { createTestApp, onPostgres, type TestContext } from '../support/helpers';

/**
 * Concurrent writes to one row end as serial execution would. Only PostgreSQL shows a
 * lost update: PGlite has one connection, so there the same calls are checked one after the other.
 */
let t: TestContext;
let admin: Record<string, string>;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: unknown) => t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers: admin });
const together = <T>(count: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: count }, (_, i) => fn(i)));

/** A new client with no points, made straight in the database. */
async function newClient() {
  n++;
  const [c] = await t.db
    .insert(clients)
    .values({ code: `RACE-${n}`, name: `Client concurrent ${n}` })
    .returning();
  return c;
}
const pointsOf = async (id: number) => {
  const [c] = await t.db.select({ fid: clients.pointsFid, offered: clients.pointsOffered }).from(clients).where(eq(clients.id, id));
  const [l] = await t.db
    .select({ sum: sql<number>`coalesce(sum(${pointsLedger.amount}), 0)::int`, rows: sql<number>`count(*)::int` })
    .from(pointsLedger)
    .where(eq(pointsLedger.clientId, id));
  return { balance: c.fid, offered: c.offered, ledger: Number(l.sum), ledgerRows: Number(l.rows) };
};
/** A client holding `units` units of one accepted gift purchase (stock 100, 10 points each), shipped or waiting. */
async function acceptedPurchase(units: number, ship: boolean) {
  const c = await newClient();
  await applyPoints(t.db, eq(clients.id, c.id), { amount: 10 * units, source: 'offer', reason: 'Points de départ', authorId: null });
  const [gift] = await t.db
    .insert(loyaltyGifts)
    .values({ ref: `G-RACE-${n}`, name: `Cadeau ${n}`, type: 'bien', qts: 100, nbrOfPoints: 10 })
    .returning();
  const created = await call('POST', 'gift-purchases', { CLIENT_ID: c.id, LOYALTY_GIFT_ID: gift.id, QTE: units });
  const purchase = created.json().data.id as number;
  expect((await call('POST', `gift-purchases/accept/${purchase}`)).statusCode).toBe(200);
  const rows = await t.db.select().from(giftConversions).where(eq(giftConversions.giftPurchaseId, purchase)).orderBy(giftConversions.id);
  if (ship) for (const u of rows) expect((await call('PUT', `giftConversion/${u.id}`, { STATUS: 3 })).statusCode).toBe(200);
  return { client: c, gift: gift.id, purchase, units: rows };
}
const purchaseStatus = async (id: number) => (await t.db.select({ s: giftPurchases.status }).from(giftPurchases).where(eq(giftPurchases.id, id)))[0].s;
const stock = async (id: number) => (await t.db.select({ q: loyaltyGifts.qts }).from(loyaltyGifts).where(eq(loyaltyGifts.id, id)))[0].q;

const offer = (code: string, POINTS_OFFERED: number) => call('PUT', `users/offerPoints/${code}`, { POINTS_OFFERED });

describe('PUT users/offerPoints/{code} sets the offered total', () => {
  it('one after the other: the total is set, the ledger holds the differences', async () => {
    const c = await newClient();
    for (const points of [50, 50, 30]) expect((await offer(c.code, points)).statusCode).toBe(200);
    expect(await pointsOf(c.id)).toEqual({ balance: 30, offered: 30, ledger: 30, ledgerRows: 2 });
  });
});

describe('a gift purchase follows its units', () => {
  it('one after the other: receiving every unit completes it, refusing every unit cancels it', async () => {
    const received = await acceptedPurchase(3, true);
    for (const u of received.units) expect((await call('POST', 'giftConversion/receive', { QRCODE: u.qrcode })).statusCode).toBe(200);
    expect(await purchaseStatus(received.purchase)).toBe(2);
    const refused = await acceptedPurchase(3, false);
    for (const u of refused.units) expect((await call('PUT', `giftConversion/${u.id}`, { STATUS: 2 })).statusCode).toBe(200);
    expect(await purchaseStatus(refused.purchase)).toBe(3);
    expect(await pointsOf(refused.client.id)).toMatchObject({ balance: 30, ledger: 30 });
    expect(await stock(refused.gift)).toBe(100);
  });
});

describe.skipIf(!onPostgres)('concurrent writes on PostgreSQL', () => {
  it('20 concurrent offers of 3 on a new client leave a total and a balance of 3, one ledger row', async () => {
    const c = await newClient();
    const replies = await together(20, () => offer(c.code, 3));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await pointsOf(c.id)).toEqual({ balance: 3, offered: 3, ledger: 3, ledgerRows: 1 });
  });

  it('two concurrent offers of 50, ten times over, leave 50 each time', async () => {
    for (let round = 0; round < 10; round++) {
      const c = await newClient();
      await together(2, () => offer(c.code, 50));
      expect(await pointsOf(c.id)).toEqual({ balance: 50, offered: 50, ledger: 50, ledgerRows: 1 });
    }
  });

  it('concurrent decreases never answer a spurious « Solde de points insuffisant »', async () => {
    const c = await newClient();
    expect((await offer(c.code, 40)).statusCode).toBe(200);
    const replies = await together(10, (i) => offer(c.code, i % 2 ? 10 : 20));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const after = await pointsOf(c.id);
    expect([10, 20]).toContain(after.offered);
    expect(after).toMatchObject({ balance: after.offered, ledger: after.offered });
  });

  it('every unit of a purchase received at once by QR code completes the purchase', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await acceptedPurchase(4, true);
      const replies = await together(4, (i) => call('POST', 'giftConversion/receive', { QRCODE: p.units[i].qrcode }));
      expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(await purchaseStatus(p.purchase)).toBe(2);
    }
  });

  it('accepting a purchase while a unit of the same gift and client is refused: both succeed, points and stock add up', async () => {
    for (let round = 0; round < 5; round++) {
      const p = await acceptedPurchase(1, false);
      await applyPoints(t.db, eq(clients.id, p.client.id), { amount: 10, source: 'offer', reason: 'Points de départ', authorId: null });
      const second = (await call('POST', 'gift-purchases', { CLIENT_ID: p.client.id, LOYALTY_GIFT_ID: p.gift, QTE: 1 })).json().data.id as number;
      const [accepted, refused] = await Promise.all([
        call('POST', `gift-purchases/accept/${second}`),
        call('PUT', `giftConversion/${p.units[0].id}`, { STATUS: 2 }),
      ]);
      expect([accepted.statusCode, refused.statusCode]).toEqual([200, 200]);
      expect(await pointsOf(p.client.id)).toMatchObject({ balance: 10, ledger: 10 });
      expect(await stock(p.gift)).toBe(99);
    }
  });

  /** The audit rows written for one record. */
  const trail = async (entity: string, id: number) =>
    (
      await t.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.entity} = ${entity} and ${auditLog.entityId} = ${String(id)}`)
    ).length;

  it('the same status asked twice at once (an order, a client, a gift unit): one 200, one 409, one audit row', async () => {
    for (let round = 0; round < 5; round++) {
      const c = await newClient();
      const [o] = await t.db
        .insert(orders)
        .values({ numOrder: `RACE-O-${n}`, clientId: c.id, status: 0, totalPoints: 30 })
        .returning();
      const moves = await together(2, () => call('PUT', `orders/${o.id}`, { STATUS: 1 }));
      expect(moves.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await trail('orders', o.id)).toBe(1);
      const validated = await together(2, () => call('PUT', `clients/status/${c.id}`, { STATUS: 1 }));
      expect(validated.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await trail('clients', c.id)).toBe(1);
    }
    // A gift unit prepared twice at once.
    const p = await acceptedPurchase(1, false);
    const prepared = await together(2, () => call('PUT', `giftConversion/${p.units[0].id}`, { STATUS: 1 }));
    expect(prepared.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await trail('giftConversion', p.units[0].id)).toBe(1);
  });

  it('one voucher used twice at once (by hand and by its QR code): one use, the other 409', async () => {
    for (let round = 0; round < 5; round++) {
      const c = await newClient();
      const qr = `qr-race-${n}-${'x'.repeat(24)}`;
      const [v] = await t.db
        .insert(voucherPurchases)
        .values({ voucherRef: `VCH-RACE-${n}`, clientId: c.id, soldeUsed: '20.000', qrcode: qr })
        .returning();
      const [manual, scan] = await Promise.all([
        call('POST', 'vocher-purchases/manualPurchase', { MANUAL_REASON: 'Remise en magasin', VOCHERS_PURCHASES: [v.id] }),
        call('POST', 'vocher-purchases/scan', { QRCODE: qr }),
      ]);
      expect([manual.statusCode, scan.statusCode].sort()).toEqual([200, 409]);
      const [row] = await t.db.select().from(voucherPurchases).where(eq(voucherPurchases.id, v.id));
      expect(row.status).toBe(1);
      // The use that won is the one stored: a scan marks SCAN 1, a hand use keeps its reason.
      expect(row.scan === 1 ? scan.statusCode : manual.statusCode).toBe(200);
    }
  });

  it('new items of a positioned list created at once take distinct positions, one after another', async () => {
    const replies = await together(8, (i) => call('POST', 'typeclients', { NAME: `Type concurrent ${n}-${i}` }));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const ids = replies.map((r) => r.json().data.id as number);
    const rows = await t.db.select({ position: clientTypes.position }).from(clientTypes).where(inArray(clientTypes.id, ids));
    expect(new Set(rows.map((r) => r.position)).size).toBe(8);
    // A section's blocks: positions 1..n within the section.
    const page = await call('GET', 'pages/home');
    const pageId = (page.statusCode === 200 ? page : await call('POST', 'pages', { key: 'home' })).json().data.id as number;
    const found = await call('GET', 'pages/home/sections/our_figures');
    const section = (found.statusCode === 200 ? found : await call('POST', 'sections', { key: 'our_figures', pages_id: pageId, position: 0 })).json().data as {
      id: number;
    };
    const block = (i: number) => ({
      sections_id: section.id,
      key: 'pi pi-star',
      title_fr: `Bloc ${i}`,
      title_en: `Block ${i}`,
      content_fr: '<p>Contenu</p>',
      content_en: '<p>Content</p>',
    });
    const blocks = await together(6, (i) => call('POST', 'blocs', block(i)));
    expect(blocks.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const list = (await call('GET', `blocs?page=1&sections_id=${section.id}`)).json().data as { position: number }[];
    expect(list.map((b) => b.position).sort((a, b) => a - b)).toEqual(Array.from({ length: list.length }, (_, i) => i + 1));
  });
});

describe.runIf(onPostgres)('one query at a time on a transaction’s connection', () => {
  it('an edit reads its loaded fields and media inside its transaction one after the other (pg warns of, and pg 9 refuses, a second query meanwhile)', async () => {
    const warnings: string[] = [];
    const listen = (w: Error) => warnings.push(w.message);
    process.on('warning', listen);
    try {
      const c = await newClient();
      const [type] = await t.db
        .insert(clientTypes)
        .values({ name: `Type du test ${n}` })
        .returning();
      const r = await call('PUT', `clients/${c.id}`, { ADDRESS: 'Rue de la Kasbah', TYPE_CLIENT_ID: type.id, TVA: '1234567A', GSM: '98123456' });
      expect(r.statusCode, r.body).toBe(200);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listen);
    }
    expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
  });
});
