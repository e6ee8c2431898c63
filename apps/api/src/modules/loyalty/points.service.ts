import { type PointSource, POINTS_MESSAGES } from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/http';
import { pgError } from '../../lib/pg-errors';
import { pointsEventsCte } from './points.events';
import { rowsOf } from '../../db/rows';

export interface PointsEntry {
  amount: number;
  source: PointSource;
  sourceId?: number | null;
  reason: string;
  authorId: number | null;
}

const CHECK_VIOLATION = '23514';

/** Year of "points earned this year" (POINTS_FID_N): the calendar year in Tunis. */
const tunisYear = sql`extract(year from now() at time zone 'Africa/Tunis')::smallint`;

/**
 * Credits or debits the clients matched by `where` and writes one ledger row each, in ONE statement:
 * the balance and its row commit together, and the row lock of the UPDATE serialises concurrent
 * writes to one client, so POINTS_FID always equals the sum of the client's rows. A debit below zero
 * breaks the balance check and nothing is written (422 'Solde de points insuffisant').
 * The same statement writes one points.changed webhook event per client changed (points.events.ts).
 * Returns the ids and new balances of the clients changed.
 */
export async function applyPoints(db: Db, where: SQL, entry: PointsEntry): Promise<{ id: number; balance: number }[]> {
  const earned = Math.max(entry.amount, 0);
  try {
    const res = await db.execute(sql`
      with changed as (
        update clients set
          points_fid = points_fid + ${entry.amount}::int,
          points_fid_n = (case when points_year = ${tunisYear} then points_fid_n else 0 end) + ${earned}::int,
          points_year = ${tunisYear},
          points_offered = points_offered + ${entry.source === 'offer' ? entry.amount : 0}::int,
          updated_at = now()
        where ${where}
        returning id, points_fid
      ), rows as (
        insert into points_ledger (client_id, amount, balance_after, source, source_id, reason, author_id)
        select id, ${entry.amount}::int, points_fid, ${entry.source}, ${entry.sourceId ?? null}::int, ${entry.reason}, ${entry.authorId}::int
        from changed
        returning id, client_id, amount, balance_after, source, source_id, reason, created_at
      ), events as (${pointsEventsCte('rows')})
      select client_id as id, balance_after as balance from rows order by client_id`);
    return rowsOf<{ id: number; balance: number }>(res).map((r) => ({ id: Number(r.id), balance: Number(r.balance) }));
  } catch (err) {
    if (pgError(err)?.code === CHECK_VIOLATION) throw new AppError(422, POINTS_MESSAGES.insufficient, { POINTS: [POINTS_MESSAGES.insufficient] });
    throw err;
  }
}
