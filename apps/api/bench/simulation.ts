import { ORDER_POINTS_STATUSES } from '@app/domain';
/**
 * The simulation of the year's rebate vouchers at volume: GET ristournes/simulation/{year}
 * (per tier, totals, the difference with the previous year's vouchers) and page 1 of the simulated
 * vouchers (highest amount first), each beside the same computation as one bare SQL statement, as a
 * ratio (target ≤ 1.5). The previous year is generated once first, so the difference reads real
 * vouchers. Runs after the generation bench, on its BENCH_CLIENTS clients and BENCH_ORDERS orders.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../src/db/client';
import { generateRebates } from '../src/modules/rewards/rebate-generation';
import { bearer, row } from './clients';
import { sessionUser } from '../src/plugins/auth';
import { rowsOf } from '../src/db/rows';
import { sqlCodes } from '../src/db/codes';

const SIMULATION_RUNS = Number(process.env.BENCH_SIMULATION_RUNS ?? 7);

export async function benchSimulation(app: FastifyInstance, handle: DbHandle, auth: Record<string, string>) {
  const db = handle.db;
  const year = new Date().getFullYear() - 1;
  await db.execute(sql`update client_activities set remise_ristourne = 1`);
  await db.execute(sql`analyze client_activities`);
  for (const y of [year - 1, year]) {
    await db.execute(sql`delete from vocher_purchases where ristourne_year = ${y}`);
    await db.execute(sql`delete from ristourne_runs where year = ${y}`);
    await db.execute(sql`delete from ristournes where year = ${y}`);
    await db.execute(sql`insert into ristournes (num_ristourne, name, year, val_min, val_max, percentage, remise, is_active) values
      (1, 'Palier 1', ${y}, 0, 2999.999, 1, 0, 1), (2, 'Palier 2', ${y}, 3000, 5999.999, 2, 0, 1), (3, 'Palier 3', ${y}, 6000, 99999999, 3, 0, 1)`);
  }
  await db.transaction((tx) => generateRebates(tx, null, year - 1));
  const token = bearer(auth);
  const from = (y: number) => sql`(${`${y}-01-01`}::date::timestamp at time zone 'Africa/Tunis')`;
  // The same computation written bare: turnover per client, its tier and rebate (as rebate-turnover.ts).
  const calc = (
    y: number,
  ) => sql`select distinct on (t.client_id) t.client_id, t.turnover, r.id as ristourne_id, r.num_ristourne, r.name as tier_name, r.percentage,
      round(t.turnover * r.percentage / 100, 3) as amount
    from (select o.client_id, sum(o.total_net_ttc) as turnover from orders o
          where o.status in ${sqlCodes(ORDER_POINTS_STATUSES)} and o.created_at >= ${from(y)} and o.created_at < ${from(y + 1)} group by o.client_id) t
    join clients c on c.id = t.client_id
    join client_activities a on a.id = c.activity_id and a.remise_ristourne = 1
    join ristournes r on r.year = ${y} and r.is_active = 1 and (r.activite_id = c.activity_id or r.activite_id is null) and t.turnover between r.val_min and r.val_max
    order by t.client_id, (r.activite_id is null), r.val_min`;

  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: auth });
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
    return res.json();
  };
  /** Per tier and per tier number beside last year's vouchers, with the session check the route makes. */
  const bareSummary = async () => {
    await sessionUser(db, token, undefined, app.sessionCache);
    const res = await db.execute(sql`with v as materialized (select * from (${calc(year)}) x where amount > 0),
        p as (select pc.num_ristourne, s.solde_used from vocher_purchases s left join (${calc(year - 1)}) pc on pc.client_id = s.client_id where s.ristourne_year = ${year - 1})
      select 't' as k, r.id as num, count(v.client_id)::int as n, sum(v.turnover) as turnover, sum(v.amount) as total, null::int as pn, null::numeric as ptotal
        from ristournes r left join v on v.ristourne_id = r.id where r.year = ${year} and r.is_active = 1 group by r.id
      union all
      select 'd', num, sum(cn)::int, sum(turnover), sum(amount), sum(pn)::int, sum(pa) from (
        select num_ristourne as num, 1 as cn, turnover, amount, 0 as pn, null::numeric as pa from v
        union all select num_ristourne, 0, null, null, 1, solde_used from p) x group by grouping sets ((num), ())`);
    return rowsOf<{ k: string; num: number | null; n: number }>(res).find((r) => r.k === 'd' && r.num === null)?.n ?? 0;
  };
  const barePage = async () => {
    await sessionUser(db, token, undefined, app.sessionCache);
    const res = await db.execute(sql`with v as materialized (select * from (${calc(year)}) x where amount > 0)
      select v.client_id, c.code_client, c.name, a.name as activity, v.turnover, v.tier_name, v.percentage, v.amount, count(*) over ()::int as total
      from v join clients c on c.id = v.client_id left join client_activities a on a.id = c.activity_id
      order by v.amount desc, v.client_id desc limit 50`);
    return rowsOf<{ total: number }>(res)[0]?.total ?? 0;
  };
  const apiSummary = async () => (await get(`/api/ristournes/simulation/${year}`)).data.VOUCHERS as number;
  const apiPage = async () => (await get(`/api/ristournes/simulation/${year}/clients?page=1&perPage=50`)).meta.total as number;

  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [label, api, bare] of [
    ['simulation : paliers, totaux, écart N-1', apiSummary, bareSummary],
    ['simulation : page 1 des vouchers (montant ↓)', apiPage, barePage],
  ] as const) {
    const times: [number[], number[]] = [[], []];
    const counts: number[] = [];
    for (let i = 0; i < SIMULATION_RUNS; i++) {
      for (const [k, fn] of [api, bare].entries()) {
        const t0 = performance.now();
        counts[k] = await fn();
        times[k].push(performance.now() - t0);
      }
    }
    if (counts[0] !== counts[1]) throw new Error(`${label}: API ${counts[0]} vouchers, SQL nu ${counts[1]}`);
    console.log(row(`${label} ${year} (${counts[0]} vouchers)`, mid(times[0]), mid(times[1]), `   médiane de ${SIMULATION_RUNS}, objectif ≤ 1.5`));
  }
}
