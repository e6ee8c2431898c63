import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GIFT_MSG, POINTS_MESSAGES, rewardNumber } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/lib/audit/audit.table';
import { users } from '../../src/lib/auth/accounts.table';
import { clients } from '../../src/lib/clients/clients.table';
import { pointsLedger } from '../../src/modules/loyalty/points.table';
import { applyPoints } from '../../src/modules/loyalty/points.service';
import { giftConversions, giftPurchases, loyaltyGifts, startingGiftPurchases, startingGifts } from '../../src/modules/rewards/gifts.table';
import { voucherPurchases } from '../../src/modules/rewards/vouchers.table';
import { createTestApp, type TestContext } from '../support/helpers';

/** Gift purchases → conversions → prepare → ship → QR receipt, starter gifts, through the real app. */
let t: TestContext;
let admin: { authorization: string };
let chef: { authorization: string };
let magasin: { authorization: string };
let clientA: number;
let clientB: number;
let bien: number;
let voucher: number;
const year = Number(new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Tunis' }).slice(0, 4));

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });
const balance = async (id: number) => (await t.db.select({ p: clients.pointsFid }).from(clients).where(eq(clients.id, id)))[0].p;
const ledgerSum = async (id: number) =>
  Number((await t.db.select({ s: sql<number>`coalesce(sum(amount), 0)::int` }).from(pointsLedger).where(eq(pointsLedger.clientId, id)))[0].s);
const stock = async (id: number) => (await t.db.select({ q: loyaltyGifts.qts }).from(loyaltyGifts).where(eq(loyaltyGifts.id, id)))[0].q;
const conversionsOf = (purchaseId: number) =>
  t.db.select().from(giftConversions).where(eq(giftConversions.giftPurchaseId, purchaseId)).orderBy(giftConversions.id);
const purchaseStatus = async (id: number) => (await t.db.select({ s: giftPurchases.status }).from(giftPurchases).where(eq(giftPurchases.id, id)))[0].s;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  chef = await t.auth('chef@demo.tn');
  magasin = await t.auth('magasin@demo.tn');
  const [chefUser] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'chef@demo.tn'));
  [{ id: clientA }] = await t.db.insert(clients).values({ code: 'C-GIFT-A', name: 'Superette El Amen', address: '12 rue de Marseille, Tunis' }).returning();
  [{ id: clientB }] = await t.db.insert(clients).values({ code: 'C-GIFT-B', name: 'Café du Port', chefZoneId: chefUser.id }).returning();
  for (const id of [clientA, clientB])
    await applyPoints(t.db, eq(clients.id, id), { amount: 500, source: 'offer', reason: 'Points de départ', authorId: null });
  [{ id: bien }] = await t.db.insert(loyaltyGifts).values({ ref: 'G-MUG', name: 'Mug isotherme', type: 'bien', qts: 10, nbrOfPoints: 100 }).returning();
  [{ id: voucher }] = await t.db
    .insert(loyaltyGifts)
    .values({ ref: 'G-BON20', name: "Bon d'achat 20 DT", type: 'voucher', qts: 5, nbrOfPoints: 50, voucherValue: '20.000' })
    .returning();
});
afterAll(() => t.close());

describe('gift purchases', () => {
  let purchase: number;

  it('enters a waiting request for a client, priced NBR_OF_POINTS × QTE, numbered', async () => {
    const r = await call('POST', 'gift-purchases', { CLIENT_ID: clientA, LOYALTY_GIFT_ID: bien, QTE: 3 });
    expect(r.statusCode).toBe(201);
    purchase = r.json().data.id;
    expect(r.json().data).toMatchObject({
      REF: rewardNumber('purchase', year, 1),
      CODE_CLIENT: 'C-GIFT-A',
      GIFT_NAME: 'Mug isotherme',
      GIFT_TYPE: 'bien',
      QTE: 3,
      POINTS: 300,
      STATUS: 0,
    });
    expect(await balance(clientA)).toBe(500); // nothing debited before acceptance
  });

  it('refuses more than the stock with the spec message', async () => {
    const r = await call('POST', 'gift-purchases', { CLIENT_ID: clientA, LOYALTY_GIFT_ID: voucher, QTE: 6 });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe(GIFT_MSG.stockInsufficient);
  });

  it('refuses a gift outside its dates or for another badge, saying which', async () => {
    await t.db.update(loyaltyGifts).set({ endDate: '2020-01-31' }).where(eq(loyaltyGifts.id, voucher));
    const ended = await call('POST', 'gift-purchases', { CLIENT_ID: clientA, LOYALTY_GIFT_ID: voucher, QTE: 1 });
    expect(ended.statusCode).toBe(422);
    expect(ended.json().message).toBe(GIFT_MSG.ended('31/01/2020'));
    await t.db.update(loyaltyGifts).set({ endDate: null, isActive: 0 }).where(eq(loyaltyGifts.id, voucher));
    expect((await call('POST', 'gift-purchases', { CLIENT_ID: clientA, LOYALTY_GIFT_ID: voucher, QTE: 1 })).json().message).toBe(GIFT_MSG.inactive);
    await t.db.update(loyaltyGifts).set({ isActive: 1 }).where(eq(loyaltyGifts.id, voucher));
  });

  it('accepting debits the points through the ledger and the stock, and makes one conversion per unit', async () => {
    const r = await call('POST', `gift-purchases/accept/${purchase}`);
    expect(r.statusCode).toBe(200);
    expect(r.json().data.STATUS).toBe(1);
    expect(await balance(clientA)).toBe(200);
    expect(await ledgerSum(clientA)).toBe(200);
    expect(await stock(bien)).toBe(7);
    const [row] = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.clientId, clientA), eq(pointsLedger.source, 'gift')));
    expect(row).toMatchObject({ amount: -300, balanceAfter: 200, sourceId: purchase });
    const units = await conversionsOf(purchase);
    expect(units.map((u) => u.ref)).toEqual([1, 2, 3].map((n) => rewardNumber('conversion', year, n)));
    expect(units.every((u) => u.status === 0 && u.pointsUsed === 100 && u.newPoints === 200)).toBe(true);
    // Unguessable receipt codes: random, distinct, never the id.
    expect(new Set(units.map((u) => u.qrcode)).size).toBe(3);
    for (const u of units) expect(u.qrcode).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await call('POST', `gift-purchases/accept/${purchase}`)).statusCode).toBe(409);
  });

  it('accepting without enough points answers 422 and changes nothing', async () => {
    const id = (await call('POST', 'gift-purchases', { CLIENT_ID: clientA, LOYALTY_GIFT_ID: bien, QTE: 3 })).json().data.id;
    const r = await call('POST', `gift-purchases/accept/${id}`);
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe(POINTS_MESSAGES.insufficient);
    expect(await balance(clientA)).toBe(200);
    expect(await stock(bien)).toBe(7);
    expect(await purchaseStatus(id)).toBe(0);
    expect(await conversionsOf(id)).toHaveLength(0);
    // Refused instead: nothing had been debited, nothing is given back.
    expect((await call('POST', `gift-purchases/refuse/${id}`)).json().data.STATUS).toBe(3);
    expect(await balance(clientA)).toBe(200);
  });

  it('a voucher gift issues one voucher of VOCHER_VALUE per unit, and the purchase is complete', async () => {
    const id = (await call('POST', 'gift-purchases', { CLIENT_ID: clientA, LOYALTY_GIFT_ID: voucher, QTE: 2 })).json().data.id;
    expect((await call('POST', `gift-purchases/accept/${id}`)).json().data.STATUS).toBe(2);
    const vouchers = await t.db.select().from(voucherPurchases).where(eq(voucherPurchases.giftPurchaseId, id));
    expect(vouchers.map((v) => [v.soldeUsed, v.status, v.clientId])).toEqual([
      ['20.000', 0, clientA],
      ['20.000', 0, clientA],
    ]);
    expect(await balance(clientA)).toBe(100);
    expect(await stock(voucher)).toBe(3);
  });

  it('lists the requests and rings the bell with the waiting ones', async () => {
    await call('POST', 'gift-purchases', { CLIENT_ID: clientB, LOYALTY_GIFT_ID: bien, QTE: 1 });
    const list = (await call('GET', 'gift-purchases/all?page=1&perPage=50&STATUS=0')).json();
    expect(list.data.map((p: { CODE_CLIENT: string }) => p.CODE_CLIENT)).toEqual(['C-GIFT-B']);
    const bell = (await call('GET', 'getAskPurchases')).json().data;
    expect(bell.count).toBe(1);
    expect(bell.items[0]).toMatchObject({ CODE_CLIENT: 'C-GIFT-B', GIFT: 'Mug isotherme', USER: 'Café du Port' });
    // A zone chief has no purchase rights (the conversions are his).
    expect((await call('POST', 'gift-purchases', { CLIENT_ID: clientB, LOYALTY_GIFT_ID: bien, QTE: 1 }, chef)).statusCode).toBe(403);
  });
});

describe('gift conversions', () => {
  let units: (typeof giftConversions.$inferSelect)[];
  let purchase: number;
  beforeAll(async () => {
    [{ id: purchase }] = await t.db
      .select({ id: giftPurchases.id })
      .from(giftPurchases)
      .where(eq(giftPurchases.ref, rewardNumber('purchase', year, 1)));
    units = await conversionsOf(purchase);
  });

  it('a Magasinier prepares (→ Préparé) and may not ship; an admin ships', async () => {
    const prepared = await call('PUT', `giftConversion/${units[0].id}`, { STATUS: 1 }, magasin);
    expect(prepared.statusCode).toBe(200);
    expect(prepared.json().data).toMatchObject({ STATUS: 1, CODE_CLIENT: 'C-GIFT-A', POINTS_USED: 100, NEW_POINTS: 200 });
    const refused = await call('PUT', `giftConversion/${units[0].id}`, { STATUS: 3 }, magasin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GIFT_MSG.adminOnly);
    expect((await call('PUT', `giftConversion/${units[0].id}`, { STATUS: 3 })).json().data.STATUS).toBe(3);
  });

  it('enforces the transition rule whatever is sent: never back, never Réceptionné by hand', async () => {
    const back = await call('PUT', `giftConversion/${units[0].id}`, { STATUS: 0 });
    expect(back.statusCode).toBe(422);
    expect(back.json().message).toBe(GIFT_MSG.conversionTransition(3, 0));
    const byHand = await call('PUT', `giftConversion/${units[1].id}`, { STATUS: 4 });
    expect(byHand.statusCode).toBe(422);
    expect(byHand.json().message).toBe(GIFT_MSG.receiveByScan);
    expect((await call('PUT', `giftConversion/${units[1].id}`, { STATUS: 9 })).statusCode).toBe(422);
  });

  it('receives a shipped unit by its QR code once; a forged code is 404, a unit not shipped 422', async () => {
    const ok = await call('POST', 'giftConversion/receive', { QRCODE: units[0].qrcode }, magasin);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.STATUS).toBe(4);
    expect(ok.json().data.SCAN_DATE).toEqual(expect.any(String));
    expect((await call('POST', 'giftConversion/receive', { QRCODE: units[0].qrcode }, magasin)).statusCode).toBe(409);
    expect((await call('POST', 'giftConversion/receive', { QRCODE: 'x'.repeat(32) })).statusCode).toBe(404);
    expect((await call('POST', 'giftConversion/receive', { QRCODE: String(units[0].id) })).statusCode).toBe(404);
    const early = await call('POST', 'giftConversion/receive', { QRCODE: units[1].qrcode });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(GIFT_MSG.notShipped);
    expect(await purchaseStatus(purchase)).toBe(4); // some units received
  });

  it('refusing a unit gives its points and stock back; the purchase completes when the rest is received', async () => {
    const [before, stockBefore] = [await balance(clientA), await stock(bien)];
    expect((await call('PUT', `giftConversion/${units[2].id}`, { STATUS: 2 })).json().data.STATUS).toBe(2);
    expect(await balance(clientA)).toBe(before + 100);
    expect(await ledgerSum(clientA)).toBe(before + 100);
    expect(await stock(bien)).toBe(stockBefore + 1);
    await call('PUT', `giftConversion/${units[1].id}`, { STATUS: 3 }, chef).then((r) => expect(r.statusCode).toBe(404)); // not his client
    expect((await call('PUT', `giftConversion/${units[1].id}`, { STATUS: 3 })).statusCode).toBe(200);
    expect((await call('POST', 'giftConversion/receive', { QRCODE: units[1].qrcode })).statusCode).toBe(200);
    expect(await purchaseStatus(purchase)).toBe(2);
  });

  it('shows a zone chief only his clients’ conversions, and refuses him another client’s code', async () => {
    const mine = (await call('GET', 'giftConversion/all?page=1&perPage=50', undefined, chef)).json();
    expect(mine.meta.total).toBe(0);
    expect((await call('POST', 'giftConversion/receive', { QRCODE: units[1].qrcode }, chef)).statusCode).toBe(404);
    const all = (await call('GET', 'giftConversion/all?page=1&perPage=50')).json();
    expect(all.data.map((c: { REF: string }) => c.REF).sort()).toEqual(units.map((u) => u.ref).sort());
  });

  it('gives the QR code as a PNG and the exit slip as an A4 PDF with the client, gift and points', async () => {
    const png = await call('GET', `giftConversion/generateQrCode/${units[0].id}`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect((await call('GET', `gift-purchases/generateQrCode/${purchase}`)).headers['content-type']).toBe('image/png');
    const pdf = await call('GET', `giftConversion/${units[0].id}/exit-slip`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`bon_de_sortie_${units[0].id}.pdf`);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'slip-')), 'slip.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    for (const s of ['BON DE SORTIE', units[0].qrcode, units[0].ref, 'C-GIFT-A', 'Superette El Amen', 'Mug isotherme', '100', 'Magasinier', 'Client'])
      expect(text).toContain(s);
    expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/Page size:\s+595\.\d* x 841\.\d* pts \(A4\)/);
    // The request's date in Tunis time, whatever the server's time zone.
    const tunis = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Tunis', ...o }).format(units[0].createdAt);
    expect(text).toContain(`${tunis({ day: '2-digit', month: '2-digit', year: 'numeric' })} à ${tunis({ hour: '2-digit', minute: '2-digit' })}`);
  });

  it('prints an Arabic client name and address on the exit slip, shaped and readable as typed, digits included', async () => {
    const arabic = 'بقالة الأمان 2 زيت';
    await t.db.update(clients).set({ name: arabic, address: 'شارع الحرية تونس' }).where(eq(clients.id, clientA));
    try {
      const pdf = await call('GET', `giftConversion/${units[0].id}/exit-slip`);
      expect(pdf.statusCode).toBe(200);
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'slip-')), 'slip.pdf');
      writeFileSync(file, pdf.rawPayload);
      // -raw follows the order the file writes its text: the reading order (see products-pdf.test.ts).
      const text = execFileSync('pdftotext', ['-raw', file, '-'])
        .toString()
        .replace(/[\u200e\u200f\u202a-\u202e]/g, '')
        .replace(/\s+/g, ' ');
      expect(text).toContain(arabic);
      expect(text).toContain('شارع الحرية تونس');
      expect(text).toContain('Mug isotherme');
    } finally {
      await t.db.update(clients).set({ name: 'Superette El Amen', address: '12 rue de Marseille, Tunis' }).where(eq(clients.id, clientA));
    }
  });

  it('deletes for admin only: a received unit stays, a waiting one gives its points back', async () => {
    expect((await call('DELETE', `giftConversion/${units[0].id}`, undefined, magasin)).statusCode).toBe(403);
    expect((await call('DELETE', `giftConversion/${units[0].id}`)).statusCode).toBe(409);
    const id = (await call('POST', 'gift-purchases', { CLIENT_ID: clientA, LOYALTY_GIFT_ID: bien, QTE: 1 })).json().data.id;
    await call('POST', `gift-purchases/accept/${id}`);
    const [unit] = await conversionsOf(id);
    const before = await balance(clientA);
    expect((await call('DELETE', `giftConversion/${unit.id}`)).statusCode).toBe(200);
    expect(await balance(clientA)).toBe(before + 100);
    expect(await purchaseStatus(id)).toBe(3);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'giftConversion'), eq(auditLog.action, 'delete')));
    expect(trail).toHaveLength(1);
  });
});

describe('starter-gift purchases', () => {
  let gift: number;
  let rows: { id: number; STATUS: number; CODE_CLIENT: string }[];
  beforeAll(async () => {
    [{ id: gift }] = await t.db.insert(startingGifts).values({ ref: 'BIENV-1', name: 'Kit de bienvenue', description: 'Tablier et présentoir' }).returning();
  });

  it('gives a starter gift to several clients at once, without points, and never twice', async () => {
    const r = await call('POST', 'startingGift-purchases', { CLIENTS: [clientA, clientB], STARTING_GIFT_ID: gift });
    expect(r.statusCode).toBe(201);
    rows = r.json().data;
    expect(rows.map((x) => [x.CODE_CLIENT, x.STATUS])).toEqual([
      ['C-GIFT-A', 0],
      ['C-GIFT-B', 0],
    ]);
    const again = await call('POST', 'startingGift-purchases', { CLIENTS: [clientA], STARTING_GIFT_ID: gift });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toContain('C-GIFT-A');
    expect((await call('POST', 'startingGift-purchases', { CLIENTS: [], STARTING_GIFT_ID: gift })).json().message).toBe(GIFT_MSG.clientsRequired);
  });

  it('accept → Préparé, refuse → Refusé, then the same shipping and QR receipt', async () => {
    expect((await call('POST', `startingGift-purchases/accept/${rows[0].id}`)).json().data.STATUS).toBe(1);
    expect((await call('POST', `startingGift-purchases/refuse/${rows[0].id}`)).statusCode).toBe(422);
    expect((await call('PUT', `startingGift-purchases/${rows[0].id}`, { STATUS: 3 }, chef)).statusCode).toBe(404); // not his client
    expect((await call('PUT', `startingGift-purchases/${rows[1].id}`, { STATUS: 3 }, chef)).json().data.STATUS).toBe(3);
    const [b] = await t.db.select().from(startingGiftPurchases).where(eq(startingGiftPurchases.id, rows[1].id));
    expect((await call('POST', 'startingGift-purchases/receive', { QRCODE: b.qrcode }, chef)).json().data.STATUS).toBe(4);
    const mine = (await call('GET', 'startingGift-purchases/all?page=1&perPage=50', undefined, chef)).json().data;
    expect(mine.map((x: { CODE_CLIENT: string }) => x.CODE_CLIENT)).toEqual(['C-GIFT-B']);
    const slip = await call('GET', `startingGift-purchases/${rows[1].id}/exit-slip`, undefined, chef);
    expect(slip.headers['content-type']).toBe('application/pdf');
  });

  it('lets the least-rights roles read but not act', async () => {
    const commercial = await t.auth('commercial@demo.tn');
    expect((await call('GET', 'startingGift-purchases/all?page=1', undefined, commercial)).statusCode).toBe(200);
    expect((await call('PUT', `startingGift-purchases/${rows[0].id}`, { STATUS: 3 }, commercial)).statusCode).toBe(403);
    expect((await call('DELETE', `startingGift-purchases/${rows[0].id}`, undefined, chef)).statusCode).toBe(403);
    expect((await call('DELETE', `startingGift-purchases/${rows[0].id}`)).statusCode).toBe(200);
  });
});
