import { createHash } from 'node:crypto';
import { MSG } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { addressKey, countHit, countHitSql, type HitVerdict, hitVerdict, tooMany } from './throttle';
import { queryRows } from '../db/rows';

/**
 * Calls that check or set a password (about a second of scrypt each, lib/password.ts), counted in
 * `throttles` per account and per client address within one window, whatever the call.
 * - 10 per account: a person types a password a few times in a quarter of an hour (a sign-in, a
 *   typo or two, a change); ten leaves room for that and keeps one account to ten seconds of hashing.
 * - 30 per address (an IPv6 /64, addressKey): the mobile app's sign-in and the invitation page already
 *   allow 30 per address, because an office or a mobile carrier puts many people behind one address;
 *   30 hashes is 30 s of one core per quarter of an hour, so filling one hashing slot for good takes
 *   some thirty addresses working together, and then the bounded line of lib/password.ts answers 503.
 */
export const PASSWORD_LIMITS = { perAccount: 10, perAddress: 30, windowMinutes: 15 } as const;

export const passwordAddressKey = (ip: string) => `password-ip:${addressKey(ip)}`;
/** `account`: an e-mail (any case), or accountOfSecret's digest of a link's token. */
export const passwordAccountKey = (account: string) => `password-account:${account.trim().toLowerCase().slice(0, 200)}`;
/** The account a secret stands for (an invitation's token), as a digest: no secret is written to `throttles`. */
export const accountOfSecret = (kind: string, secret: string) => `${kind}:${createHash('sha256').update(secret).digest('hex').slice(0, 32)}`;

export type PasswordCounting = 'every-call' | 'successes';

const worse = (a: HitVerdict, b: HitVerdict): HitVerdict => {
  if (a.ok) return b;
  if (b.ok) return a;
  return { ok: false, retryAfterSeconds: Math.max(a.retryAfterSeconds, b.retryAfterSeconds) };
};

type Row = { ip_hits: number | string | null; ip_wait: number | string | null; account_hits: number | string | null; account_wait: number | string | null };

/**
 * One password call from `ip` for `account`, counted and checked in one statement. The address always
 * counts the call. The account counts it too with `every-call`; with `successes` it is only read here
 * (countPasswordSuccess counts it once the call succeeded).
 */
export async function countPasswordCall(db: Pick<Db, 'execute'>, ip: string, account: string, counting: PasswordCounting): Promise<HitVerdict> {
  const { perAccount, perAddress, windowMinutes } = PASSWORD_LIMITS;
  const window = `${windowMinutes} minutes`;
  const one = (key: string) => sql`values (${key}, 1, now(), now())`;
  const accountKey = passwordAccountKey(account);
  const accountPart =
    counting === 'every-call'
      ? sql`account as (${countHitSql(one(accountKey), windowMinutes)})`
      : sql`account as (
          select hits, ceil(extract(epoch from (started_at + ${window}::interval - now())))::int as wait
          from throttles where key = ${accountKey} and started_at > now() - ${window}::interval)`;
  const [row] = await queryRows<Row>(
    db,
    sql`
    with ip as (${countHitSql(one(passwordAddressKey(ip)), windowMinutes)}), ${accountPart}
    select ip.hits as ip_hits, ip.wait as ip_wait, account.hits as account_hits, account.wait as account_wait
    from ip left join account on true
  `,
  );
  const byAddress = hitVerdict(row && { hits: row.ip_hits, wait: row.ip_wait }, perAddress);
  // Read, not counted: this call is the (perAccount + 1)th only if perAccount already succeeded.
  const accountMax = counting === 'every-call' ? perAccount : perAccount - 1;
  return worse(byAddress, hitVerdict(row && { hits: row.account_hits, wait: row.account_wait }, accountMax));
}

/** A `successes` call that succeeded: it now counts against its account. */
export async function countPasswordSuccess(db: Pick<Db, 'execute'>, account: string): Promise<void> {
  await countHit(db, passwordAccountKey(account), PASSWORD_LIMITS.perAccount, PASSWORD_LIMITS.windowMinutes);
}

/**
 * The route hooks that count a password call before its handler hashes anything: past either
 * allowance, 429 with Retry-After and the hash is never computed. `accountOf` names the account from
 * the request (its session's e-mail, the e-mail typed, accountOfSecret of a token), or null when this
 * call checks no password (a profile edit that keeps the e-mail): then nothing is counted.
 * - `every-call` (default): the account is the caller's own (a session, a secret link), every call counts.
 * - `successes`: the account is an e-mail anyone may type (sign-in, reset, registration). Counting every
 *   call would let anyone use up a chosen account's allowance and keep its owner out, so only calls that
 *   succeeded count against the account (onResponse); wrong tries are already held back per account by
 *   the sign-in's slow-down and the reset code's own tries, and every call counts against its address.
 */
export function limitPasswordCalls(accountOf: (req: FastifyRequest) => string | null, counting: PasswordCounting = 'every-call') {
  const preHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    const account = accountOf(req);
    if (account === null) return;
    const verdict = await countPasswordCall(req.server.db, req.ip, account, counting);
    if (!verdict.ok) throw tooMany(reply, verdict.retryAfterSeconds, MSG.tooManyPasswordChecks(verdict.retryAfterSeconds));
  };
  if (counting === 'every-call') return { preHandler };
  const onResponse = async (req: FastifyRequest, reply: FastifyReply) => {
    const account = reply.statusCode < 300 ? accountOf(req) : null;
    if (account === null) return;
    // The answer is sent: a failure here only loses one count, it must not reach the client.
    await countPasswordSuccess(req.server.db, account).catch((err) => req.log.warn({ err }, 'password success not counted'));
  };
  return { preHandler, onResponse };
}
