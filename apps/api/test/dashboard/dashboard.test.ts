import { ORDER_STATUS, ROLE } from '@app/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, users } from '../../src/lib/auth/accounts.table';
import { connectionLogs } from '../../src/modules/auth/auth.table';
import { products } from '../../src/modules/catalogue/catalogue.table';
import { clients } from '../../src/lib/clients/clients.table';
import { orders } from '../../src/modules/orders/orders.table';
import { voucherPurchases } from '../../src/modules/rewards/vouchers.table';
import { createTestApp, type TestContext } from '../support/helpers';
import { queryRows } from '../../src/db/rows';

/** Dashboard calls checked against data the test writes. */
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
      {
        email: 'u1@d.tn',
        passwordHash: 'x',
        roleId: roleRow.roleId,
        clientId: a.id,
        createdAt: tn('2024-03-05T10:00:00'),
        lastSeenAt: new Date(Date.now() - 10 * day),
      },
      {
        email: 'u2@d.tn',
        passwordHash: 'x',
        roleId: roleRow.roleId,
        clientId: b.id,
        createdAt: tn('2024-03-20T10:00:00'),
        lastSeenAt: new Date(Date.now() - 45 * day),
      },
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
  await t.db.insert(voucherPurchases).values([
    {
      voucherRef: 'V-1',
      clientId: a.id,
      soldeUsed: '1500.000',
      status: 1,
      qrcode: 'q1',
      scanDate: tn('2025-02-03T10:00:00'),
      createdAt: tn('2025-01-15T09:00:00'),
    },
    {
      voucherRef: 'V-2',
      clientId: b.id,
      soldeUsed: '250.000',
      status: 1,
      qrcode: 'q2',
      scanDate: tn('2025-02-20T10:00:00'),
      createdAt: tn('2025-01-15T09:00:00'),
    },
    { voucherRef: 'V-3', clientId: b.id, soldeUsed: '750.000', status: 0, qrcode: 'q3', createdAt: tn('2025-01-15T09:00:00') },
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
    expect(await get('dashboard')).toMatchObject({
      clients_actifs: 2,
      users_registred: 3,
      users_actifs_60: 2,
      users_actifs_30: 1,
      consumption: { consumed: 2, not_consumed: 1 },
    });
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

  // Last: these change the data the checks above read.
  describe('summaries kept by the triggers', () => {
    /** The summaries against the same figures counted from the source tables. */
    async function expectSummariesTrue() {
      const all = (q: ReturnType<typeof sql>) => queryRows(t.db, q);
      expect(await all(sql`select to_char(month, 'YYYY-MM') m, status, n::int, total::text from order_month_stats where n <> 0 order by 1, 2`)).toEqual(
        await all(
          sql`select to_char(created_at at time zone 'Africa/Tunis', 'YYYY-MM') m, status, count(*)::int n, sum(total_net_ttc)::text total from orders group by 1, 2 order by 1, 2`,
        ),
      );
      expect(await all(sql`select to_char(day, 'YYYY-MM-DD') d, n from app_visitor_days order by 1`)).toEqual(
        await all(
          sql`select to_char(date_login at time zone 'Africa/Tunis', 'YYYY-MM-DD') d, count(distinct user_id)::int n from connection_logs where platform = 'Application Mobile' and user_id is not null group by 1 order by 1`,
        ),
      );
      expect(await all(sql`select to_char(month, 'YYYY-MM') m, platform, n::int from connection_month_stats where n <> 0 order by 1, 2`)).toEqual(
        await all(
          sql`select to_char(date_login at time zone 'Africa/Tunis', 'YYYY-MM') m, platform, count(*)::int n from connection_logs group by 1, 2 order by 1, 2`,
        ),
      );
      expect(await all(sql`select to_char(month, 'YYYY-MM') m, n::int from registration_month_stats where n <> 0 order by 1`)).toEqual(
        await all(
          sql`select to_char(created_at at time zone 'Africa/Tunis', 'YYYY-MM') m, count(*)::int n from users where client_id is not null group by 1 order by 1`,
        ),
      );
      expect(await all(sql`select key, n::int from dashboard_counts where n <> 0 order by key`)).toEqual(
        await all(sql`select * from (
          select 'client_users' as key, (select count(*) from users where client_id is not null)::int as n
          union all select 'clients', (select count(*) from clients)::int
          union all select 'clients_active', (select count(*) from clients where is_active = 1)::int
          union all select 'orders', (select count(*) from orders)::int
          union all select 'patente_users', (select count(*) from users u join roles r on r.id = u.role_id where r.label = 'patente')::int
          union all select 'products', (select count(*) from products)::int) x where n <> 0 order by key`),
      );
    }

    it('follows clients switched off or deleted, accounts moved to another role or client, products added', async () => {
      const before = await get('dashboard/count');
      const [patente] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.label, ROLE.patente));
      await t.db.update(clients).set({ isActive: 0 }).where(eq(clients.code, 'D-A'));
      await t.db
        .update(users)
        .set({ roleId: patente.id })
        .where(inArray(users.email, ['u1@d.tn', 'u2@d.tn']));
      await t.db.update(users).set({ clientId: null }).where(eq(users.email, 'u3@d.tn'));
      const [gone] = await t.db.insert(clients).values({ code: 'D-Z', name: 'Éphémère', isActive: 1 }).returning();
      await t.db.delete(clients).where(eq(clients.id, gone.id));
      await t.db.insert(products).values({ ref: 'D-P1', label: 'Eau', labelAr: 'ماء', priceHt: '1.000', priceTtc: '1.190' });
      expect(await get('dashboard/count')).toEqual({ ...before, users: 2, clients: 3, products: 1 });
      expect(await get('dashboard')).toMatchObject({ clients_actifs: 1, users_registred: 2 });
      expect(await get('inscriptions')).toEqual([{ month: '2024-03', user_count: 2 }]);
      await expectSummariesTrue();
    });

    it('follows order status changes, moves, new totals and deletions', async () => {
      await t.db.update(orders).set({ status: 1, totalNetTtc: '12.000' }).where(eq(orders.numOrder, 'O-1'));
      await t.db
        .update(orders)
        .set({ createdAt: tn('2025-06-20T10:00:00') })
        .where(eq(orders.numOrder, 'O-2'));
      await t.db.delete(orders).where(eq(orders.numOrder, 'O-3'));
      // An update that changes none of the summed columns.
      await t.db.update(orders).set({ updatedAt: new Date() }).where(eq(orders.numOrder, 'O-4'));
      expect(await get('orderByMonth')).toEqual([
        { month: '2024-03', order_count: 1, order_total: 12 },
        { month: '2025-06', order_count: 2, order_total: 120.25 },
      ]);
      expect((await get('orderByStatus')).map((r: { STATUS: number; COUNT: number }) => [r.STATUS, r.COUNT])).toEqual([
        [1, 1],
        [2, 1],
        [4, 1],
      ]);
      expect((await get('dashboard/count')).orders).toBe(3);
      await expectSummariesTrue();
    });

    it("counts a day's visitor until his last connection of the day goes, and not once his account is deleted", async () => {
      const [u1] = await t.db.select().from(users).where(eq(users.email, 'u1@d.tn'));
      const [u2] = await t.db.select().from(users).where(eq(users.email, 'u2@d.tn'));
      const first = await t.db.select({ id: connectionLogs.id }).from(connectionLogs).where(eq(connectionLogs.userId, u1.id)).orderBy(connectionLogs.dateLogin);
      await t.db.delete(connectionLogs).where(eq(connectionLogs.id, first[0].id));
      expect(await get('visiteurs?year=2025')).toEqual([{ day: '2025-05-01', visitors: 2 }]);
      // Deleting the account keeps its logs without a user (ON DELETE SET NULL): no longer a visitor.
      await t.db.delete(users).where(eq(users.id, u2.id));
      expect(await get('visiteurs?year=2025')).toEqual([{ day: '2025-05-01', visitors: 1 }]);
      await t.db.delete(connectionLogs).where(inArray(connectionLogs.id, [first[1].id]));
      expect(await get('visiteurs?year=2025')).toEqual([]);
      expect(await get('logs/monthly?year=2025')).toEqual([{ month: '2025-05', logs_count: 2 }]);
      await expectSummariesTrue();
    });

    it('stays true under concurrent writers', async () => {
      const [a] = await t.db.select().from(clients).where(eq(clients.code, 'D-A'));
      const [u1] = await t.db.select().from(users).where(eq(users.email, 'u1@d.tn'));
      await Promise.all(
        Array.from({ length: 8 }, (_, k) =>
          t.db.transaction(async (tx) => {
            await tx.insert(orders).values({ numOrder: `C-${k}`, clientId: a.id, status: k % 2, totalNetTtc: '1.000', createdAt: tn('2026-02-10T10:00:00') });
            await tx.insert(connectionLogs).values({ platform: 'Application Mobile', userId: u1.id, clientId: a.id, dateLogin: tn('2026-02-10T10:00:00') });
          }),
        ),
      );
      expect(await get('visiteurs?year=2026')).toEqual([{ day: '2026-02-10', visitors: 1 }]);
      expect((await get('orderByMonth?year=2026')).find((r: { month: string }) => r.month === '2026-02')).toEqual({
        month: '2026-02',
        order_count: 8,
        order_total: 8,
      });
      await expectSummariesTrue();
    });
  });
});
