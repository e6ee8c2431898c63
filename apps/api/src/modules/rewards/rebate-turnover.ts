import { ORDER_POINTS_STATUSES } from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import { sqlCodes } from '../../db/codes';

/**
 * The one SQL definition of "turnover and tier per client", read by the
 * generation, its simulation, the segmentation slider's live figures and the bench's bare SQL alike.
 */

/** [1 January of `year`, 1 January of `year + 1`) in Africa/Tunis, as timestamptz bounds. */
const yearBounds = (year: number) => ({
  from: sql`(${`${year}-01-01`}::date::timestamp at time zone 'Africa/Tunis')`,
  to: sql`(${`${year + 1}-01-01`}::date::timestamp at time zone 'Africa/Tunis')`,
});

/**
 * client_id, turnover: the sum of TOTAL_NET_TTC of a client's orders at status 2 or 4 dated in
 * `year` (Tunis). A client without such an order has no turnover row.
 */
export function turnoverByClient(year: number, clientIds?: readonly number[]): SQL {
  const { from, to } = yearBounds(year);
  const only = clientIds ? sql` and o.client_id = any(${sql.param(clientIds)}::int[])` : sql``;
  return sql`select o.client_id, sum(o.total_net_ttc) as turnover
    from orders o
    where o.status in ${sqlCodes(ORDER_POINTS_STATUSES)} and o.created_at >= ${from} and o.created_at < ${to}${only}
    group by o.client_id`;
}

/**
 * The year's rebate vouchers: client_id, turnover, ristourne_id, num_ristourne, tier_name,
 * percentage, amount. A client whose activity earns a rebate (REMISE_RISTOUNE = 1) takes the active
 * tier of `year` containing its turnover (its activity's first, else one without activity, the lowest
 * such); amount = turnover × PERCENTAGE / 100 rounded to the millime; a rebate of 0 DT is no voucher.
 * `clientIds` restricts it to those clients (an export's batch), with the same result for each.
 */
export function rebateVouchers(year: number, clientIds?: readonly number[]): SQL {
  return sql`select * from (
      select distinct on (t.client_id) t.client_id, t.turnover, r.id as ristourne_id, r.num_ristourne, r.name as tier_name,
        r.percentage, round(t.turnover * r.percentage / 100, 3) as amount
      from (${turnoverByClient(year, clientIds)}) t
      join clients c on c.id = t.client_id
      join client_activities a on a.id = c.activity_id and a.remise_ristourne = 1
      join ristournes r on r.year = ${year} and r.is_active = 1 and (r.activite_id = c.activity_id or r.activite_id is null)
        and t.turnover between r.val_min and r.val_max
      order by t.client_id, (r.activite_id is null), r.val_min
    ) rebate where rebate.amount > 0`;
}
