/**
 * The dashboard at volume (every chart ≤ 150 ms server time at 1,000,000 orders and
 * 2,000,000 connection logs on PostgreSQL). Each call through the app beside its module query run
 * bare (with the session check the route does), as a ratio, and beside the same figure counted from
 * the source table without the summaries ("sans résumé"), to show what the summaries save.
 * Volume: BENCH_LOGS connection logs (default 2,000,000; 0 skips), on top of the orders bench's data.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../src/db/client';
import { seedLarge } from '../src/modules/seed-large';
import * as q from '../src/modules/dashboard/dashboard.queries';
import { sessionUser } from '../src/plugins/auth';
import { bearer, CLIENTS, compare, RUNS, row } from './clients';
import { ORDERS } from './orders';

export const LOGS = Number(process.env.BENCH_LOGS ?? 2_000_000);
const TARGET_MS = 150;

/** Tops the database up to LOGS connection logs (and an app user per client); returns the time taken. */
export async function seedLogs(handle: DbHandle) {
  const t0 = performance.now();
  await seedLarge(handle.db, { clients: Math.max(CLIENTS, 1), orders: ORDERS, logs: LOGS }, 'Demo1234!', () => {});
  await handle.db.execute(sql`analyze`);
  return performance.now() - t0;
}

const tunisYear = (col: string, year: number) =>
  sql.raw(`${col} >= make_timestamptz(${year}, 1, 1, 0, 0, 0, 'Africa/Tunis') and ${col} < make_timestamptz(${year + 1}, 1, 1, 0, 0, 0, 'Africa/Tunis')`);

export async function benchDashboard(app: FastifyInstance, handle: DbHandle, auth: Record<string, string>) {
  const db = handle.db;
  const token = bearer(auth);
  const year = Number(new Intl.DateTimeFormat('en', { timeZone: 'Africa/Tunis', year: 'numeric' }).format(new Date()));
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: auth });
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode}`);
    return res;
  };
  const bare = (read: () => Promise<unknown>) => async () => {
    await sessionUser(db, token, undefined, app.sessionCache);
    await read();
  };
  const month = (col: string) => `to_char(${col} at time zone 'Africa/Tunis', 'YYYY-MM')`;
  /** The same figures counted from the source tables, as they were before the summaries. */
  const scans: Record<string, (y?: number) => SQL> = {
    orderByMonth: (y) =>
      sql`select ${sql.raw(month('created_at'))}, count(*), sum(total_net_ttc) from orders where ${y ? tunisYear('created_at', y) : sql`true`} group by 1 order by 1`,
    orderByStatus: (y) => sql`select status, count(*) from orders where ${y ? tunisYear('created_at', y) : sql`true`} group by 1 order by 1`,
    'logs/monthly': (y) =>
      sql`select ${sql.raw(month('date_login'))}, count(*) from connection_logs where ${y ? tunisYear('date_login', y) : sql`true`} group by 1 order by 1`,
    visiteurs: (y) =>
      sql`select to_char(date_login at time zone 'Africa/Tunis', 'YYYY-MM-DD'), count(distinct user_id) from connection_logs
        where platform = 'Application Mobile' and ${y ? tunisYear('date_login', y) : sql`date_login >= now() - interval '30 days'`} group by 1 order by 1`,
    'dashboard/count': () => sql`select (select count(*) from orders)`,
  };
  const measures: [string, string, () => Promise<unknown>, SQL?][] = [
    ['dashboard (cartes et anneaux)', '/api/dashboard', async () => Promise.all([q.cards(db), q.donuts(db)])],
    ['dashboard/count (tuiles)', '/api/dashboard/count', () => q.counts(db), scans['dashboard/count']()],
  ];
  for (const y of [undefined, year]) {
    const label = y ? String(y) : 'Tous';
    const qs = y ? `?year=${y}` : '';
    measures.push(
      [`inscriptions ${label}`, `/api/inscriptions${qs}`, () => q.registrations(db, y)],
      [`logs/monthly ${label}`, `/api/logs/monthly${qs}`, () => q.connections(db, y), scans['logs/monthly'](y)],
      [`orderByMonth ${label}`, `/api/orderByMonth${qs}`, () => q.ordersByMonth(db, y), scans.orderByMonth(y)],
      [`orderByStatus ${label}`, `/api/orderByStatus${qs}`, () => q.ordersByStatus(db, y), scans.orderByStatus(y)],
      [`voucherConsumption ${label}`, `/api/voucherConsumption${qs}`, () => q.voucherConsumption(db, y)],
      [`giftPurshases ${label}`, `/api/giftPurshases${qs}`, () => q.giftPurchases(db, y)],
      [`getActivities ${label}`, `/api/getActivities${qs}`, () => q.giftActivation(db, y)],
      [`visiteurs ${y ? label : '30 derniers jours'}`, `/api/visiteurs${qs}`, () => q.visitors(db, y), scans.visiteurs(y)],
    );
  }
  measures.push(['voucherStat', '/api/voucherStat', () => q.voucherStats(db)]);
  let worst = 0;
  for (const [label, url, read, scan] of measures) {
    const [api, sqlMs] = await compare(RUNS, () => get(url), bare(read));
    worst = Math.max(worst, api);
    let extra = api <= TARGET_MS ? '   ≤ 150 ms' : '   > 150 ms !';
    if (scan) {
      const [, scanMs] = await compare(
        Math.min(RUNS, 5),
        async () => {},
        () => db.execute(scan),
      );
      extra += `   sans résumé ${scanMs.toFixed(0)} ms`;
    }
    console.log(row(label, api, sqlMs, extra));
  }
  console.log(`appel le plus lent : ${worst.toFixed(1)} ms (cible ≤ ${TARGET_MS} ms)`);
}
