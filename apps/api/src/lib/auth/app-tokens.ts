import { ACCOUNT_CODES, APP_ACCESS_TTL_MINUTES, APP_REFRESH_TTL_DAYS } from '@app/domain';
import { and, eq, gt, isNotNull, isNull, lt, ne, type Placeholder, sql } from 'drizzle-orm';
import { countHitSql, type HitVerdict, hitVerdict } from '../throttle';
import type { Db } from '../../db/client';
import { hashToken, newToken } from './tokens';
import { roles, users } from './accounts.table';
import { clientSuspendedSql } from './client-suspension';
import { appSessions, appTokens } from './app-sessions.table';
import { queryRows } from '../../db/rows';

/** The client user behind an app call (request.appUser). */
export interface AppUser {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  clientId: number;
  /** The token family (device) the call came with. */
  sessionId: number;
  /** The client is refused or switched off: every app call is refused while it is (403, not a sign-out). */
  clientSuspended: boolean;
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

/**
 * A fresh access and refresh token for a family, in the caller's transaction. Neither outlives the
 * family's absolute end (`familyEndsAt`: its sign-in plus APP_REFRESH_MAX_DAYS), however often it is
 * refreshed: then the app signs in again, with the password.
 */
export async function issueAppTokens(tx: Db, sessionId: number, familyEndsAt: Date): Promise<AppTokenPair> {
  const accessToken = newToken();
  const refreshToken = newToken();
  const now = Date.now();
  const end = familyEndsAt.getTime();
  const access = Math.min(now + APP_ACCESS_TTL_MINUTES * 60_000, end);
  await tx.insert(appTokens).values([
    { tokenHash: hashToken(accessToken), sessionId, kind: 'access', expiresAt: new Date(access) },
    { tokenHash: hashToken(refreshToken), sessionId, kind: 'refresh', expiresAt: new Date(Math.min(now + APP_REFRESH_TTL_DAYS * 86_400_000, end)) },
  ]);
  return { accessToken, refreshToken, expiresIn: Math.max(0, Math.round((access - now) / 1000)), tokenType: 'Bearer' };
}

/** The moment a family opened at `createdAt` ends for good. */
export const familyEnd = (createdAt: Date, maxDays: number): Date => new Date(createdAt.getTime() + maxDays * 86_400_000);

/**
 * Opens a token family for a device, in the caller's transaction: the device's former family (if any)
 * is revoked, so one device holds one family. The account checks are the caller's (sign-in).
 */
export async function openAppSession(
  tx: Db,
  userId: number,
  device: { id: string; name: string | null },
  maxDays: number,
): Promise<{ sessionId: number; tokens: AppTokenPair }> {
  await tx
    .update(appSessions)
    .set({ revokedAt: new Date(), revokedReason: 'replaced' })
    .where(and(eq(appSessions.userId, userId), eq(appSessions.deviceId, device.id), isNull(appSessions.revokedAt)));
  const [session] = await tx
    .insert(appSessions)
    .values({ userId, deviceId: device.id, deviceName: device.name })
    .returning({ id: appSessions.id, createdAt: appSessions.createdAt });
  return { sessionId: session.id, tokens: await issueAppTokens(tx, session.id, familyEnd(session.createdAt, maxDays)) };
}

/** Why a family ended (app_sessions.revoked_reason). `rights`: the account was switched off or on, or changed role. */
export type AppRevokeReason = 'signout' | 'reuse' | 'password' | 'replaced' | 'inactive' | 'rights' | 'expired';

/** Revokes a family (sign-out, reuse of a spent refresh token, password change). */
export async function revokeAppSession(tx: Pick<Db, 'update'>, sessionId: number, reason: AppRevokeReason): Promise<void> {
  await tx
    .update(appSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(appSessions.id, sessionId), isNull(appSessions.revokedAt)));
}

/** Revokes every open family of an account but `keep` (the caller's own device): its access and refresh tokens answer nothing after. */
export async function revokeAppSessionsOf(tx: Pick<Db, 'update'>, userId: number, reason: AppRevokeReason, keep?: number): Promise<void> {
  await tx
    .update(appSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(appSessions.userId, userId), isNull(appSessions.revokedAt), keep === undefined ? undefined : ne(appSessions.id, keep)));
}

/** Spent and expired tokens no longer answer anything: housekeeping deletes them. */
export async function purgeAppTokens(db: Db): Promise<number> {
  const rows = await db.delete(appTokens).where(lt(appTokens.expiresAt, sql`now() - interval '1 day'`)).returning({ h: appTokens.tokenHash });
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
      clientSuspended: clientSuspendedSql(users.clientId),
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
        eq(users.status, ACCOUNT_CODES.ACTIVE),
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
  const [row] = await queryRows<AppCallRow>(
    db,
    sql`
    with u (id, email, firstname, lastname, client_id, session_id, last_used_at, client_suspended) as (${lookup}),
    hit as (${countHitSql(sql`select 'app-user:' || u.id, 1, now(), now() from u`, 1)})
    select u.*, hit.hits, hit.wait from u left join hit on true
  `,
  );
  if (!row) return { user: null, hit: { ok: true } };
  const user = await touched(
    db,
    {
      id: row.id,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      clientId: row.client_id,
      sessionId: row.session_id,
      lastUsedAt: new Date(row.last_used_at),
      clientSuspended: row.client_suspended === true || row.client_suspended === 't',
    },
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
  client_suspended: boolean | string;
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
