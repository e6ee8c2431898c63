import {
  CONVERSION_IN_PROGRESS,
  CONVERSION_RECEIVED,
  CONVERSION_SHIPPED,
  EXPIRING_SOON_DAYS,
  GIFT_PURCHASE_STATUS,
  ORDER_STATUS,
  percentOf,
  type StatusCountRow,
  type StatusSet,
  VOUCHER_CODES,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows, rowsOf } from '../../db/rows';
import { sqlCode, sqlCodes } from '../../db/codes';

/** A timestamp column in Tunis time. */
const tunis = (col: string) => sql.raw(`(${col} at time zone 'Africa/Tunis')`);
/** `col` within the Tunis calendar year, or no condition. */
const inYear = (col: string, year?: number) =>
  year
    ? sql`${sql.raw(col)} >= make_timestamptz(${year}::int, 1, 1, 0, 0, 0, 'Africa/Tunis') and ${sql.raw(col)} < make_timestamptz(${year + 1}::int, 1, 1, 0, 0, 0, 'Africa/Tunis')`
    : sql`true`;
const month = (col: string) => sql`to_char(${tunis(col)}, 'YYYY-MM')`;
/** A summary table's `date` key (a Tunis month or day) within the year, or no condition. */
const keyInYear = (col: string, year?: number) =>
  year ? sql`${sql.raw(col)} >= make_date(${year}::int, 1, 1) and ${sql.raw(col)} < make_date(${year + 1}::int, 1, 1)` : sql`true`;
const num = (v: unknown) => Number(v ?? 0);

/** The counts kept by the triggers of migration 0016, by key (0 for a key never written). */
async function keptCounts(db: Db): Promise<(key: string) => number> {
  const list = await queryRows<{ key: string; n: unknown }>(db, sql`select key, n from dashboard_counts`);
  const byKey = new Map(list.map((r) => [r.key, num(r.n)]));
  return (key) => byKey.get(key) ?? 0;
}

/** The four tiles: client users (role patente), clients, products, orders. */
export async function counts(db: Db) {
  const [count, [o]] = await Promise.all([keptCounts(db), queryRows<{ n: unknown }>(db, sql`select coalesce(sum(n), 0) as n from order_month_stats`)]);
  return { users: count('patente_users'), clients: count('clients'), products: count('products'), orders: num(o.n) };
}

/** The dashboard's cards: active clients, the app's registered users, those seen in the last 60 and 30 days. */
export async function cards(db: Db) {
  const [count, [r]] = await Promise.all([
    keptCounts(db),
    // A range of the partial index users_app_last_seen.
    queryRows<Record<string, unknown>>(
      db,
      sql`select count(*) as users_actifs_60, count(*) filter (where last_seen_at >= now() - interval '30 days') as users_actifs_30
        from users where client_id is not null and last_seen_at >= now() - interval '60 days'`,
    ),
  ]);
  return {
    clients_actifs: count('clients_active'),
    users_registred: count('client_users'),
    users_actifs_60: num(r.users_actifs_60),
    users_actifs_30: num(r.users_actifs_30),
  };
}

/** The two donuts: gift units delivered or on their way; vouchers consumed or not. */
export async function donuts(db: Db) {
  const [r] = await queryRows<Record<string, unknown>>(
    db,
    sql`select
      (select count(*) from gift_conversions where status = ${sqlCode(CONVERSION_RECEIVED)}) as delivered,
      (select count(*) from gift_conversions where status in ${sqlCodes(CONVERSION_IN_PROGRESS)}) as in_progress,
      (select count(*) from vocher_purchases where status = ${sqlCode(VOUCHER_CODES.USED)}) as consumed,
      (select count(*) from vocher_purchases where status = ${sqlCode(VOUCHER_CODES.AVAILABLE)}) as not_consumed`,
  );
  return {
    delivery: { delivered: num(r.delivered), in_progress: num(r.in_progress) },
    consumption: { consumed: num(r.consumed), not_consumed: num(r.not_consumed) },
  };
}

/** The app's registrations by month (client users, by their account's creation; summary kept by the users' triggers). */
export const registrations = async (db: Db, year?: number) =>
  (
    await queryRows<{ month: string; n: unknown }>(
      db,
      sql`select to_char(month, 'YYYY-MM') as month, n from registration_month_stats where n > 0 and ${keyInYear('month', year)} order by month`,
    )
  ).map((r) => ({
    month: r.month,
    user_count: num(r.n),
  }));

/** Connections by month (every source), from the monthly summary the log table's triggers keep. */
export const connections = async (db: Db, year?: number) =>
  (
    await queryRows<{ month: string; logs_count: unknown }>(
      db,
      sql`select to_char(month, 'YYYY-MM') as month, sum(n) as logs_count from connection_month_stats where ${keyInYear('month', year)} group by month having sum(n) > 0 order by month`,
    )
  ).map((r) => ({
    month: r.month,
    logs_count: num(r.logs_count),
  }));

/** Vouchers consumed by month of consumption (MM/YYYY): how many, their amount, how many clients. */
export async function voucherConsumption(db: Db, year?: number) {
  const list = await queryRows<{ m: string; n: unknown; amount: unknown; clients: unknown }>(
    db,
    sql`select ${month('scan_date')} as m, count(*) as n, coalesce(sum(solde_used), 0) as amount, count(distinct client_id) as clients
      from vocher_purchases where status = ${sqlCode(VOUCHER_CODES.USED)} and scan_date is not null and ${inYear('scan_date', year)} group by 1 order by 1`,
  );
  return list.map((r) => ({
    date: `${r.m.slice(5)}/${r.m.slice(0, 4)}`,
    vouchers_consumed: num(r.n),
    total_amount_consumed: num(r.amount),
    clients: num(r.clients),
  }));
}

/** Voucher totals per year of issue, and over all years (year null first). */
export async function voucherStats(db: Db) {
  const list = await queryRows<Record<string, unknown>>(
    db,
    sql`select extract(year from ${tunis('created_at')})::int as year, count(*) as total, count(*) filter (where status = ${sqlCode(VOUCHER_CODES.USED)}) as consumed,
        coalesce(sum(solde_used), 0) as total_amount, coalesce(sum(solde_used) filter (where status = ${sqlCode(VOUCHER_CODES.USED)}), 0) as consumed_amount
      from vocher_purchases group by rollup (1) order by 1 nulls first`,
  );
  return list.map((r) => ({
    year: r.year == null ? null : num(r.year),
    total: num(r.total),
    consumed: num(r.consumed),
    non_consumed: num(r.total) - num(r.consumed),
    total_amount: num(r.total_amount),
    consumed_amount: num(r.consumed_amount),
  }));
}

/** Orders by month: how many and their total TTC (from the summary the orders' triggers keep). */
export const ordersByMonth = async (db: Db, year?: number) =>
  (
    await queryRows<{ month: string; n: unknown; total: unknown }>(
      db,
      sql`select to_char(month, 'YYYY-MM') as month, sum(n) as n, sum(total) as total from order_month_stats where ${keyInYear('month', year)} group by month having sum(n) > 0 order by month`,
    )
  ).map((r) => ({
    month: r.month,
    order_count: num(r.n),
    order_total: num(r.total),
  }));

function byStatus(set: StatusSet, list: { status: unknown; n: unknown }[]): StatusCountRow[] {
  const total = list.reduce((a, r) => a + num(r.n), 0);
  return list.map((r) => {
    const code = num(r.status);
    return { STATUS: code, LABEL: set.label(code), COUNT: num(r.n), POURCENT: percentOf(num(r.n), total), COLOR: set.of(code)?.color ?? '#6b7280' };
  });
}

/** Orders by status with their label, share and colour (the donut's list). */
export const ordersByStatus = async (db: Db, year?: number) =>
  byStatus(
    ORDER_STATUS,
    await queryRows(
      db,
      sql`select status, sum(n) as n from order_month_stats where ${keyInYear('month', year)} group by status having sum(n) > 0 order by status`,
    ),
  );

/** Gift requests by status, and by status and year. */
export async function giftPurchases(db: Db, year?: number) {
  const total = byStatus(
    GIFT_PURCHASE_STATUS,
    await queryRows(db, sql`select status, count(*) as n from gift_purchases where ${inYear('created_at', year)} group by 1 order by 1`),
  );
  const perYear = await queryRows<{ status: unknown; year: unknown; n: unknown }>(
    db,
    sql`select status, extract(year from ${tunis('created_at')})::int as year, count(*) as n from gift_purchases where ${inYear('created_at', year)} group by 1, 2 order by 2, 1`,
  );
  return { total_by_status: total, count_by_status_by_year: perYear.map((r) => ({ STATUS: num(r.status), year: num(r.year), count: num(r.n) })) };
}

/** Gift activation by month: units received (Réceptionné) against units shipped and not yet received (Expédié). */
export const giftActivation = async (db: Db, year?: number) =>
  (
    await queryRows<{ month: string; received: unknown; shipped: unknown }>(
      db,
      sql`select ${month('updated_at')} as month, count(*) filter (where status = ${CONVERSION_RECEIVED}) as received, count(*) filter (where status = ${CONVERSION_SHIPPED}) as shipped
        from gift_conversions where status in (${CONVERSION_SHIPPED}, ${CONVERSION_RECEIVED}) and ${inYear('updated_at', year)} group by 1 order by 1`,
    )
  ).map((r) => ({ month: r.month, received: num(r.received), shipped: num(r.shipped) }));

/** Distinct mobile-app users per Tunis day (kept by the log table's triggers): of the year, else of the last 30 days. */
export const visitors = async (db: Db, year?: number) =>
  (
    await queryRows<{ day: string; n: unknown }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, n from app_visitor_days
        where ${year ? keyInYear('day', year) : sql`day > (now() at time zone 'Africa/Tunis')::date - 30`} order by day`,
    )
  ).map((r) => ({ day: r.day, visitors: num(r.n) }));

/** The card « Points expirant sous 30 jours »: open lots expiring within the window, on their expiry index. */
export async function pointsExpiring(db: Db): Promise<{ points: number; clients: number }> {
  const res = await db.execute(sql`
    select coalesce(sum(remaining), 0)::int as points, count(distinct client_id)::int as clients from points_lots
    where remaining > 0 and expires_at is not null and expires_at < now() + make_interval(days => ${EXPIRING_SOON_DAYS}::int)`);
  const [r] = rowsOf<{ points: number; clients: number }>(res);
  return { points: Number(r.points), clients: Number(r.clients) };
}

/** « Passif du programme » card: the outstanding points and their value at « valeur du point ». */
export async function pointsLiability(db: Db): Promise<{ points: number; clients: number; point_value: number; millimes: number }> {
  const res = await db.execute(sql`
    select coalesce(sum(points_fid), 0) as points, count(*) as clients, coalesce((select point_value from programme_settings where id = 1), 0) as point_value
    from clients where points_fid > 0`);
  const [r] = rowsOf<{ points: string | number; clients: string | number; point_value: number }>(res);
  const points = Number(r.points);
  const value = Number(r.point_value);
  return { points, clients: Number(r.clients), point_value: value, millimes: points * value };
}
