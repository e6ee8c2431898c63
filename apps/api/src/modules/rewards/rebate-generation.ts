import { RISTOURNE_MSG } from '@app/domain';
import { sql } from 'drizzle-orm';
import { voucherIssuedSql } from './rewards.events';
import type { Db } from '../../db/client';
import type { JobProgress } from '../../lib/jobs/engine';
import { AppError } from '../../lib/http';
import type { CurrentUser } from '../../lib/auth/current-user';
import { audit } from '../../lib/audit/audit.repository';
import { rebateVouchers } from './rebate-turnover';
import { rowsOf } from '../../db/rows';

/** Clients whose vouchers are written per statement: enough steps for a progress bar. */
const BATCH = 10_000;

export interface GenerationResult {
  year: number;
  vouchers: number;
  total: string;
  already: boolean;
}

/**
 * Why `year` may not be generated now, or null: the previous year has tiers but was never generated
 * (the first generation ever is allowed, whatever the year). Checked by the call, then again by the
 * job inside its transaction.
 */
export async function generationRefusal(db: Db, year: number): Promise<string | null> {
  const [r] = rowsOf<{ prev_tiers: boolean; prev_done: boolean; any_done: boolean }>(
    await db.execute(sql`select exists (select 1 from ristournes where year = ${year - 1}) as prev_tiers,
      exists (select 1 from ristourne_runs where year = ${year - 1}) as prev_done,
      exists (select 1 from ristourne_runs) as any_done`),
  );
  return r.prev_tiers && !r.prev_done && r.any_done ? RISTOURNE_MSG.previousYearMissing : null;
}

export async function alreadyGenerated(db: Db, year: number): Promise<boolean> {
  return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ristourne_runs where year = ${year}`))[0].n > 0;
}

/**
 * The yearly rebate vouchers (clients/calculateRistourne/{year}), in ONE transaction:
 * each client of `rebateVouchers(year)` (rebate-turnover.ts: turnover, tier, amount, the one
 * definition the simulation reads too) receives one voucher RIST-<year>-<client id> of its amount,
 * and its rebate totals follow. The run row is written last: a process killed on the way leaves nothing,
 * and a second run for the year finds it and issues nothing.
 */
export async function generateRebates(
  tx: Db,
  user: Pick<CurrentUser, 'id' | 'email'> | null,
  year: number,
  progress: (p: JobProgress) => void = () => {},
): Promise<GenerationResult> {
  const startedAt = new Date();
  // One generation at a time, whatever the year.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ristourne-generation'))`);
  if (await alreadyGenerated(tx, year)) return { year, vouchers: 0, total: '0.000', already: true };
  const refusal = await generationRefusal(tx, year);
  if (refusal) throw new AppError(422, refusal, { year: [refusal] });

  progress({ done: 0, total: 1, step: "Calcul du chiffre d'affaires" });
  // Numbered 1..n for the batches; the same definition as the simulation's (rebate-turnover.ts).
  await tx.execute(sql`create temp table rebate_rows on commit drop as
    select client_id, amount, row_number() over (order by client_id)::int as n from (${rebateVouchers(year)}) v`);
  const [{ total: count }] = rowsOf<{ total: number }>(await tx.execute(sql`select count(*)::int as total from rebate_rows`));

  for (let first = 1; first <= count; first += BATCH) {
    progress({ done: first - 1, total: count, step: 'Création des vouchers' });
    // Each batch's voucher.issued events come from the same statement (a CTE over the rows inserted).
    await tx.execute(sql`with v as (
      insert into vocher_purchases (vocher_ref, client_id, ristourne_year, solde_used, qrcode)
      select 'RIST-' || ${year} || '-' || lpad(client_id::text, 6, '0'), client_id, ${year}::smallint, amount,
             replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
      from rebate_rows where n between ${first} and ${first + BATCH - 1}
      returning *
    ) ${voucherIssuedSql('v')}`);
  }
  progress({ done: count, total: count, step: 'Mise à jour des clients' });
  await tx.execute(sql`update clients c set
      ristourne_n_1 = c.ristourne_n_1 + r.amount,
      ristourne_reste = c.ristourne_reste + r.amount,
      ristourne_solde_n_1 = r.amount,
      updated_at = now()
    from rebate_rows r where r.client_id = c.id`);
  const [{ sum }] = rowsOf<{ sum: string }>(await tx.execute(sql`select coalesce(sum(amount), 0)::numeric(16, 3)::text as sum from rebate_rows`));
  await tx.execute(
    sql`insert into ristourne_runs (year, vouchers, total, started_by, started_at) values (${year}, ${count}, ${sum}::numeric, ${user?.id ?? null}, ${startedAt.toISOString()}::timestamptz)`,
  );
  await audit(tx, user, 'create', 'calculateRistourne', year, { year, vouchers: count, total: sum });
  return { year, vouchers: count, total: sum, already: false };
}
