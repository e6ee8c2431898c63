import { ORDER_STATUS } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionLogs, users } from '../src/modules/auth/auth.table';
import { clients } from '../src/modules/contacts/clients.table';
import { orders } from '../src/modules/orders/orders.table';
import { vocherPurchases } from '../src/modules/rewards/vouchers.table';
import { createTestApp, type TestContext } from './helpers';

/** Dashboard calls (spec 1 §3, §7; issue 10 §2) checked against data the test writes. */
let t: TestContext;
let admin: { authorization: string };
const get = async (url: string, headers = admin) => {
  const r = await t.app.inject({ method: 'GET', url: `/api/${url}`, headers });
  expect([url, r.statusCode]).toEqual([url, 200]);
  return r.json().data;
};
/** An instant of Tunis (UTC+1) as UTC. */
const tn = (iso: string) => new Date(`${iso}+01:00`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  const [roleRow] = await t.db.select({ roleId: users.roleId }).from(users).where(eq(users.email, 'admin@demo.tn'));
  const [a, b, c] = await t.db
    .insert(clients)
    .values([
      { code: 'D-A', name: 'Café Atlas', isActive: 1 },
      { code: 'D-B', name: 'Kiosque Byrsa', isActive: 1 },
      { code: 'D-C', name: 'Épicerie Carthage', isActive: 0 },
    ])
    .returning();
  const day = 86_400_000;
  const u = await t.db
    .insert(users)
    .values([
      { email: 'u1@d.tn', passwordHash: 'x', roleId: roleRow.roleId, clientId: a.id, createdAt: tn('2024-03-05T10:00:00'), lastSeenAt: new Date(Date.now() - 10 * day) },
      { email: 'u2@d.tn', passwordHash: 'x', roleId: roleRow.roleId, clientId: b.id, createdAt: tn('2024-03-20T10:00:00'), lastSeenAt: new Date(Date.now() - 45 * day) },
      // 31/12/2024 23:30 in Tunis, already 2025 in no time zone but Tunis's next day: a 2024-12 registration.
      { email: 'u3@d.tn', passwordHash: 'x', roleId: roleRow.roleId, clientId: c.id, createdAt: tn('2024-12-31T23:30:00'), lastSeenAt: null },
    ])
    .returning();
  await t.db.insert(orders).values([
    { numOrder: 'O-1', clientId: a.id, status: 0, totalNetTtc: '10.500', createdAt: tn('2024-03-10T09:00:00') },
    { numOrder: 'O-2', clientId: a.id, status: 2, totalNetTtc: '20.250', createdAt: tn('2024-03-11T09:00:00') },
    { numOrder: 'O-3', clientId: b.id, status: 2, totalNetTtc: '5.000', createdAt: tn('2025-01-01T00:30:00') },
    { numOrder: 'O-4', clientId: b.id, status: 4, totalNetTtc: '100.000', createdAt: tn('2025-06-15T12:00:00') },
  ]);
  await t.db.insert(vocherPurchases).values([
    { vocherRef: 'V-1', clientId: a.id, soldeUsed: '1500.000', status: 1, qrcode: 'q1', scanDate: tn('2025-02-03T10:00:00'), createdAt: tn('2025-01-15T09:00:00') },
    { vocherRef: 'V-2', clientId: b.id, soldeUsed: '250.000', status: 1, qrcode: 'q2', scanDate: tn('2025-02-20T10:00:00'), createdAt: tn('2025-01-15T09:00:00') },
    { vocherRef: 'V-3', clientId: b.id, soldeUsed: '750.000', status: 0, qrcode: 'q3', createdAt: tn('2025-01-15T09:00:00') },
  ]);
  await t.db.delete(connectionLogs);
  await t.db.insert(connectionLogs).values([
    { platform: 'Application Mobile', userId: u[0].id, clientId: a.id, dateLogin: tn('2025-05-01T08:00:00') },
    { platform: 'Application Mobile', userId: u[0].id, clientId: a.id, dateLogin: tn('2025-05-01T18:00:00') },
    { platform: 'Application Mobile', userId: u[1].id, clientId: b.id, dateLogin: tn('2025-05-01T09:00:00') },
    { platform: 'Back-Office', userId: u[0].id, dateLogin: tn('2025-05-02T09:00:00') },
  ]);
});
afterAll(() => t.close());

describe('dashboard', () => {
  it('counts the tiles and the cards', async () => {
    expect(await get('dashboard/count')).toEqual({ users: 0, clients: 3, products: 0, orders: 4 });
    expect(await get('dashboard')).toMatchObject({ clients_actifs: 2, users_registred: 3, users_actifs_60: 2, users_actifs_30: 1, consumption: { consumed: 2, not_consumed: 1 } });
  });

  it('groups registrations, orders and connections by Tunis month, with the year filter', async () => {
    expect(await get('inscriptions')).toEqual([
      { month: '2024-03', user_count: 2 },
      { month: '2024-12', user_count: 1 },
    ]);
    expect(await get('inscriptions?year=2025')).toEqual([]);
    expect(await get('orderByMonth?year=2024')).toEqual([{ month: '2024-03', order_count: 2, order_total: 30.75 }]);
    expect(await get('orderByMonth?year=2025')).toEqual([
      { month: '2025-01', order_count: 1, order_total: 5 },
      { month: '2025-06', order_count: 1, order_total: 100 },
    ]);
    expect(await get('logs/monthly?year=2025')).toEqual([{ month: '2025-05', logs_count: 4 }]);
  });

  it('gives orders by status with label, share rounded to 0.5 and colour', async () => {
    expect(await get('orderByStatus')).toEqual([
      { STATUS: 0, LABEL: 'Nouveau', COUNT: 1, POURCENT: 25, COLOR: ORDER_STATUS.of(0)!.color },
      { STATUS: 2, LABEL: 'Traité et accepté', COUNT: 2, POURCENT: 50, COLOR: ORDER_STATUS.of(2)!.color },
      { STATUS: 4, LABEL: 'Facturé', COUNT: 1, POURCENT: 25, COLOR: ORDER_STATUS.of(4)!.color },
    ]);
    const y2025 = await get('orderByStatus?year=2025');
    expect(y2025.map((r: { STATUS: number; POURCENT: number }) => [r.STATUS, r.POURCENT])).toEqual([
      [2, 50],
      [4, 50],
    ]);
  });

  it('sums the vouchers consumed by month (MM/YYYY) and the totals per year of issue', async () => {
    expect(await get('voucherConsumption')).toEqual([{ date: '02/2025', vouchers_consumed: 2, total_amount_consumed: 1750, clients: 2 }]);
    expect(await get('voucherStat')).toEqual([
      { year: null, total: 3, consumed: 2, non_consumed: 1, total_amount: 2500, consumed_amount: 1750 },
      { year: 2025, total: 3, consumed: 2, non_consumed: 1, total_amount: 2500, consumed_amount: 1750 },
    ]);
  });

  it('counts distinct app users per day (visiteurs)', async () => {
    expect(await get('visiteurs?year=2025')).toEqual([{ day: '2025-05-01', visitors: 2 }]);
  });

  it('answers the gift figures in their shape, empty without requests', async () => {
    expect(await get('giftPurshases')).toEqual({ total_by_status: [], count_by_status_by_year: [] });
    expect(await get('getActivities?year=2025')).toEqual([]);
  });

  it('refuses a year before 2021 (422) and every call to zone chiefs, the warehouse and least-rights roles', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/orderByMonth?year=2019', headers: admin })).statusCode).toBe(422);
    for (const email of ['chef@demo.tn', 'magasin@demo.tn', 'commercial@demo.tn']) {
      const h = await t.auth(email);
      for (const url of ['dashboard', 'dashboard/count', 'orderByStatus', 'visiteurs', 'logs/monthly']) {
        expect([email, url, (await t.app.inject({ method: 'GET', url: `/api/${url}`, headers: h })).statusCode]).toEqual([email, url, 403]);
      }
    }
  });
});
