import { type ClientClassification, CONVERSION_STATUS, GIFT_MSG, GIFT_PURCHASE_STATUS, type GiftRestrictions, giftRefusal, todayInTunis } from '@app/domain';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/lib/audit/audit.table';
import { giftsOfferedTo } from '../../src/modules/app/app-gifts.queries';
import { clientActivities, clientCategories, clientCircuits, clientTypes } from '../../src/lib/clients/classification.table';
import { seedClassification } from '../../src/modules/classification/classification.seed';
import { clients } from '../../src/lib/clients/clients.table';
import { seedClients } from '../../src/modules/clients/clients.seed';
import { badges } from '../../src/lib/clients/badges.table';
import { seedBadges } from '../../src/modules/loyalty/badges.seed';
import { giftConversions, giftPurchases, loyaltyGifts, startingGiftPurchases, startingGifts } from '../../src/modules/rewards/gifts.table';
import { seedRewards } from '../../src/modules/rewards/rewards.seed';
import { seedStaff } from '../../src/modules/staff/staff.seed';
import { type AppClient, appClient } from '../support/app-clients';
import { APP } from '../support/app-helpers';
import { createTestApp, DEMO_PASSWORD, onPostgres, type TestContext } from '../support/helpers';

/** The app's gifts through the real app, on the demo data. */
let t: TestContext;
let admin: { authorization: string };
let a: AppClient;
let b: AppClient;
let classOfA: ClientClassification;

type Method = 'GET' | 'POST' | 'PUT';
const app = (who: AppClient, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url: `${APP}/${url}`, payload: payload as never, headers: who.headers });
const staff = (method: Method, url: string, payload?: unknown) => t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers: admin });
const today = todayInTunis();
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Africa/Tunis' });

async function gift(ref: string, values: Partial<typeof loyaltyGifts.$inferInsert> = {}) {
  const [g] = await t.db
    .insert(loyaltyGifts)
    .values({ ref, name: `Cadeau ${ref}`, type: 'bien', qts: 50, nbrOfPoints: 100, ...values })
    .returning({ id: loyaltyGifts.id });
  return g.id;
}
/** Another row's id of a classification table than `id` (a value the client does not have). */
async function otherId(
  table: typeof clientActivities | typeof clientCircuits | typeof clientCategories | typeof clientTypes | typeof badges,
  id: number | null,
) {
  const [row] = await t.db
    .select({ id: table.id })
    .from(table)
    .where(id == null ? undefined : sql`${table.id} <> ${id}`)
    .limit(1);
  return row.id;
}
const offeredRefs = async (who: AppClient) => {
  const r = await app(who, 'GET', 'gifts?perPage=100');
  expect(r.statusCode).toBe(200);
  return (r.json().data as { REF: string }[])
    .map((g) => g.REF)
    .filter((ref) => ref.startsWith('APP-'))
    .sort();
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  // The demo data the agreement test reads: classification, zone chiefs, badges, clients, gifts and their purchases.
  await seedClassification(t.db);
  await seedStaff(t.db, DEMO_PASSWORD);
  await seedBadges(t.db);
  await seedClients(t.db, DEMO_PASSWORD, 80);
  await seedRewards(t.db);
  const [demo] = await t.db
    .select({
      activiteId: clients.activityId,
      circuitId: clients.circuitId,
      categoryId: clients.categoryId,
      typeClientId: clients.typeClientId,
      badgeId: clients.badgeId,
    })
    .from(clients)
    .where(
      and(
        isNotNull(clients.activityId),
        isNotNull(clients.circuitId),
        isNotNull(clients.categoryId),
        isNotNull(clients.typeClientId),
        isNotNull(clients.badgeId),
      ),
    )
    .limit(1);
  classOfA = demo;
  a = await appClient(
    t,
    'APP-A',
    { activityId: demo.activiteId, circuitId: demo.circuitId, categoryId: demo.categoryId, typeClientId: demo.typeClientId, badgeId: demo.badgeId },
    500,
  );
  b = await appClient(t, 'APP-B', {}, 500);
});
afterAll(() => t?.close());

describe('GET gifts: what this client may request today', () => {
  it('lists an open gift and one per restriction it matches; hides each restriction it does not, and inactive, future, ended, out-of-stock gifts', async () => {
    const c = classOfA;
    await gift('APP-OPEN');
    await gift('APP-ACT-OK', { activiteId: c.activiteId });
    await gift('APP-CIR-OK', { circuitId: c.circuitId });
    await gift('APP-CAT-OK', { categoryId: c.categoryId });
    await gift('APP-TYP-OK', { typeClientId: c.typeClientId });
    await gift('APP-BAD-OK', { badgesId: c.badgeId });
    await gift('APP-ALL-OK', {
      activiteId: c.activiteId,
      circuitId: c.circuitId,
      categoryId: c.categoryId,
      typeClientId: c.typeClientId,
      badgesId: c.badgeId,
      startDay: today,
      endDate: today,
      qts: 1,
    });
    await gift('APP-ACT-NO', { activiteId: await otherId(clientActivities, c.activiteId) });
    await gift('APP-CIR-NO', { circuitId: await otherId(clientCircuits, c.circuitId) });
    await gift('APP-CAT-NO', { categoryId: await otherId(clientCategories, c.categoryId) });
    await gift('APP-TYP-NO', { typeClientId: await otherId(clientTypes, c.typeClientId) });
    await gift('APP-BAD-NO', { badgesId: await otherId(badges, c.badgeId) });
    await gift('APP-INACTIVE', { isActive: 0 });
    await gift('APP-FUTURE', { startDay: dayOffset(2) });
    await gift('APP-ENDED', { endDate: dayOffset(-2) });
    await gift('APP-EMPTY', { qts: 0 });
    expect(await offeredRefs(a)).toEqual(['APP-ACT-OK', 'APP-ALL-OK', 'APP-BAD-OK', 'APP-CAT-OK', 'APP-CIR-OK', 'APP-OPEN', 'APP-TYP-OK']);
    // A client without classification or badge: only the gifts that restrict nothing.
    expect(await offeredRefs(b)).toEqual(['APP-OPEN']);
  });

  it('pages, cheapest first, with the gift’s fields and image', async () => {
    const r = (await app(a, 'GET', 'gifts?page=2&perPage=3')).json();
    expect(r.meta).toMatchObject({ current_page: 2, per_page: 3 });
    expect(r.data).toHaveLength(3);
    const all = (await app(a, 'GET', 'gifts?perPage=100')).json();
    expect(all.meta.total).toBe(all.data.length);
    const points = all.data.map((g: { NBR_OF_POINTS: number }) => g.NBR_OF_POINTS);
    expect(points).toEqual([...points].sort((x, y) => x - y));
    expect(all.data.find((g: { REF: string }) => g.REF === 'BON-20')).toMatchObject({
      TYPE: 'voucher',
      VOCHER_VALUE: '20.000',
      NBR_OF_POINTS: 250,
      MEDIA: null,
    });
    expect((await app(a, 'GET', 'gifts?perPage=101')).statusCode).toBe(422);
  });

  it('the SQL filter and the domain rule (giftRefusal) agree for every client and gift of the demo data', async () => {
    // Restrictions taken from the demo clients' own values, so each rule splits them.
    const sample = await t.db
      .select({ a: clients.activityId, c: clients.circuitId, k: clients.categoryId, ty: clients.typeClientId, b: clients.badgeId })
      .from(clients)
      .where(isNotNull(clients.badgeId))
      .limit(3);
    for (const [i, s] of sample.entries()) {
      await gift(`AGREE-${i}-A`, { activiteId: s.a });
      await gift(`AGREE-${i}-C`, { circuitId: s.c, badgesId: s.b });
      await gift(`AGREE-${i}-K`, { categoryId: s.k, typeClientId: s.ty });
      await gift(`AGREE-${i}-T`, { typeClientId: s.ty, endDate: dayOffset(i - 1) });
    }
    const gifts = await t.db.select().from(loyaltyGifts);
    const tuples = await t.db
      .selectDistinct({
        activiteId: clients.activityId,
        circuitId: clients.circuitId,
        categoryId: clients.categoryId,
        typeClientId: clients.typeClientId,
        badgeId: clients.badgeId,
      })
      .from(clients);
    expect(tuples.length).toBeGreaterThan(10);
    let offered = 0;
    for (const client of tuples) {
      const bySql = (await t.db.select({ id: loyaltyGifts.id }).from(loyaltyGifts).where(giftsOfferedTo(client, today))).map((g) => g.id).sort((x, y) => x - y);
      const byDomain = gifts
        .filter((g) => giftRefusal(g as GiftRestrictions, client, 1, today) === null)
        .map((g) => g.id)
        .sort((x, y) => x - y);
      expect(bySql).toEqual(byDomain);
      offered += bySql.length;
    }
    // Neither everything nor nothing: the rules did split the clients.
    expect(offered).toBeGreaterThan(0);
    expect(offered).toBeLessThan(tuples.length * gifts.length);
  });
});

describe('POST gift-purchases: a waiting request, within the points not already asked', () => {
  let mug: number;
  beforeAll(async () => {
    mug = await gift('APP-MUG', { nbrOfPoints: 100, qts: 100 });
  });

  it('creates a waiting request for the user’s own client, priced NBR_OF_POINTS × QTE, nothing debited; the back-office bell shows it', async () => {
    const r = await app(a, 'POST', 'gift-purchases', { LOYALTY_GIFT_ID: mug, QTE: 3 });
    expect(r.statusCode).toBe(201);
    const p = r.json().data;
    expect(p).toMatchObject({
      LOYALTY_GIFT_ID: mug,
      GIFT_NAME: 'Cadeau APP-MUG',
      GIFT_TYPE: 'bien',
      QTE: 3,
      POINTS: 300,
      STATUS: 0,
      STATUS_LABEL: GIFT_PURCHASE_STATUS.label(0),
      UNITS: [],
    });
    const [row] = await t.db.select().from(giftPurchases).where(eq(giftPurchases.id, p.ID));
    expect(row).toMatchObject({ clientId: a.clientId, requestedBy: a.userId, status: 0 });
    expect((await t.db.select({ p: clients.pointsFid }).from(clients).where(eq(clients.id, a.clientId)))[0].p).toBe(500);
    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'gift-purchases'), eq(auditLog.entityId, String(p.ID))));
    expect(trail).toMatchObject({ userId: a.userId, userEmail: a.email, action: 'create' });
    // The staff's gift bell (GET /api/getAskPurchases) lists it first, under the client's name.
    const bell = (await staff('GET', 'getAskPurchases')).json().data;
    expect(bell.items[0]).toMatchObject({ id: p.ID, REF: p.REF, CLIENT_ID: a.clientId, CODE_CLIENT: 'APP-A', GIFT: 'Cadeau APP-MUG' });
    const waiting = await t.db.select({ n: sql<number>`count(*)::int` }).from(giftPurchases).where(eq(giftPurchases.status, 0));
    expect(bell.count).toBe(Number(waiting[0].n));
  });

  it('refuses more than the balance less the waiting requests (422 Solde de points insuffisant), and frees the points of a refused one', async () => {
    // 500 points, 300 waiting: 200 left.
    const over = await app(a, 'POST', 'gift-purchases', { LOYALTY_GIFT_ID: mug, QTE: 3 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ message: GIFT_MSG.pointsInsufficient, errors: { QTE: [GIFT_MSG.pointsInsufficient] } });
    const fits = await app(a, 'POST', 'gift-purchases', { LOYALTY_GIFT_ID: mug, QTE: 2 });
    expect(fits.statusCode).toBe(201);
    expect((await app(a, 'POST', 'gift-purchases', { LOYALTY_GIFT_ID: mug, QTE: 1 })).statusCode).toBe(422);
    expect((await staff('POST', `gift-purchases/refuse/${fits.json().data.ID}`)).statusCode).toBe(200);
    expect((await app(a, 'POST', 'gift-purchases', { LOYALTY_GIFT_ID: mug, QTE: 1 })).statusCode).toBe(201);
  });

  it('refuses a gift the client may not request, an unknown gift, another CLIENT_ID in the body and a bad quantity (422), writing nothing', async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(giftPurchases))[0].n;
    const other = await gift('APP-OTHER-BADGE', { badgesId: await otherId(badges, classOfA.badgeId) });
    const refused = await app(a, 'POST', 'gift-purchases', { LOYALTY_GIFT_ID: other, QTE: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(GIFT_MSG.notEligible('badge différent'));
    expect((await app(a, 'POST', 'gift-purchases', { LOYALTY_GIFT_ID: 999_999, QTE: 1 })).statusCode).toBe(422);
    expect((await app(a, 'POST', 'gift-purchases', { LOYALTY_GIFT_ID: mug, QTE: 1, CLIENT_ID: b.clientId })).statusCode).toBe(422);
    for (const bad of [0, -1, 1.5, '', ' ', null, true, [5], {}]) {
      for (const field of ['QTE', 'LOYALTY_GIFT_ID']) {
        const r = await app(a, 'POST', 'gift-purchases', { LOYALTY_GIFT_ID: mug, QTE: 1, [field]: bad });
        expect(r.statusCode).toBe(422);
        expect(Object.keys(r.json().errors ?? {})).toContain(field);
      }
    }
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(giftPurchases))[0].n).toBe(before);
  });

  it('a staff token is refused here (401), as an app token is on the back-office', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${APP}/gift-purchases`, headers: admin })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/getAskPurchases', headers: a.headers })).statusCode).toBe(401);
  });

  it.skipIf(!onPostgres)('two users of one client asking at once cannot both spend the same points (row lock on the client)', async () => {
    const c = await appClient(t, 'APP-RACE', {}, 500);
    const c2 = await appClient(t, 'APP-RACE', {}, 0, 'second');
    // Different gifts: each request locks its own gift's row, so only the client's row orders them.
    const race = [
      await gift('APP-RACE-1', { nbrOfPoints: 200, qts: 100 }),
      await gift('APP-RACE-2', { nbrOfPoints: 200, qts: 100 }),
      await gift('APP-RACE-3', { nbrOfPoints: 200, qts: 100 }),
    ];
    for (let round = 0; round < 3; round++) {
      await t.db.update(giftPurchases).set({ status: 3 }).where(eq(giftPurchases.clientId, c.clientId));
      // 500 points, 200 a request: of six at once, exactly two fit.
      const replies = await Promise.all(
        Array.from({ length: 6 }, (_, i) => app(i % 2 ? c : c2, 'POST', 'gift-purchases', { LOYALTY_GIFT_ID: race[i % 3], QTE: 1 })),
      );
      expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 201, 422, 422, 422, 422]);
      const [{ waiting }] = await t.db
        .select({ waiting: sql<number>`coalesce(sum(points), 0)::int` })
        .from(giftPurchases)
        .where(and(eq(giftPurchases.clientId, c.clientId), eq(giftPurchases.status, 0)));
      expect(waiting).toBe(400);
    }
  });
});

describe('GET gift-purchases and POST conversions/receive', () => {
  let purchase: number;
  let units: { id: number; qrcode: string }[];
  beforeAll(async () => {
    const scarf = await gift('APP-SCARF', { nbrOfPoints: 10, qts: 20 });
    await t.db
      .update(giftPurchases)
      .set({ status: 3 })
      .where(and(eq(giftPurchases.clientId, a.clientId), eq(giftPurchases.status, 0)));
    purchase = (await app(a, 'POST', 'gift-purchases', { LOYALTY_GIFT_ID: scarf, QTE: 3 })).json().data.ID;
    expect((await staff('POST', `gift-purchases/accept/${purchase}`)).statusCode).toBe(200);
    units = await t.db
      .select({ id: giftConversions.id, qrcode: giftConversions.qrcode })
      .from(giftConversions)
      .where(eq(giftConversions.giftPurchaseId, purchase))
      .orderBy(giftConversions.id);
    expect(units).toHaveLength(3);
    for (const u of units.slice(0, 2)) expect((await staff('PUT', `giftConversion/${u.id}`, { STATUS: 3 })).statusCode).toBe(200);
  });

  it('lists own requests newest first, paged, each with its units and status labels, never a QR code', async () => {
    const r = (await app(a, 'GET', 'gift-purchases?perPage=2')).json();
    expect(r.meta).toMatchObject({ current_page: 1, per_page: 2 });
    expect(r.meta.total).toBe((await t.db.select({ n: sql<number>`count(*)::int` }).from(giftPurchases).where(eq(giftPurchases.clientId, a.clientId)))[0].n);
    const [first] = r.data;
    expect(first).toMatchObject({ ID: purchase, STATUS: 1, STATUS_LABEL: 'Validée', QTE: 3 });
    expect(first.UNITS.map((u: { ID: number; STATUS: number; STATUS_LABEL: string }) => [u.ID, u.STATUS, u.STATUS_LABEL])).toEqual([
      [units[0].id, 3, CONVERSION_STATUS.label(3)],
      [units[1].id, 3, CONVERSION_STATUS.label(3)],
      [units[2].id, 0, CONVERSION_STATUS.label(0)],
    ]);
    expect(JSON.stringify(r)).not.toContain(units[0].qrcode);
    const dates = r.data.map((p: { CREATED_AT: string }) => p.CREATED_AT);
    expect(dates).toEqual([...dates].sort().reverse());
    // Another client sees none of them.
    const theirs = (await app(b, 'GET', 'gift-purchases?perPage=100')).json();
    expect(theirs.data.some((p: { ID: number }) => p.ID === purchase)).toBe(false);
  });

  it('receives a shipped unit by its QR code (Réceptionné, scan date), once: 409 the second time', async () => {
    const r = await app(a, 'POST', 'conversions/receive', { QRCODE: units[0].qrcode });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ ID: units[0].id, KIND: 'gift', GIFT_PURCHASE_ID: purchase, STATUS: 4, STATUS_LABEL: 'Réceptionné' });
    expect(Date.now() - new Date(r.json().data.SCAN_DATE).getTime()).toBeLessThan(60_000);
    expect((await t.db.select({ s: giftPurchases.status }).from(giftPurchases).where(eq(giftPurchases.id, purchase)))[0].s).toBe(4);
    const again = await app(a, 'POST', 'conversions/receive', { QRCODE: units[0].qrcode });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(GIFT_MSG.alreadyReceived);
  });

  it('404 for another client’s code (nothing changes) and an unknown one; 422 for a unit not shipped', async () => {
    const theirs = await app(b, 'POST', 'conversions/receive', { QRCODE: units[1].qrcode });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(GIFT_MSG.qrUnknown);
    expect((await t.db.select({ s: giftConversions.status }).from(giftConversions).where(eq(giftConversions.id, units[1].id)))[0].s).toBe(3);
    expect((await app(a, 'POST', 'conversions/receive', { QRCODE: 'inconnu-0000000000000000000000000' })).statusCode).toBe(404);
    const early = await app(a, 'POST', 'conversions/receive', { QRCODE: units[2].qrcode });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(GIFT_MSG.notShipped);
    expect((await app(a, 'POST', 'conversions/receive', { QRCODE: '' })).statusCode).toBe(422);
  });

  it('the last units received make the purchase complete', async () => {
    await staff('PUT', `giftConversion/${units[2].id}`, { STATUS: 3 });
    for (const u of units.slice(1)) expect((await app(a, 'POST', 'conversions/receive', { QRCODE: u.qrcode })).statusCode).toBe(200);
    const [p] = (await app(a, 'GET', 'gift-purchases?perPage=1')).json().data;
    expect(p).toMatchObject({ ID: purchase, STATUS: 2, STATUS_LABEL: 'Livraison complète' });
    expect(p.UNITS.every((u: { STATUS: number }) => u.STATUS === 4)).toBe(true);
  });

  it('receives a starter gift by the QR code of its exit slip too', async () => {
    const [kit] = await t.db.select({ id: startingGifts.id }).from(startingGifts).limit(1);
    const given = await staff('POST', 'startingGift-purchases', { CLIENTS: [a.clientId], STARTING_GIFT_ID: kit.id });
    expect(given.statusCode).toBe(201);
    const id = given.json().data[0].id;
    const [row] = await t.db.select({ qrcode: startingGiftPurchases.qrcode }).from(startingGiftPurchases).where(eq(startingGiftPurchases.id, id));
    expect((await app(a, 'POST', 'conversions/receive', { QRCODE: row.qrcode })).statusCode).toBe(422);
    await staff('PUT', `startingGift-purchases/${id}`, { STATUS: 3 });
    expect((await app(b, 'POST', 'conversions/receive', { QRCODE: row.qrcode })).statusCode).toBe(404);
    const r = await app(a, 'POST', 'conversions/receive', { QRCODE: row.qrcode });
    expect(r.json().data).toMatchObject({ ID: id, KIND: 'starter', GIFT_PURCHASE_ID: null, STATUS: 4 });
    const [after] = await t.db
      .select()
      .from(startingGiftPurchases)
      .where(inArray(startingGiftPurchases.id, [id]));
    expect(after.status).toBe(4);
    expect(after.scanDate).not.toBeNull();
  });
});
