import { ORDER_POINTS_STATUSES } from '@app/domain';
/**
 * The yearly rebate generation at volume: GET clients/calculateRistourne/{year} through
 * the job engine until the job completes, beside the same work as ONE bare SQL statement (turnover
 * per client, tier, voucher rows, the clients' rebate totals) in the same run, as a ratio. Between runs the year's
 * vouchers and run row are removed (not timed), so every run does the whole work.
 * Runs after the orders bench, on its BENCH_CLIENTS clients and BENCH_ORDERS orders (PostgreSQL).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../src/db/client';
import { row } from './clients';
import { rowsOf } from '../src/db/rows';
import { sqlCodes } from '../src/db/codes';

const GENERATION_RUNS = Number(process.env.BENCH_GENERATION_RUNS ?? 5);

export async function benchGeneration(app: FastifyInstance, handle: DbHandle, auth: Record<string, string>) {
  const db = handle.db;
  const year = new Date().getFullYear() - 1;
  // Every activity earns a rebate; three tiers for the year, valid for any activity.
  await db.execute(sql`update client_activities set remise_ristourne = 1`);
  await db.execute(sql`delete from ristournes where year = ${year}`);
  await db.execute(sql`insert into ristournes (num_ristourne, name, year, val_min, val_max, percentage, remise, is_active) values
    (1, 'Palier 1', ${year}, 0, 2999.999, 1, 0, 1), (2, 'Palier 2', ${year}, 3000, 5999.999, 2, 0, 1), (3, 'Palier 3', ${year}, 6000, 99999999, 3, 0, 1)`);
  const reset = async () => {
    await db.execute(sql`delete from vocher_purchases where ristourne_year = ${year}`);
    await db.execute(sql`delete from ristourne_runs where year = ${year}`);
    await db.execute(sql`update clients set ristourne_n_1 = 0, ristourne_reste = 0, ristourne_solde_n_1 = 0 where ristourne_n_1 <> 0`);
  };
  await reset();

  const api = async () => {
    const start = await app.inject({ method: 'GET', url: `/api/clients/calculateRistourne/${year}`, headers: auth });
    if (start.statusCode !== 202) throw new Error(`calculateRistourne → ${start.statusCode} ${start.body}`);
    const id = start.json().data.id as string;
    for (;;) {
      const s = (await app.inject({ method: 'GET', url: `/api/clients/calculateRistourne/jobs/${id}`, headers: auth })).json().data;
      if (s.state === 'completed') return s.result.vouchers as number;
      if (s.state === 'failed') throw new Error(s.error);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  /**
   * The same work as one bare statement: turnover per client, its tier, the voucher rows, and the
   * clients' rebate totals that the generation keeps in step (updated with the vouchers).
   */
  const bare = async () => {
    const res = await db.execute(sql`with calc as (
        select t.client_id, round(t.turnover * r.percentage / 100, 3) as amount
        from (select o.client_id, sum(o.total_net_ttc) as turnover from orders o
              where o.status in ${sqlCodes(ORDER_POINTS_STATUSES)} and o.created_at >= (${`${year}-01-01`}::date::timestamp at time zone 'Africa/Tunis')
                and o.created_at < (${`${year + 1}-01-01`}::date::timestamp at time zone 'Africa/Tunis')
              group by o.client_id) t
        join clients c on c.id = t.client_id
        join client_activities a on a.id = c.activity_id and a.remise_ristourne = 1
        join ristournes r on r.year = ${year} and r.is_active = 1 and r.activite_id is null and t.turnover between r.val_min and r.val_max
      ), vouchers as (
        insert into vocher_purchases (vocher_ref, client_id, ristourne_year, solde_used, qrcode)
        select 'RIST-' || ${year} || '-' || lpad(client_id::text, 6, '0'), client_id, ${year}::smallint, amount,
               replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
        from calc where amount > 0
        returning client_id, solde_used
      ), totals as (
        update clients c set ristourne_n_1 = c.ristourne_n_1 + v.solde_used, ristourne_reste = c.ristourne_reste + v.solde_used,
          ristourne_solde_n_1 = v.solde_used, updated_at = now()
        from vouchers v where v.client_id = c.id
        returning 1
      )
      select count(*)::int as n from totals`);
    return rowsOf<{ n: number }>(res)[0].n;
  };

  const times: [number[], number[]] = [[], []];
  let vouchers = 0;
  for (let i = 0; i < GENERATION_RUNS; i++) {
    for (const [k, fn] of [api, bare].entries()) {
      const t0 = performance.now();
      const n = await fn();
      times[k].push(performance.now() - t0);
      vouchers = Number(n);
      await reset();
    }
  }
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(row(`génération ${year} (${vouchers} vouchers)`, mid(times[0]), mid(times[1]), `   médiane de ${GENERATION_RUNS}, objectif ≤ 2`));
}
