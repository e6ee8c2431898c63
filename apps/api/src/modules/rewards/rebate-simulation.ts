import type { RebateSimulation, SimulatedVoucher, SimulationDiff, SimulationTier } from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likePattern } from '../../lib/crud/list-query';
import { alreadyGenerated, generationRefusal } from './rebate-generation';
import { rebateVouchers } from './rebate-turnover';
import { rowsOf } from '../../db/rows';

const money = (e: SQL) => sql`coalesce(${e}, 0)::numeric(16, 3)::text`;

/**
 * The simulation of a year's rebate vouchers: what LANCER would issue, read from the
 * generation's own definition (rebate-turnover.ts) and writing nothing. One statement: per active
 * tier of the year its clients, turnover and rebate total; per tier number, against the vouchers
 * issued for the previous year; and the totals of both years (grouping sets).
 */
export async function simulateRebates(db: Db, year: number): Promise<RebateSimulation> {
  const [r] = rowsOf<{ tiers: SimulationTier[] | null; diff: (SimulationDiff & { ALL: boolean; TURNOVER: string })[] | null }>(
    await db.execute(simulationSql(year)),
  );
  const [already, refusal] = [await alreadyGenerated(db, year), await generationRefusal(db, year)];
  const diff = r.diff ?? [];
  const all = diff.find((d) => d.ALL) ?? { VOUCHERS: 0, TOTAL: '0.000', PREV_VOUCHERS: 0, PREV_TOTAL: '0.000', TURNOVER: '0.000' };
  return {
    YEAR: year,
    ALREADY: already,
    REFUSAL: already ? null : refusal,
    VOUCHERS: all.VOUCHERS,
    TURNOVER: all.TURNOVER,
    TOTAL: all.TOTAL,
    PREV_YEAR: year - 1,
    PREV_VOUCHERS: all.PREV_VOUCHERS,
    PREV_TOTAL: all.PREV_TOTAL,
    tiers: r.tiers ?? [],
    byNumber: diff
      .filter((d) => !d.ALL)
      .map(({ NUM_RISTOURNE, VOUCHERS, TOTAL, PREV_VOUCHERS, PREV_TOTAL }) => ({ NUM_RISTOURNE, VOUCHERS, TOTAL, PREV_VOUCHERS, PREV_TOTAL })),
  };
}

/** The simulation's one statement (the bench runs its aggregates bare beside it). */
export function simulationSql(year: number): SQL {
  return sql`with v as materialized (${rebateVouchers(year)}),
    prev as (
      select pc.num_ristourne, p.solde_used
      from vocher_purchases p left join (${rebateVouchers(year - 1)}) pc on pc.client_id = p.client_id
      where p.ristourne_year = ${year - 1}
    ),
    tiers as (
      select r.id, r.num_ristourne as "NUM_RISTOURNE", r.name as "NAME", a.name as "ACTIVITE_NAME", r.val_min::text as "VAL_MIN",
        r.val_max::text as "VAL_MAX", r.percentage::text as "PERCENTAGE", count(v.client_id)::int as "CLIENTS",
        ${money(sql`sum(v.turnover)`)} as "TURNOVER", ${money(sql`sum(v.amount)`)} as "TOTAL"
      from ristournes r left join client_activities a on a.id = r.activite_id left join v on v.ristourne_id = r.id
      where r.year = ${year} and r.is_active = 1
      group by r.id, a.name
      order by r.num_ristourne, r.val_min, r.id
    ),
    diff as (
      select grouping(x.num) = 1 as "ALL", x.num as "NUM_RISTOURNE", coalesce(sum(x.cn), 0)::int as "VOUCHERS", ${money(sql`sum(x.turnover)`)} as "TURNOVER",
        ${money(sql`sum(x.amount)`)} as "TOTAL", coalesce(sum(x.pn), 0)::int as "PREV_VOUCHERS", ${money(sql`sum(x.prev_amount)`)} as "PREV_TOTAL"
      from (
        select num_ristourne as num, 1 as cn, turnover, amount, 0 as pn, null::numeric as prev_amount from v
        union all
        select num_ristourne, 0, null, null, 1, solde_used from prev
      ) x
      group by grouping sets ((x.num), ())
      order by grouping(x.num), x.num nulls last
    )
    select (select json_agg(tiers) from tiers) as tiers, (select json_agg(diff) from diff) as diff`;
}

export interface SimulationListQuery {
  search?: string;
  sort: 'CODE_CLIENT' | 'NAME' | 'TURNOVER' | 'TIER' | 'PERCENTAGE' | 'AMOUNT';
  order: 'asc' | 'desc';
}
const SORT: Record<SimulationListQuery['sort'], SQL> = {
  CODE_CLIENT: sql`c.code_client`,
  NAME: sql`public.sort_key(c.name)`,
  TURNOVER: sql`v.turnover`,
  TIER: sql`v.num_ristourne`,
  PERCENTAGE: sql`v.percentage`,
  AMOUNT: sql`v.amount`,
};
const columns = sql`v.client_id as id, c.code_client as "CODE_CLIENT", c.name as "NAME", a.name as "ACTIVITE_NAME", v.turnover::numeric(16, 3)::text as "TURNOVER",
  v.num_ristourne as "NUM_RISTOURNE", v.tier_name as "TIER", v.percentage::text as "PERCENTAGE", v.amount::numeric(16, 3)::text as "AMOUNT"`;
/**
 * The vouchers computed first (materialized: the aggregate over the year's orders runs once, whatever
 * the planner guesses of its size), then joined to their clients for the page, search and sort.
 */
const withVouchers = (year: number, ids?: readonly number[]) => sql`with v as materialized (${rebateVouchers(year, ids)})`;
const fromVouchers = sql`from v join clients c on c.id = v.client_id left join client_activities a on a.id = c.activity_id`;
const searchOn = (search?: string) => {
  const term = search?.trim();
  if (!term) return sql``;
  const p = likePattern(term);
  return sql` where (c.code_client ilike ${p} or c.name ilike ${p})`;
};
const orderOf = (q: SimulationListQuery) => sql`order by ${SORT[q.sort]} ${sql.raw(q.order)}, v.client_id ${sql.raw(q.order)}`;

/** One page of the simulated vouchers, searched (code, name) and sorted in SQL, with their total in the same statement. */
export async function simulatedVouchersPage(
  db: Db,
  year: number,
  q: SimulationListQuery & { page: number; perPage: number },
): Promise<{ rows: SimulatedVoucher[]; total: number }> {
  const rows = rowsOf<SimulatedVoucher & { total: number }>(
    await db.execute(sql`${withVouchers(year)} select ${columns}, count(*) over ()::int as total ${fromVouchers}${searchOn(q.search)} ${orderOf(q)}
      limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`),
  );
  // Past the last page the window gives no count: ask it alone.
  const total =
    rows[0]?.total ?? rowsOf<{ n: number }>(await db.execute(sql`${withVouchers(year)} select count(*)::int as n ${fromVouchers}${searchOn(q.search)}`))[0].n;
  return { rows: rows.map(({ total: _, ...r }) => r), total };
}

/**
 * Every simulated voucher for an export, as the crud lists export (lib/crud): the ordered client ids
 * first (one computation), then the rows by 500 ids, each batch computed for its clients only.
 */
export async function* simulatedVouchersAll(db: Db, year: number, q: SimulationListQuery): AsyncGenerator<SimulatedVoucher> {
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`${withVouchers(year)} select v.client_id as id ${fromVouchers}${searchOn(q.search)} ${orderOf(q)}`),
  ).map((r) => r.id);
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    const rows = rowsOf<SimulatedVoucher>(await db.execute(sql`${withVouchers(year, batch)} select ${columns} ${fromVouchers}`));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of batch) {
      const row = byId.get(id);
      if (row) yield row;
    }
  }
}
