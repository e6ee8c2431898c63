import { isIPv4, isIPv6 } from 'node:net';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from './http';
import { queryRows } from '../db/rows';

/**
 * The client address as every per-IP limit counts it. An IPv6 client is given a whole /64 (one
 * subscriber's network: it may pick any of its 2^64 addresses), so its /64 prefix is the key
 * (`2001:db8:1:2::/64`); counting each address would multiply every allowance by 2^64. An IPv4
 * address stays itself, and so does an IPv4 address seen through a dual-stack socket
 * (`::ffff:192.0.2.7` is counted as `192.0.2.7`). Anything else (no address) is kept as given.
 */
export function addressKey(ip: string): string {
  const bare = ip.trim().replace(/^\[|\]$/g, '');
  if (isIPv4(bare)) return bare;
  const noZone = bare.split('%')[0];
  if (!isIPv6(noZone)) return ip.slice(0, 64);
  const groups = ipv6Groups(noZone);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  return tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/**
 * A fixed-window counter in the `throttles` table: at most `max` hits per `windowMinutes` for a key.
 * Checked and counted in one upsert (the key's row is locked by it), so parallel requests cannot pass
 * together, and every API node sees the same counts. Used where a limit must answer the same whether
 * or not an account exists (reset codes are counted per address typed, not per account row).
 */
export async function takeHit(db: Pick<Db, 'execute'>, key: string, max: number, windowMinutes: number): Promise<boolean> {
  const window = `${windowMinutes} minutes`;
  const counted = await queryRows(
    db,
    sql`
    insert into throttles as t (key, hits, started_at, last_at) values (${key.slice(0, 300)}, 1, now(), now())
    on conflict (key) do update set
      hits = case when t.started_at <= now() - ${window}::interval then 1 else t.hits + 1 end,
      started_at = case when t.started_at <= now() - ${window}::interval then now() else t.started_at end,
      last_at = now()
    where t.started_at <= now() - ${window}::interval or t.hits < ${max}
    returning t.hits
  `,
  );
  return counted.length > 0;
}

/**
 * A route's `onRequest` hook counting hits per client address in `throttles` (shared by every node,
 * unlike @fastify/rate-limit's memory store): past `max` per window, 429 with `message`.
 */
export function throttleByIp(name: string, max: number, windowMinutes: number, message: string) {
  return async (req: FastifyRequest) => {
    if (!(await takeHit(req.server.db, `${name}:${addressKey(req.ip)}`, max, windowMinutes))) throw new AppError(429, message);
  };
}

/**
 * The upsert that counts one hit for each row of `source` (`values (key, 1, now(), now())` or a SELECT of
 * the same shape) and returns the window's hits and the seconds until it ends. Unlike takeHit, hits past
 * the limit are counted too (the row is always written), which is what lets the same statement return the
 * window's start. Written once here, used alone (countHit) and inside the app's token lookup, where it
 * saves a round trip on every app call (lib/auth/app-tokens.ts).
 */
export const countHitSql = (source: SQL, windowMinutes: number) => {
  const window = `${windowMinutes} minutes`;
  return sql`
    insert into throttles as t (key, hits, started_at, last_at) ${source}
    on conflict (key) do update set
      hits = case when t.started_at <= now() - ${window}::interval then 1 else t.hits + 1 end,
      started_at = case when t.started_at <= now() - ${window}::interval then now() else t.started_at end,
      last_at = now()
    returning t.hits, ceil(extract(epoch from (t.started_at + ${window}::interval - now())))::int as wait`;
};

export type HitVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/** What countHitSql returned, against `max`: within it, or the seconds until the window ends. */
export function hitVerdict(row: { hits: number | string | null; wait: number | string | null } | undefined, max: number): HitVerdict {
  if (!row || row.hits === null || Number(row.hits) <= max) return { ok: true };
  return { ok: false, retryAfterSeconds: Math.max(1, Number(row.wait)) };
}

/**
 * Counts a hit for `key` in one upsert and tells whether it is within `max` per `windowMinutes`, and
 * if not, in how many seconds the window ends (for Retry-After). Used per IP on the app's sign-in.
 */
export async function countHit(db: Pick<Db, 'execute'>, key: string, max: number, windowMinutes: number): Promise<HitVerdict> {
  const [row] = await queryRows<{ hits: number | string; wait: number | string }>(
    db,
    countHitSql(sql`values (${key.slice(0, 300)}, 1, now(), now())`, windowMinutes),
  );
  return hitVerdict(row, max);
}

/** A 429 that tells when to come back (Retry-After, in seconds). */
export function tooMany(reply: FastifyReply, retryAfterSeconds: number, message: string): AppError {
  reply.header('retry-after', String(retryAfterSeconds));
  return new AppError(429, message);
}

/** throttleByIp with a Retry-After and counted by countHit (the mobile app's public calls). */
export function throttleIpWithRetry(name: string, max: number, windowMinutes: number, message: string) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const hit = await countHit(req.server.db, `${name}:${addressKey(req.ip)}`, max, windowMinutes);
    if (!hit.ok) throw tooMany(reply, hit.retryAfterSeconds, message);
  };
}
