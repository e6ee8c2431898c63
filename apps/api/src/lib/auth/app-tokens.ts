import { APP_ACCESS_TTL_MINUTES, APP_REFRESH_TTL_DAYS } from '@app/domain';
import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
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

const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();
const prepareLookup = (db: Db) =>
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
        eq(appTokens.tokenHash, sql.placeholder('tokenHash')),
        eq(appTokens.kind, 'access'),
        gt(appTokens.expiresAt, sql.placeholder('now')),
        isNull(appSessions.revokedAt),
        eq(users.status, 1),
        isNotNull(users.clientId),
        eq(roles.label, APP_ROLE),
      ),
    )
    .limit(1)
    .prepare('app_user');

/** How stale a family's last use may get before it is written again. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The client user behind a live app access token, or null: an active patente account with its client,
 * in a family not revoked. A staff account never matches (role and CLIENT_ID), nor does a staff token
 * (it is not in app_tokens).
 */
export async function appUserOf(db: Db, token: string): Promise<AppUser | null> {
  let q = lookups.get(db);
  if (!q) {
    q = prepareLookup(db);
    lookups.set(db, q);
  }
  const now = Date.now();
  const [row] = await q.execute({ tokenHash: hashToken(token), now: new Date(now).toISOString() });
  if (!row || row.clientId === null) return null;
  const { lastUsedAt, clientId, ...user } = row;
  if (lastUsedAt.getTime() < now - TOUCH_EVERY_MS) {
    await db
      .update(appSessions)
      .set({ lastUsedAt: new Date(now) })
      .where(and(eq(appSessions.id, user.sessionId), lt(appSessions.lastUsedAt, new Date(now - TOUCH_EVERY_MS))));
  }
  return { ...user, clientId };
}
