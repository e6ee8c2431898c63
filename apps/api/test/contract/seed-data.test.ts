import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '../../src/db/client';
import { isGeneratedOrEmpty, seedLarge } from '../../src/modules/seed-large';
import { seedDemoIfEmpty } from '../../src/modules';
import { queryRows } from '../../src/db/rows';

/** Demo and generated data tell one story: every balance is the sum of its ledger rows, every link holds. */
const count = async (h: DbHandle, q: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(h.db, q))[0].n;
const mismatches = sql`select count(*)::int n from clients c where c.points_fid <> coalesce((select sum(amount) from points_ledger l where l.client_id = c.id), 0)`;
const incoherent = sql`select count(*)::int n from clients c
  left join client_categories k on k.id = c.category_id
  left join client_activities a on a.id = c.activity_id
  where (c.category_id is not null and k.activity_id <> c.activity_id) or a.circuit_id <> c.circuit_id`;

describe('demo data', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openDatabase({});
    await h.migrate();
    await seedDemoIfEmpty(h.db, 'Demo1234!');
  });
  afterAll(() => h.close());

  it('holds 200 clients over the 24 governorates and the three zone chiefs, with coherent classification and ledger', async () => {
    expect(await count(h, sql`select count(*)::int n from clients`)).toBe(200);
    expect(await count(h, sql`select count(distinct gouvernorat)::int n from clients`)).toBe(24);
    expect(await count(h, sql`select count(distinct chef_zone_id)::int n from clients`)).toBe(3);
    expect(await count(h, sql`select count(*)::int n from clients where badge_id is not null`)).toBeGreaterThan(50);
    expect(await count(h, sql`select count(*)::int n from points_ledger`)).toBeGreaterThan(100);
    expect(await count(h, sql`select count(*)::int n from users where client_id is not null and status = 0`)).toBeGreaterThan(0);
    // Every demo client has an active app user (role patente) for local runs of the mobile app.
    const withoutAppUser = sql`select count(*)::int n from clients c where not exists (
      select 1 from users u join roles r on r.id = u.role_id where u.client_id = c.id and u.status = 1 and r.label = 'patente')`;
    expect(await count(h, withoutAppUser)).toBe(0);
    expect(await count(h, mismatches)).toBe(0);
    expect(await count(h, incoherent)).toBe(0);
  });

  it('holds a bilingual catalogue and ~2,000 orders from 2021 in every status, totals from their items', async () => {
    expect(await count(h, sql`select count(*)::int n from products where label_ar ~ '[\u0600-\u06FF]'`)).toBe(297);
    expect(await count(h, sql`select count(*)::int n from product_categories`)).toBe(8);
    expect(await count(h, sql`select count(*)::int n from products where is_new = 1 and order_new is not null`)).toBe(12);
    expect(await count(h, sql`select count(*)::int n from tarifs`)).toBeGreaterThan(40);
    expect(await count(h, sql`select count(*)::int n from product_points where current_date between date_debut and date_fin`)).toBeGreaterThan(5);
    expect(await count(h, sql`select count(*)::int n from orders`)).toBe(2000);
    expect(await count(h, sql`select min(extract(year from created_at))::int n from orders`)).toBe(2021);
    expect(await count(h, sql`select count(distinct status)::int n from orders`)).toBe(5);
    expect(await count(h, sql`select count(*)::int n from orders where status = 0`)).toBeGreaterThan(5);
    const wrongTotals = sql`select count(*)::int n from orders o where o.total_net_ttc <> (select sum(qte * unit_price_ttc) from order_items i where i.order_id = o.id)
      or o.total_points <> (select sum(qte * unit_points) from order_items i where i.order_id = o.id)`;
    expect(await count(h, wrongTotals)).toBe(0);
    expect(await count(h, sql`select count(*)::int n from goods_returns`)).toBe(40);
    // The counters continue where the demo numbers stop.
    const behind = sql`select count(*)::int n from goods_returns g where not exists (
      select 1 from number_sequences s where s.kind = 'return' and g.num_retour = 'RET-' || s.year || '-' || lpad(s.last::text, 5, '0'))
      and g.num_retour = (select max(num_retour) from goods_returns x where substr(x.num_retour, 5, 4) = substr(g.num_retour, 5, 4))`;
    expect(await count(h, behind)).toBe(0);
  });

  it('holds gifts of both types, purchases and their units in every status, paid through the ledger', async () => {
    expect(await count(h, sql`select count(distinct type)::int n from loyalty_gifts`)).toBe(2);
    expect(await count(h, sql`select count(*)::int n from starting_gifts`)).toBe(2);
    expect(await count(h, sql`select count(distinct status)::int n from gift_purchases`)).toBeGreaterThanOrEqual(4);
    expect(await count(h, sql`select count(*)::int n from gift_purchases where status = 0`)).toBeGreaterThan(0);
    expect(await count(h, sql`select count(distinct status)::int n from gift_conversions`)).toBe(5);
    expect(await count(h, sql`select count(distinct status)::int n from starting_gift_purchases`)).toBe(5);
    expect(await count(h, sql`select count(distinct status)::int n from vocher_purchases`)).toBe(2);
    expect(await count(h, sql`select count(*)::int n from coupons`)).toBe(3);
    expect(await count(h, sql`select count(distinct year)::int n from ristournes`)).toBe(new Date().getFullYear() - 2020);
    // Every accepted purchase was debited once; refused units gave their points back.
    const debited = sql`select count(*)::int n from gift_purchases p where p.status in (1, 2, 4)
      and (select count(*) from points_ledger l where l.source = 'gift' and l.source_id = p.id and l.amount < 0) <> 1`;
    expect(await count(h, debited)).toBe(0);
    expect(await count(h, sql`select count(*)::int n from gift_conversions where status = 4 and scan_date is null`)).toBe(0);
    // Past years' rebates generated, this year's left to the screen; the clients' totals add up.
    expect(await count(h, sql`select count(*)::int n from ristourne_runs`)).toBe(new Date().getFullYear() - 2021);
    expect(await count(h, sql`select count(*)::int n from vocher_purchases where ristourne_year is not null`)).toBeGreaterThan(20);
    const totals = sql`select count(*)::int n from clients c where c.ristourne_n_1 <> coalesce((select sum(solde_used) from vocher_purchases v where v.client_id = c.id and v.ristourne_year is not null), 0)
      or c.ristourne_reste + c.ristourne_consumed <> c.ristourne_n_1`;
    expect(await count(h, totals)).toBe(0);
    expect(await count(h, sql`select count(*)::int n from clients where ca_n_1 > 0`)).toBeGreaterThan(50);
  });

  it('credits each processed order once, and every ledger row holds the running balance', async () => {
    expect(await count(h, sql`select count(*)::int n from orders o where (o.status in (2, 4)) <> (o.points_credited_at is not null)`)).toBe(0);
    const credited = sql`select count(*)::int n from orders o where o.status in (2, 4) and o.total_points > 0
      and (select count(*) from points_ledger l where l.source = 'order' and l.source_id = o.id) <> 1`;
    expect(await count(h, credited)).toBe(0);
    const broken = sql`select count(*)::int n from (
      select balance_after, sum(amount) over (partition by client_id order by created_at, id) as running from points_ledger) x
      where balance_after <> running`;
    expect(await count(h, broken)).toBe(0);
    expect(await count(h, mismatches)).toBe(0);
  });

  it('keeps every balance in lots, and shows points expiring within 30 days', async () => {
    const lotMismatches = sql`select count(*)::int n from clients c
      where c.points_fid <> coalesce((select sum(remaining) from points_lots p where p.client_id = c.id), 0)
         or exists (select 1 from points_lots p where p.client_id = c.id
                    and p.amount - p.remaining <> coalesce((select sum(u.amount) from points_lot_uses u where u.lot_id = p.id), 0))`;
    expect(await count(h, lotMismatches)).toBe(0);
    const expiringSoon = sql`select count(distinct client_id)::int n from points_lots
      where remaining > 0 and expires_at > now() and expires_at < now() + interval '30 days'`;
    expect(await count(h, expiringSoon)).toBe(15);
    expect(
      await count(h, sql`select count(*)::int n from message_templates where name like 'Rappel d’expiration%' and content like '%{{POINTS_EXPIRANT}}%'`),
    ).toBe(2);
  });

  it('is not a database seed:large may fill', async () => {
    expect(await isGeneratedOrEmpty(h.db)).toBe(false);
  });
});

describe('seed:large', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openDatabase({});
    await h.migrate();
  });
  afterAll(() => h.close());

  it('fills an empty database with coherent generated clients, and may add more later', async () => {
    expect(await isGeneratedOrEmpty(h.db)).toBe(true);
    await seedLarge(h.db, 1500, 'Demo1234!', () => {});
    expect(await isGeneratedOrEmpty(h.db)).toBe(true);
    await seedLarge(h.db, 2100, 'Demo1234!', () => {});
    expect(await count(h, sql`select count(*)::int n from clients`)).toBe(2100);
    expect(await count(h, sql`select count(distinct code_client)::int n from clients`)).toBe(2100);
    expect(await count(h, mismatches)).toBe(0);
    expect(await count(h, incoherent)).toBe(0);
  });

  it('adds generated products and orders in SQL: totals from the items, processed orders credited once, balances kept', async () => {
    await seedLarge(h.db, { clients: 2100, orders: 3000 }, 'Demo1234!', () => {});
    // Asked again with more: only the missing orders are added, in another transaction.
    await seedLarge(h.db, { clients: 2100, orders: 3600 }, 'Demo1234!', () => {});
    expect(await isGeneratedOrEmpty(h.db)).toBe(true);
    expect(await count(h, sql`select count(*)::int n from products where label_ar ~ '[\u0600-\u06FF]' and price_ttc >= price_ht`)).toBe(1000);
    expect(await count(h, sql`select count(*)::int n from orders`)).toBe(3600);
    expect(await count(h, sql`select count(distinct num_order)::int n from orders`)).toBe(3600);
    expect(await count(h, sql`select count(distinct status)::int n from orders`)).toBe(5);
    expect(await count(h, sql`select count(distinct client_id)::int n from orders`)).toBeGreaterThan(1000);
    expect(await count(h, sql`select min(extract(year from created_at))::int n from orders`)).toBe(2021);
    expect(await count(h, sql`select count(*)::int n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`)).toBe(0);
    const wrongTotals = sql`select count(*)::int n from orders o where o.total_net_ttc <> (select sum(qte * unit_price_ttc) from order_items i where i.order_id = o.id)
      or o.total_points <> (select sum(qte * unit_points) from order_items i where i.order_id = o.id)`;
    expect(await count(h, wrongTotals)).toBe(0);
    expect(await count(h, sql`select count(*)::int n from orders o where (o.status in (2, 4)) <> (o.points_credited_at is not null)`)).toBe(0);
    const credited = sql`select count(*)::int n from orders o where o.status in (2, 4)
      and (select count(*) from points_ledger l where l.source = 'order' and l.source_id = o.id) <> 1`;
    expect(await count(h, credited)).toBe(0);
    const broken = sql`select count(*)::int n from (
      select balance_after, sum(amount) over (partition by client_id order by created_at, id) as running from points_ledger) x
      where balance_after <> running`;
    expect(await count(h, broken)).toBe(0);
    expect(await count(h, mismatches)).toBe(0);
  });

  it('adds app users and connection logs: one user per client, logs of both sources since 2021, last uses from the logs, summaries kept', async () => {
    await seedLarge(h.db, { clients: 2100, orders: 3600, logs: 5000 }, 'Demo1234!', () => {});
    await seedLarge(h.db, { clients: 2100, orders: 3600, logs: 6000 }, 'Demo1234!', () => {});
    expect(await isGeneratedOrEmpty(h.db)).toBe(true);
    expect(await count(h, sql`select count(*)::int n from connection_logs`)).toBe(6000);
    expect(await count(h, sql`select count(*)::int n from clients c where not exists (select 1 from users u where u.client_id = c.id)`)).toBe(0);
    expect(await count(h, sql`select count(distinct platform)::int n from connection_logs`)).toBe(2);
    expect(await count(h, sql`select min(extract(year from date_login))::int n from connection_logs`)).toBe(2021);
    expect(
      await count(
        h,
        sql`select count(*)::int n from connection_logs l join users u on u.id = l.user_id where l.platform = 'Application Mobile' and u.client_id is distinct from l.client_id`,
      ),
    ).toBe(0);
    expect(await count(h, sql`select count(*)::int n from clients c join users u on u.client_id = c.id where c.last_use is distinct from u.last_seen_at`)).toBe(
      0,
    );
    expect(await count(h, sql`select coalesce(sum(n), 0)::int n from connection_month_stats`)).toBe(6000);
    expect(await count(h, sql`select coalesce(sum(n), 0)::int n from order_month_stats`)).toBe(3600);
  });
});
