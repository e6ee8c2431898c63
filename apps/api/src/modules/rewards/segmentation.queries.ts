import type { SegmentationActivity, SegmentationFigures, SegmentedClient } from '@app/domain';
import { between, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientActivities as activities } from '../../lib/clients/classification.table';
import { clients } from '../../lib/clients/clients.table';
import { turnoverByClient } from './rebate-turnover';
import { rowsOf } from '../../db/rows';

/**
 * Clients by previous-year turnover (clients.ca_n_1) within a closed range [min, max] of dinars, as
 * a tier's range is. Every client counts, whatever his status: the screen sizes turnover bands before
 * tiers are set. The range reads the index clients_ca_n_1_sort (ca_n_1, id), which also gives the
 * page its order (highest turnover first) without a sort.
 */
const inRange = (min: string, max: string) => between(clients.caN1, min, max);

/** How many clients per activity (none is a group of its own), most clients first. */
export async function countByActivity(db: Db, min: string, max: string): Promise<SegmentationActivity[]> {
  const n = count();
  const rows = await db
    .select({ ACTIVITE_ID: clients.activityId, ACTIVITE_NAME: activities.name, COUNT: n })
    .from(clients)
    .leftJoin(activities, eq(activities.id, clients.activityId))
    .where(inRange(min, max))
    .groupBy(clients.activityId, activities.name)
    .orderBy(desc(n), sql`${activities.name} asc nulls last`);
  return rows.map((r) => ({ ...r, COUNT: Number(r.COUNT) }));
}

/** One page of those clients and their total. */
export async function clientsInRange(db: Db, min: string, max: string, page: number, perPage: number): Promise<{ rows: SegmentedClient[]; total: number }> {
  const where = inRange(min, max);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: clients.id,
        CODE_CLIENT: clients.code,
        NAME: clients.name,
        ACTIVITE_ID: clients.activityId,
        ACTIVITE_NAME: activities.name,
        CA_N_1: clients.caN1,
      })
      .from(clients)
      .leftJoin(activities, eq(activities.id, clients.activityId))
      .where(where)
      .orderBy(desc(clients.caN1), desc(clients.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(clients).where(where),
  ]);
  return { rows, total: Number(n) };
}

/**
 * The slider's live figures: how many clients, and how much turnover, lie in [min, max]
 * by the generation's turnover definition for `year` (rebate-turnover.ts). A client without an order
 * at status 2 or 4 that year has no turnover and is not counted.
 */
export async function figuresInRange(db: Db, year: number, min: string, max: string): Promise<SegmentationFigures> {
  const res = await db.execute(sql`select count(*)::int as n, coalesce(sum(t.turnover), 0)::numeric(16, 3)::text as turnover
    from (${turnoverByClient(year)}) t where t.turnover between ${min}::numeric and ${max}::numeric`);
  const [r] = rowsOf<{ n: number; turnover: string }>(res);
  return { YEAR: year, min, max, CLIENTS: r.n, TURNOVER: r.turnover };
}
