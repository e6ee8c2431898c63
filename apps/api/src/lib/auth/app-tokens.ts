import { APP_ACCESS_TTL_MINUTES, APP_REFRESH_TTL_DAYS } from '@app/domain';
import { and, eq, gt, isNotNull, isNull, lt, type Placeholder, sql } from 'drizzle-orm';
import { countHitSql, type HitVerdict, hitVerdict } from '../throttle';
import type { Db } from '../../db/client';
import { hashToken, newToken } from './tokens';
import { roles, users } from './accounts.table';
import { appSessions, appTokens } from './app-sessions.table';

/** The client user behind an app call (request.appUser). */
export interface AppUser {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  clientId: number;
  /** The token family (device) the call came with. */
  sessionId: number;
}

export interface AppTokenPair {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lasts. */
  expiresIn: number;
  tokenType: 'Bearer';
}

/** The role of every mobile-app account. */
export const APP_ROLE = 'patente';

/** A fresh access and refresh token for a family, in the caller's transaction. */
export async function issueAppTokens(tx: Db, sessionId: number): Promise<AppTokenPair> {
  const accessToken = newToken();
  const refreshToken = newToken();
  const now = Date.now();
  await tx.insert(appTokens).values([
    { tokenHash: hashToken(accessToken), sessionId, kind: 'access', expiresAt: new Date(now + APP_ACCESS_TTL_MINUTES * 60_000) },
    { tokenHash: hashToken(refreshToken), sessionId, kind: 'refresh', expiresAt: new Date(now + APP_REFRESH_TTL_DAYS * 86_400_000) },
  ]);
  return { accessToken, refreshToken, expiresIn: APP_ACCESS_TTL_MINUTES * 60, tokenType: 'Bearer' };
}

/**
 * Opens a token family for a device, in the caller's transaction: the device's former family (if any)
 * is revoked, so one device holds one family. The account checks are the caller's (sign-in).
 */
export async function openAppSession(tx: Db, userId: number, device: { id: string; name: string | null }): Promise<{ sessionId: number; tokens: AppTokenPair }> {
  await tx
    .update(appSessions)
    .set({ revokedAt: new Date(), revokedReason: 'replaced' })
    .where(and(eq(appSessions.userId, userId), eq(appSessions.deviceId, device.id), isNull(appSessions.revokedAt)));
  const [session] = await tx.insert(appSessions).values({ userId, deviceId: device.id, deviceName: device.name }).returning({ id: appSessions.id });
  return { sessionId: session.id, tokens: await issueAppTokens(tx, session.id) };
}

/** Revokes a family (sign-out, reuse of a spent refresh token, password change). */
export async function revokeAppSession(tx: Db, sessionId: number, reason: 'signout' | 'reuse' | 'password' | 'replaced' | 'inactive'): Promise<void> {
  await tx
    .update(appSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(appSessions.id, sessionId), isNull(appSessions.revokedAt)));
}

/** Spent and expired tokens no longer answer anything: housekeeping deletes them. */
export async function purgeAppTokens(db: Db): Promise<number> {
  const rows = await db
    .delete(appTokens)
    .where(lt(appTokens.expiresAt, sql`now() - interval '1 day'`))
    .returning({ h: appTokens.tokenHash });
  return rows.length;
}

/**
 * The live app access token's user: an active patente account with its client, in a family not revoked.
 * A staff account never matches (role and CLIENT_ID), nor does a staff token (it is not in app_tokens).
 * Values or placeholders, so the same conditions serve the prepared lookup and the counted one.
 */
const lookupQuery = (db: Db, tokenHash: string | Placeholder, now: Date | Placeholder) =>
  db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      clientId: users.clientId,
      sessionId: appSessions.id,
      lastUsedAt: appSessions.lastUsedAt,
    })
    .from(appTokens)
    .innerJoin(appSessions, eq(appSessions.id, appTokens.sessionId))
    .innerJoin(users, eq(users.id, appSessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(appTokens.tokenHash, tokenHash),
        eq(appTokens.kind, 'access'),
        gt(appTokens.expiresAt, now),
        isNull(appSessions.revokedAt),
        eq(users.status, 1),
        isNotNull(users.clientId),
        eq(roles.label, APP_ROLE),
      ),
    )
    .limit(1);

const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();
const prepareLookup = (db: Db) => lookupQuery(db, sql.placeholder('tokenHash'), sql.placeholder('now')).prepare('app_user');

/** How stale a family's last use may get before it is written again. */
const TOUCH_EVERY_MS = 60_000;

/** The client user behind a live app access token, or null (see lookupQuery). */
export async function appUserOf(db: Db, token: string): Promise<AppUser | null> {
  let q = lookups.get(db);
  if (!q) {
    q = prepareLookup(db);
    lookups.set(db, q);
  }
  const now = Date.now();
  const [row] = await q.execute({ tokenHash: hashToken(token), now: new Date(now).toISOString() });
  return row ? touched(db, row, now) : null;
}

/**
 * An app call: its user (as appUserOf) and, in the same statement, one hit counted against the user's
 * `perMinute` (lib/throttle.ts). One round trip instead of two on every app call: the lookup is a CTE
 * and the counting upsert reads it, so an unknown token counts nothing.
 */
export async function appCallOf(db: Db, token: string, perMinute: number): Promise<{ user: AppUser | null; hit: HitVerdict }> {
  const now = Date.now();
  const lookup = lookupQuery(db, hashToken(token), new Date(now));
  // The CTE names its columns: the select has two `id`s (users and app_sessions), in lookupQuery's order.
  const result = (await db.execute(sql`
    with u (id, email, firstname, lastname, client_id, session_id, last_used_at) as (${lookup}),
    hit as (${countHitSql(sql`select 'app-user:' || u.id, 1, now(), now() from u`, 1)})
    select u.*, hit.hits, hit.wait from u left join hit on true
  `)) as unknown as { rows: AppCallRow[] };
  const row = result.rows[0];
  if (!row) return { user: null, hit: { ok: true } };
  const user = await touched(
    db,
    { id: row.id, email: row.email, firstname: row.firstname, lastname: row.lastname, clientId: row.client_id, sessionId: row.session_id, lastUsedAt: new Date(row.last_used_at) },
    now,
  );
  return { user, hit: hitVerdict(row, perMinute) };
}

interface AppCallRow {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  client_id: number | null;
  session_id: number;
  last_used_at: Date | string;
  hits: number | string | null;
  wait: number | string | null;
}

/** The user of a looked-up row, its family's last use written when stale (at most once a minute). */
async function touched(db: Db, row: Omit<AppUser, 'clientId'> & { clientId: number | null; lastUsedAt: Date }, now: number): Promise<AppUser | null> {
  const { lastUsedAt, clientId, ...user } = row;
  if (clientId === null) return null;
  if (lastUsedAt.getTime() < now - TOUCH_EVERY_MS) {
    await db
      .update(appSessions)
      .set({ lastUsedAt: new Date(now) })
      .where(and(eq(appSessions.id, user.sessionId), lt(appSessions.lastUsedAt, new Date(now - TOUCH_EVERY_MS))));
  }
  return { ...user, clientId };
}
