import { lastDayOf } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/lib/auth/accounts.table';
import { clients } from '../../src/lib/clients/clients.table';
import { pointsLots } from '../../src/modules/loyalty/points.table';
import { orderItems, orders } from '../../src/modules/orders/orders.table';
import { products } from '../../src/modules/catalogue/catalogue.table';
import { programmeSettings } from '../../src/modules/settings/settings.table';
import { APP, appAuth, appClientUser } from '../support/app-helpers';
import { createTestApp, type TestContext } from '../support/helpers';

/**
 * What expires when, per client: GET clients/{id}/lots lists the open lots, the next to expire first,
 * with their origin, amount, what is left and the last day to spend them; their remaining amounts add
 * up to the balance; zone-scoped like the client; exportable. The app's GET me gives the next three
 * expiry dates with their points, however far.
 */
let t: TestContext;
let admin: Record<string, string>;
type Lot = {
  id: number;
  ORIGIN: string;
  SOURCE: string | null;
  REASON: string | null;
  AMOUNT: number;
  REMAINING: number;
  LAST_DAY: string | null;
  CREATED_AT: string;
};
const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers });
const DAY = 86_400_000;

let client: { clientId: number; email: string };
/** The lots' expiry dates as the test sets them, by the order they were credited in. */
const expiries = [400, 10, 200, 60].map((days) => new Date(Date.now() + days * DAY));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  await t.db.update(programmeSettings).set({ expiryPolicy: 'months', expiryMonths: 24 });
  client = await appClientUser(t.db);
  const c = client.clientId;
  const credit = async (POINTS: number, REASON: string) =>
    expect((await t.app.inject({ method: 'POST', url: `/api/clients/${c}/points`, payload: { POINTS, REASON }, headers: admin })).statusCode).toBe(200);
  await credit(100, 'Geste commercial');
  // An order accepted by staff: its points reach the client as a lot of origin « Commande ».
  const [{ id: productId }] = await t.db.insert(products).values({ ref: 'LOT-1', label: 'Thé vert 100 g', priceTtc: '3.200', points: 5 }).returning();
  const [{ id: orderId }] = await t.db.insert(orders).values({ numOrder: 'CMD-LOT-1', clientId: c, status: 1, totalPoints: 50 }).returning();
  await t.db.insert(orderItems).values({ orderId, productId, qte: 10, unitPoints: 5, unitPriceTtc: '3.200' });
  expect((await t.app.inject({ method: 'PUT', url: `/api/orders/${orderId}`, payload: { STATUS: 2 }, headers: admin })).statusCode).toBe(200);
  await credit(30, 'Bonus de fin d’année');
  await credit(70, 'Salon professionnel');
  // Each lot its own expiry, out of the order they were credited in.
  const lots = await t.db.select({ id: pointsLots.id }).from(pointsLots).where(eq(pointsLots.clientId, c)).orderBy(pointsLots.id);
  expect(lots).toHaveLength(4);
  for (const [i, lot] of lots.entries()) await t.db.update(pointsLots).set({ expiresAt: expiries[i] }).where(eq(pointsLots.id, lot.id));
  // A debit spends the lot that expires first: 20 of the order's 50.
  await credit(-20, 'Correction');
}, 120_000);
afterAll(() => t?.close());

describe('a client’s points lots', () => {
  it('lists the open lots, next expiries first, their remaining adding up to the balance', async () => {
    const first = await get(`clients/${client.clientId}/lots?page=1&perPage=3`);
    expect(first.statusCode).toBe(200);
    const body = first.json() as { data: Lot[]; meta: { total: number; points: number; last_page: number } };
    const [{ balance }] = await t.db.select({ balance: clients.pointsFid }).from(clients).where(eq(clients.id, client.clientId));
    expect(balance).toBe(230);
    expect(body.meta).toMatchObject({ total: 4, points: 230, last_page: 2 });
    expect(body.data.map((l) => [l.ORIGIN, l.REASON, l.AMOUNT, l.REMAINING])).toEqual([
      ['Commande', 'Commande CMD-LOT-1 traitée', 50, 30],
      // Points given by hand from the client's page: « Correction ».
      ['Correction', 'Salon professionnel', 70, 70],
      ['Correction', 'Bonus de fin d’année', 30, 30],
    ]);
    expect(body.data.map((l) => l.LAST_DAY)).toEqual([expiries[1], expiries[3], expiries[2]].map(lastDayOf));
    const second = (await get(`clients/${client.clientId}/lots?page=2&perPage=3`)).json() as { data: Lot[] };
    expect(second.data.map((l) => [l.REASON, l.REMAINING, l.LAST_DAY])).toEqual([['Geste commercial', 100, lastDayOf(expiries[0])]]);
    const all = [...body.data, ...second.data];
    expect(all.reduce((n, l) => n + l.REMAINING, 0)).toBe(balance);
  });

  it('a spent lot is no longer listed; a never-expiring one comes last, without a day', async () => {
    const [{ id: lotId }] = await t.db
      .select({ id: pointsLots.id })
      .from(pointsLots)
      .where(eq(pointsLots.clientId, client.clientId))
      .orderBy(pointsLots.id)
      .limit(1);
    await t.db.update(pointsLots).set({ expiresAt: null }).where(eq(pointsLots.id, lotId));
    const lots = (await get(`clients/${client.clientId}/lots?page=1&perPage=10`)).json().data as Lot[];
    expect(lots.at(-1)).toMatchObject({ REASON: 'Geste commercial', LAST_DAY: null });
    await t.db.update(pointsLots).set({ expiresAt: expiries[0] }).where(eq(pointsLots.id, lotId));
    const other = await appClientUser(t.db);
    const none = (await get(`clients/${other.clientId}/lots?page=1&perPage=10`)).json();
    expect(none).toMatchObject({ data: [], meta: { total: 0, points: 0 } });
  });

  it('is zone-scoped like the client: another zone chief gets a 404, the client’s own one the lots', async () => {
    const chef = await t.auth('chef@demo.tn');
    expect((await get(`clients/${client.clientId}/lots?page=1&perPage=10`, chef)).statusCode).toBe(404);
    expect((await get(`clients/${client.clientId}/lots/export/csv`, chef)).statusCode).toBe(404);
    const [{ id: chefId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'chef@demo.tn'));
    await t.db.update(clients).set({ chefZoneId: chefId }).where(eq(clients.id, client.clientId));
    try {
      expect((await get(`clients/${client.clientId}/lots?page=1&perPage=10`, chef)).json().meta.total).toBe(4);
    } finally {
      await t.db.update(clients).set({ chefZoneId: null }).where(eq(clients.id, client.clientId));
    }
    expect((await get('clients/999999/lots?page=1&perPage=10')).statusCode).toBe(404);
  });

  it('exports the lots with the day they can last be spent, DD/MM/YYYY', async () => {
    const res = await get(`clients/${client.clientId}/lots/export/csv`);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Expire après le');
    expect(lines).toHaveLength(5);
    const [y, m, d] = lastDayOf(expiries[1]).split('-');
    expect(lines[1]).toContain('Commande CMD-LOT-1 traitée');
    expect(lines[1]).toContain(`${d}/${m}/${y}`);
    for (const format of ['xlsx', 'pdf']) expect((await get(`clients/${client.clientId}/lots/export/${format}`)).statusCode).toBe(200);
  });

  it('the app’s GET me gives the next three expiry dates with their points, beyond 30 days too', async () => {
    const me = (await t.app.inject({ method: 'GET', url: `${APP}/me`, headers: await appAuth(t.db, client.email) })).json().data;
    expect(me.PROCHAINES_EXPIRATIONS).toEqual([
      { DATE: lastDayOf(expiries[1]), POINTS: 30 },
      { DATE: lastDayOf(expiries[3]), POINTS: 70 },
      { DATE: lastDayOf(expiries[2]), POINTS: 30 },
    ]);
    expect(me.POINTS_EXPIRANT).toBe(30);
    // Points that never expire: no dates at all.
    await t.db.update(programmeSettings).set({ expiryPolicy: 'never', expiryMonths: null });
    try {
      const never = (await t.app.inject({ method: 'GET', url: `${APP}/me`, headers: await appAuth(t.db, client.email) })).json().data;
      expect(never.PROCHAINES_EXPIRATIONS).toBeNull();
    } finally {
      await t.db.update(programmeSettings).set({ expiryPolicy: 'months', expiryMonths: 24 });
    }
  });
});
