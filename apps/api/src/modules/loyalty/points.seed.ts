import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Clients of the demo given points that expire soon. */
const DEMO_EXPIRING_CLIENTS = 15;

/**
 * Demo points expiry: the programme's rule is « 12 months after the credit », and fifteen
 * active clients got points offered a little under a year ago, so they expire within 5 to 24 days:
 * the client detail, the points list and the « rappel d'expiration » template have something to show.
 * The back-dated ledger rows take their place in each client's history: the later rows' balances move
 * up by the same amount (as the orders' seed does). The ledger's trigger dates their lots.
 */
export async function seedPointsExpiry(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // « Valeur du point »: 10 millimes, so the liability shows a DT figure.
    await tx.execute(sql`update programme_settings set expiry_policy = 'months', expiry_months = 12, point_value = 10, updated_at = now() where id = 1`);
    await tx.execute(sql`
      with picked as (
        select id, now() - interval '12 months' + make_interval(days => 5 + (id % 20)) as at, (100 + (id % 7) * 50)::int as pts
        from clients where is_active = 1 order by id limit ${DEMO_EXPIRING_CLIENTS}
      ), shifted as (
        update points_ledger l set balance_after = l.balance_after + p.pts from picked p where l.client_id = p.id and l.created_at > p.at
      ), credited as (
        insert into points_ledger (client_id, amount, balance_after, source, reason, created_at)
        select p.id, p.pts, coalesce((select sum(l.amount) from points_ledger l where l.client_id = p.id and l.created_at <= p.at), 0)::int + p.pts,
               'offer', 'Points offerts : anniversaire du programme', p.at
        from picked p order by p.id
      )
      update clients c set points_fid = c.points_fid + p.pts, points_offered = c.points_offered + p.pts, updated_at = now(),
        -- Late in December the back-dated credit falls in this Tunis year: it counts as earned, as applyPoints would.
        points_fid_n = case when extract(year from p.at at time zone 'Africa/Tunis') = extract(year from now() at time zone 'Africa/Tunis')
          then (case when c.points_year = extract(year from now() at time zone 'Africa/Tunis') then c.points_fid_n else 0 end) + p.pts else c.points_fid_n end,
        points_year = case when extract(year from p.at at time zone 'Africa/Tunis') = extract(year from now() at time zone 'Africa/Tunis')
          then extract(year from now() at time zone 'Africa/Tunis')::smallint else c.points_year end
      from picked p where c.id = p.id`);
  });
}
