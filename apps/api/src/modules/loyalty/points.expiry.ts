import { EXPIRING_SOON_DAYS } from '@app/domain';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { pointsEventsCte } from './points.events';
import { rowsOf } from '../../db/rows';

/** Once a day, 02:15 in Tunis, once per cluster (a pg-boss schedule, lib/jobs/engine.ts). */
export const POINTS_EXPIRY_QUEUE = 'points-expiry';
export const POINTS_EXPIRY_CRON = '15 2 * * *';
/** Clients per transaction: a batch's row locks are held for one short statement. */
export const POINTS_EXPIRY_BATCH = 1000;
export const EXPIRY_REASON = 'Expiration des points';

/**
 * The daily expiry run: for each client with lots expired by now and still open, ONE
 * `expiry` ledger row of minus what is left of them, the balance lowered in the same statement. The
 * ledger's trigger (migration 0023) consumes those points first-in first-out: the expired lots come
 * first in that order (earliest expiry first), so exactly they are emptied, and the use rows say so.
 * One transaction per batch of clients: their rows are locked first (in id order, as every points write
 * locks them), then the amounts are read under the lock, so a debit or an offer landing meanwhile is
 * either before or after, never counted twice. The balance changed, so each client gets its
 * points.changed webhook event, written by the same statement. Re-running finds nothing open and expired: it writes nothing.
 */
export async function expirePoints(db: Db, batch = POINTS_EXPIRY_BATCH): Promise<{ clients: number; points: number }> {
  let after = 0;
  const total = { clients: 0, points: 0 };
  for (;;) {
    const ids = rowsOf<{ id: number }>(
      await db.execute(sql`
        select distinct client_id as id from points_lots
        where remaining > 0 and expires_at <= now() and client_id > ${after}::int
        order by client_id limit ${batch}::int`),
    ).map((r) => Number(r.id));
    if (!ids.length) return total;
    after = ids[ids.length - 1];
    const list = sql`array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[]`;
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`select id from clients where id = any(${list}) order by id for update`);
      const [r] = rowsOf<{ clients: number; points: number }>(
        await tx.execute(sql`
          with due as (
            select client_id, sum(remaining)::int as s from points_lots
            where client_id = any(${list}) and remaining > 0 and expires_at <= now()
            group by client_id
          ), changed as (
            update clients c set points_fid = c.points_fid - due.s, updated_at = now()
            from due where c.id = due.client_id
            returning c.id, c.points_fid, due.s
          ), rows as (
            insert into points_ledger (client_id, amount, balance_after, source, reason)
            select id, -s, points_fid, 'expiry', ${EXPIRY_REASON} from changed order by id
            returning id, client_id, amount, balance_after, source, source_id, reason, created_at
          ), events as (${pointsEventsCte('rows')})
          select count(*)::int as clients, coalesce(-sum(amount), 0)::int as points from rows`),
      );
      return r;
    });
    total.clients += Number(done.clients);
    total.points += Number(done.points);
  }
}

/** The daily schedule of the expiry run, shared by the nodes. */
export function registerPointsExpiry(app: FastifyInstance) {
  app.jobs.schedule(POINTS_EXPIRY_QUEUE, POINTS_EXPIRY_CRON, () => expirePoints(app.db));
}

/**
 * "Points expirant sous 30 jours" of the client `clientId` names: what is left of its lots whose expiry
 * falls before now + EXPIRING_SOON_DAYS (those already expired and not yet removed by the run included),
 * read on the open-lots index. With `DATE_EXPIRATION`, the last day (YYYY-MM-DD, Tunis) the first of
 * them can be spent, null when none.
 */
export function expiringSoon(clientId: AnyColumn | SQL) {
  const within = sql`p.client_id = ${clientId} and p.remaining > 0 and p.expires_at < now() + make_interval(days => ${EXPIRING_SOON_DAYS}::int)`;
  return {
    points: sql<number>`coalesce((select sum(p.remaining) from points_lots p where ${within}), 0)::int`,
    lastDay: sql<
      string | null
    >`(select to_char((min(p.expires_at) - interval '1 microsecond') at time zone 'Africa/Tunis', 'YYYY-MM-DD') from points_lots p where ${within})`,
  };
}

/** expiringSoon for a page of clients at once (one grouped query): client id → figure and day. */
export async function expiringFor(db: Db, ids: readonly number[]): Promise<Map<number, { points: number; lastDay: string | null }>> {
  const out = new Map<number, { points: number; lastDay: string | null }>();
  if (!ids.length) return out;
  const rows = rowsOf<{ id: number; points: number; day: string | null }>(
    await db.execute(sql`
      select p.client_id as id, sum(p.remaining)::int as points,
             to_char((min(p.expires_at) - interval '1 microsecond') at time zone 'Africa/Tunis', 'YYYY-MM-DD') as day
      from points_lots p
      where p.client_id = any(${sql.param(ids)}::int[]) and p.remaining > 0 and p.expires_at < now() + make_interval(days => ${EXPIRING_SOON_DAYS}::int)
      group by p.client_id`),
  );
  for (const r of rows) out.set(Number(r.id), { points: Number(r.points), lastDay: r.day });
  return out;
}
