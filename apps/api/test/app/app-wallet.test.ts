import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../src/lib/clients/clients.table';
import { loyaltyGifts } from '../../src/modules/rewards/gifts.table';
import { voucherPurchases } from '../../src/modules/rewards/vouchers.table';
import { type AppClient, appClient } from '../support/app-clients';
import { APP } from '../support/app-helpers';
import { createTestApp, type TestContext } from '../support/helpers';

/** The app's wallet: own vouchers and rebate cards only. */
let t: TestContext;
let admin: { authorization: string };
let a: AppClient;
let b: AppClient;
let giftVouchers: number[];
let rebate2024: number;

const app = (who: AppClient, url: string, method: 'GET' | 'POST' = 'GET', payload?: unknown) =>
  t.app.inject({ method, url: `${APP}/${url}`, payload: payload as never, headers: who.headers });
const staff = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers: admin });

/** A rebate voucher of `year`, with the client's rebate figures moved as the yearly generation does. */
async function rebate(clientId: number, year: number, amount: string) {
  const [v] = await t.db
    .insert(voucherPurchases)
    .values({
      voucherRef: `RIST-${year}-${String(clientId).padStart(6, '0')}`,
      clientId,
      ristourneYear: year,
      soldeUsed: amount,
      qrcode: `rist-${year}-${clientId}-${'x'.repeat(20)}`,
    })
    .returning({ id: voucherPurchases.id });
  const n = sql`${amount}::numeric`;
  await t.db
    .update(clients)
    .set({ ristourneN1: sql`${clients.ristourneN1} + ${n}`, ristourneReste: sql`${clients.ristourneReste} + ${n}`, ristourneSoldeN1: amount })
    .where(eq(clients.id, clientId));
  return v.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  a = await appClient(t, 'WAL-A', {}, 1000);
  b = await appClient(t, 'WAL-B', {}, 1000);
  // A voucher gift asked on the app and accepted by staff: two vouchers of 20,500 DT.
  const [bon] = await t.db
    .insert(loyaltyGifts)
    .values({ ref: 'WAL-BON', name: "Bon d'achat", type: 'voucher', qts: 10, nbrOfPoints: 100, voucherValue: '20.500' })
    .returning();
  const asked = await app(a, 'gift-purchases', 'POST', { LOYALTY_GIFT_ID: bon.id, QTE: 2 });
  expect(asked.statusCode).toBe(201);
  expect((await staff('POST', `gift-purchases/accept/${asked.json().data.ID}`)).statusCode).toBe(200);
  giftVouchers = (
    await t.db.select({ id: voucherPurchases.id }).from(voucherPurchases).where(eq(voucherPurchases.clientId, a.clientId)).orderBy(voucherPurchases.id)
  ).map((v) => v.id);
  rebate2024 = await rebate(a.clientId, 2024, '120.250');
  await rebate(a.clientId, 2025, '80.125');
  await rebate(b.clientId, 2025, '999.000');
  // One gift voucher and the 2024 rebate used at the counter by staff.
  expect(
    (await staff('POST', 'vocher-purchases/manualPurchase', { MANUAL_REASON: 'Remis au comptoir', VOCHERS_PURCHASES: [giftVouchers[0], rebate2024] }))
      .statusCode,
  ).toBe(200);
});
afterAll(() => t?.close());

describe('GET vouchers', () => {
  it('lists only the client’s own vouchers, newest first, with amounts, origin and status labels', async () => {
    const r = await app(a, 'vouchers');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.meta).toMatchObject({ total: 4, current_page: 1 });
    expect(body.data.map((v: { ID: number }) => v.ID).sort()).toEqual([...giftVouchers, rebate2024, rebate2024 + 1].sort());
    const ids = body.data.map((v: { ID: number }) => v.ID);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    const gift = body.data.find((v: { ID: number }) => v.ID === giftVouchers[1]);
    expect(gift).toMatchObject({ SOLDE_USED: 20.5, STATUS: 0, STATUS_LABEL: 'Disponible', ORIGIN: 'gift', RISTOURNE_YEAR: null, SCAN_DATE: null });
    expect(gift.QRCODE).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(body.data.find((v: { ID: number }) => v.ID === rebate2024)).toMatchObject({
      SOLDE_USED: 120.25,
      STATUS: 1,
      STATUS_LABEL: 'Utilisé',
      ORIGIN: 'ristourne',
      RISTOURNE_YEAR: 2024,
      QRCODE: null,
    });
    // B's voucher is never in A's list, nor A's in B's.
    expect((await app(b, 'vouchers')).json().data.map((v: { VOCHER_REF: string }) => v.VOCHER_REF)).toEqual([
      `RIST-2025-${String(b.clientId).padStart(6, '0')}`,
    ]);
  });

  it('filters available and used, pages, and refuses an unknown filter', async () => {
    const available = (await app(a, 'vouchers?status=available')).json().data;
    expect(available.map((v: { ID: number }) => v.ID).sort()).toEqual([giftVouchers[1], rebate2024 + 1].sort());
    const used = (await app(a, 'vouchers?status=used')).json().data;
    expect(used.map((v: { ID: number }) => v.ID).sort()).toEqual([giftVouchers[0], rebate2024].sort());
    expect(used.every((v: { SCAN_DATE: string | null; QRCODE: string | null }) => v.SCAN_DATE && v.QRCODE === null)).toBe(true);
    const page2 = (await app(a, 'vouchers?page=2&perPage=3')).json();
    expect(page2.data).toHaveLength(1);
    expect(page2.meta).toMatchObject({ total: 4, last_page: 2, current_page: 2, per_page: 3 });
    expect((await app(a, 'vouchers?status=expired')).statusCode).toBe(422);
  });
});

describe('GET rebates', () => {
  it('gives the client’s rebate cards: total, remaining, consumed (which add up) and one card per year', async () => {
    const r = await app(a, 'rebates');
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual({
      RISTOURNE_N_1: 200.375,
      RISTOURNE_RESTE: 80.125,
      RISTOURNE_CONSUMED: 120.25,
      RISTOURNE_SOLDE_N_1: 80.125,
      YEARS: [
        { YEAR: 2025, VOCHER_REF: `RIST-2025-${String(a.clientId).padStart(6, '0')}`, AMOUNT: 80.125, STATUS: 0, STATUS_LABEL: 'Disponible', SCAN_DATE: null },
        {
          YEAR: 2024,
          VOCHER_REF: `RIST-2024-${String(a.clientId).padStart(6, '0')}`,
          AMOUNT: 120.25,
          STATUS: 1,
          STATUS_LABEL: 'Utilisé',
          SCAN_DATE: expect.any(String),
        },
      ],
    });
    const theirs = (await app(b, 'rebates')).json().data;
    expect(theirs).toMatchObject({ RISTOURNE_N_1: 999, RISTOURNE_RESTE: 999, RISTOURNE_CONSUMED: 0 });
    expect(theirs.YEARS).toHaveLength(1);
  });

  it('a client without rebates gets zeros and no year', async () => {
    const c = await appClient(t, 'WAL-C');
    expect((await app(c, 'rebates')).json().data).toEqual({ RISTOURNE_N_1: 0, RISTOURNE_RESTE: 0, RISTOURNE_CONSUMED: 0, RISTOURNE_SOLDE_N_1: 0, YEARS: [] });
    expect((await app(c, 'vouchers')).json()).toMatchObject({ data: [], meta: { total: 0, last_page: 1 } });
  });
});
