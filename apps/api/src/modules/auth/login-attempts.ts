import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES } from '@app/domain';
import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addressKey } from '../../lib/throttle';
import type { Queryable } from './auth.repository';
import { loginAttempts, throttles } from './auth.table';
import { queryRows } from '../../db/rows';

/**
 * The sign-in limits, kept in `throttles`:
 * - per IP, a lock: LOGIN_MAX_FAILURES attempts that did not succeed within LOGIN_WINDOW_MINUTES
 *   lock the address until the window ends (it is the attacker's own address);
 * - per account (the e-mail typed, whether or not an account has it, so the answer reveals nothing),
 *   a slow-down rather than a lock: after LOGIN_MAX_FAILURES failures in a row, each further attempt
 *   waits a delay that doubles with every failure (SLOW_FIRST_SECONDS up to SLOW_MAX_SECONDS). Anyone,
 *   the owner included, may try again once the delay is over, so an attacker cannot keep a chosen
 *   account out; with CAPTCHA=altcha every attempt also costs a solved captcha.
 * The attempt is checked and counted in one statement before the password is looked at: each key's
 * row is locked by its upsert, so parallel attempts cannot pass together. An attempt counts as a
 * failure until it succeeds; a success then clears the account's count and gives the IP's hit back.
 */
export const SLOW_FIRST_SECONDS = 15;
export const SLOW_MAX_SECONDS = 300;
/** An account's failures are forgotten after this long without one (or at its next success). */
export const ACCOUNT_MEMORY_HOURS = 24;

/** An IPv6 client is locked by its /64 (lib/throttle.ts addressKey): it may use any address of it. */
const ipKey = (ip: string) => `login-ip:${addressKey(ip)}`;
const accountKey = (email: string) => `login-account:${email.trim().toLowerCase().slice(0, 190)}`;

/** Seconds an account with `failures` failures in a row waits after the last one. */
export const slowDownSeconds = (failures: number) =>
  failures < LOGIN_MAX_FAILURES ? 0 : Math.min(SLOW_FIRST_SECONDS * 2 ** (failures - LOGIN_MAX_FAILURES), SLOW_MAX_SECONDS);

export type Gate =
  | { ok: true; ipHits: number; accountFailures: number }
  | { ok: false; reason: 'ip' | 'account'; retryAfterSeconds: number; accountFailures: number };

type Row = { ip_hits: number | string | null; account_hits: number | string | null };

/** Checks and counts one sign-in attempt, in one statement; `ok: false` means the password must not be tried. */
export async function reserveAttempt(db: Queryable & Pick<Db, 'execute'>, email: string, ip: string): Promise<Gate> {
  const window = `${LOGIN_WINDOW_MINUTES} minutes`;
  const memory = `${ACCOUNT_MEMORY_HOURS} hours`;
  const [row] = await queryRows<Row>(
    db,
    sql`
    with ip as (
      insert into throttles as t (key, hits, started_at, last_at) values (${ipKey(ip)}, 1, now(), now())
      on conflict (key) do update set
        hits = case when t.started_at <= now() - ${window}::interval then 1 else t.hits + 1 end,
        started_at = case when t.started_at <= now() - ${window}::interval then now() else t.started_at end,
        last_at = now()
      where t.started_at <= now() - ${window}::interval or t.hits < ${LOGIN_MAX_FAILURES}
      returning t.hits
    ), account as (
      insert into throttles as t (key, hits, started_at, last_at)
        select ${accountKey(email)}, 1, now(), now() where exists (select 1 from ip)
      on conflict (key) do update set
        hits = case when t.last_at <= now() - ${memory}::interval then 1 else t.hits + 1 end,
        started_at = case when t.last_at <= now() - ${memory}::interval then now() else t.started_at end,
        last_at = now()
      where t.last_at <= now() - ${memory}::interval
        or t.hits < ${LOGIN_MAX_FAILURES}
        or t.last_at <= now() - make_interval(secs => least(${SLOW_FIRST_SECONDS} * power(2, t.hits - ${LOGIN_MAX_FAILURES}), ${SLOW_MAX_SECONDS}))
      returning t.hits
    )
    select (select hits from ip) as ip_hits, (select hits from account) as account_hits
  `,
  );
  if (row?.ip_hits != null && row.account_hits != null) {
    // Failures so far: this attempt is counted in until it succeeds.
    return { ok: true, ipHits: Number(row.ip_hits), accountFailures: Number(row.account_hits) - 1 };
  }
  // The IP was counted but the account refused the attempt: that was no try, give the hit back.
  if (row?.ip_hits != null) await giveBackIpHit(db, ip);
  return refusal(db, email, ip, row?.ip_hits == null ? 'ip' : 'account');
}

async function refusal(db: Queryable, email: string, ip: string, reason: 'ip' | 'account'): Promise<Gate> {
  const rows = await db
    .select()
    .from(throttles)
    .where(inArray(throttles.key, [ipKey(ip), accountKey(email)]));
  const ipRow = rows.find((r) => r.key === ipKey(ip));
  const accountRow = rows.find((r) => r.key === accountKey(email));
  const failures = accountRow?.hits ?? 0;
  const until =
    reason === 'ip'
      ? (ipRow?.startedAt.getTime() ?? Date.now()) + LOGIN_WINDOW_MINUTES * 60_000
      : (accountRow?.lastAt.getTime() ?? Date.now()) + slowDownSeconds(failures) * 1000;
  return { ok: false, reason, retryAfterSeconds: Math.max(1, Math.ceil((until - Date.now()) / 1000)), accountFailures: failures };
}

async function giveBackIpHit(db: Queryable, ip: string) {
  await db
    .update(throttles)
    .set({ hits: sql`greatest(${throttles.hits} - 1, 0)` })
    .where(eq(throttles.key, ipKey(ip)));
}

/**
 * An attempt the server was too busy to decide (the password line full, 503): no try was made, so
 * neither the address nor the account keeps it; otherwise retrying during a burst would lock them out.
 */
export async function giveBackAttempt(db: Queryable, email: string, ip: string) {
  await db
    .update(throttles)
    .set({ hits: sql`greatest(${throttles.hits} - 1, 0)` })
    .where(inArray(throttles.key, [ipKey(ip), accountKey(email)]));
}

/**
 * Records a decided attempt in the history. A success (a sign-in, or a proof of owning the mailbox:
 * a password reset, an accepted invitation) clears the account's failures and gives back the hit its
 * own attempt cost the IP, so only failures count against an address.
 */
export async function recordAttempt(db: Queryable, email: string, ip: string, success: boolean) {
  await db.insert(loginAttempts).values({ email: email.slice(0, 190), ip: ip.slice(0, 64), success });
  if (!success) return;
  await db.delete(throttles).where(eq(throttles.key, accountKey(email)));
  await giveBackIpHit(db, ip);
}

/**
 * A failure is dated when it is decided, after the password check: an account's delay then runs from
 * the answer its owner sees, not from before the (slow) hash.
 */
export async function datedFailure(db: Queryable, email: string) {
  await db
    .update(throttles)
    .set({ lastAt: sql`now()` })
    .where(eq(throttles.key, accountKey(email)));
}

/** Counters nobody has touched for a day or more are spent; called on failures, so the table stays small. */
export async function sweepThrottles(db: Queryable) {
  await db.delete(throttles).where(lt(throttles.lastAt, new Date(Date.now() - ACCOUNT_MEMORY_HOURS * 3_600_000)));
}
