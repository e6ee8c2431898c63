import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from './http';

/**
 * A fixed-window counter in the `throttles` table: at most `max` hits per `windowMinutes` for a key.
 * Checked and counted in one upsert (the key's row is locked by it), so parallel requests cannot pass
 * together, and every API node sees the same counts. Used where a limit must answer the same whether
 * or not an account exists (reset codes are counted per address typed, not per account row).
 */
export async function takeHit(db: Pick<Db, 'execute'>, key: string, max: number, windowMinutes: number): Promise<boolean> {
  const window = `${windowMinutes} minutes`;
  const result = (await db.execute(sql`
    insert into throttles as t (key, hits, started_at, last_at) values (${key.slice(0, 300)}, 1, now(), now())
    on conflict (key) do update set
      hits = case when t.started_at <= now() - ${window}::interval then 1 else t.hits + 1 end,
      started_at = case when t.started_at <= now() - ${window}::interval then now() else t.started_at end,
      last_at = now()
    where t.started_at <= now() - ${window}::interval or t.hits < ${max}
    returning t.hits
  `)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/**
 * A route's `onRequest` hook counting hits per client address in `throttles` (shared by every node,
 * unlike @fastify/rate-limit's memory store): past `max` per window, 429 with `message`.
 */
export function throttleByIp(name: string, max: number, windowMinutes: number, message: string) {
  return async (req: FastifyRequest) => {
    if (!(await takeHit(req.server.db, `${name}:${req.ip}`, max, windowMinutes))) throw new AppError(429, message);
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
  const result = (await db.execute(countHitSql(sql`values (${key.slice(0, 300)}, 1, now(), now())`, windowMinutes))) as unknown as {
    rows: { hits: number | string; wait: number | string }[];
  };
  return hitVerdict(result.rows[0], max);
}

/** A 429 that tells when to come back (Retry-After, in seconds). */
export function tooMany(reply: FastifyReply, retryAfterSeconds: number, message: string): AppError {
  reply.header('retry-after', String(retryAfterSeconds));
  return new AppError(429, message);
}

/** throttleByIp with a Retry-After and counted by countHit (the mobile app's public calls). */
export function throttleIpWithRetry(name: string, max: number, windowMinutes: number, message: string) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const hit = await countHit(req.server.db, `${name}:${req.ip}`, max, windowMinutes);
    if (!hit.ok) throw tooMany(reply, hit.retryAfterSeconds, message);
  };
}
