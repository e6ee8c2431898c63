import { lotOrigin, type PointSource, type PointsLot } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * A client's open points lots, the next to expire first (earliest expiry, never-expiring last, then
 * oldest): the order the ledger spends them in, read on points_lots_open_idx. LAST_DAY is the last
 * Tunis calendar day the points can be spent, as « Points expirant sous 30 jours » says it.
 */
export async function openLots(db: Db, clientId: number, page: { limit: number; offset: number }): Promise<PointsLot[]> {
  const rows = rowsOf<{
    id: number;
    created_at: Date | string;
    source: PointSource | null;
    reason: string | null;
    amount: number;
    remaining: number;
    last_day: string | null;
  }>(
    await db.execute(sql`
      select p.id, p.created_at, l.source, l.reason, p.amount, p.remaining,
             to_char((p.expires_at - interval '1 microsecond') at time zone 'Africa/Tunis', 'YYYY-MM-DD') as last_day
      from points_lots p
      left join points_ledger l on l.id = p.ledger_id
      where p.client_id = ${clientId} and p.remaining > 0
      order by p.expires_at asc nulls last, p.created_at, p.id
      limit ${page.limit} offset ${page.offset}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    CREATED_AT: new Date(r.created_at).toISOString(),
    SOURCE: r.source,
    ORIGIN: lotOrigin(r.source),
    REASON: r.reason,
    AMOUNT: Number(r.amount),
    REMAINING: Number(r.remaining),
    LAST_DAY: r.last_day,
  }));
}

/** How many open lots a client has, and what they hold in all (its balance). */
export async function openLotsTotal(db: Db, clientId: number): Promise<{ lots: number; points: number }> {
  const [row] = rowsOf<{ lots: number; points: number }>(
    await db.execute(
      sql`select count(*)::int as lots, coalesce(sum(remaining), 0)::int as points from points_lots where client_id = ${clientId} and remaining > 0`,
    ),
  );
  return { lots: Number(row.lots), points: Number(row.points) };
}

/** Every open lot of a client, in pages, for an export. */
export async function* allOpenLots(db: Db, clientId: number): AsyncGenerator<PointsLot> {
  const limit = 1000;
  for (let offset = 0; ; offset += limit) {
    const rows = await openLots(db, clientId, { limit, offset });
    yield* rows;
    if (rows.length < limit) return;
  }
}

/**
 * The next `count` days on which points expire, with how many: what the app shows under the balance
 * ("120 points expirent le 31/01/2027"). Lots expiring the same day are added up.
 */
export async function nextExpiries(db: Db, clientId: number, count: number): Promise<{ DATE: string; POINTS: number }[]> {
  const rows = rowsOf<{ day: string; points: number }>(
    await db.execute(sql`
      select to_char((p.expires_at - interval '1 microsecond') at time zone 'Africa/Tunis', 'YYYY-MM-DD') as day, sum(p.remaining)::int as points
      from points_lots p
      where p.client_id = ${clientId} and p.remaining > 0 and p.expires_at is not null
      group by 1 order by 1 limit ${count}`),
  );
  return rows.map((r) => ({ DATE: r.day, POINTS: Number(r.points) }));
}
