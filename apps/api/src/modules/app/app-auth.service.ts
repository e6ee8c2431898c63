import { ACCOUNT_CODES, APP_MSG, MOBILE_PLATFORM } from '@app/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { audit, auditSecurity } from '../../lib/audit/audit.repository';
import { roles, users } from '../../lib/auth/accounts.table';
import { appSessions, appTokens } from '../../lib/auth/app-sessions.table';
import { APP_ROLE, type AppTokenPair, type AppUser, familyEnd, issueAppTokens, openAppSession, revokeAppSession } from '../../lib/auth/app-tokens';
import { clientSuspendedSql } from '../../lib/auth/client-suspension';
import { hashToken } from '../../lib/auth/tokens';
import { AppError } from '../../lib/http';
import type { Account } from '../auth';
import { connectionLogs } from '../auth';
import { acceptSignIn, checkSignIn, type Refusal } from '../auth';
import { clients } from '../../lib/clients/clients.table';

/**
 * Sign-in, refresh and sign-out of the mobile app. The credential checks, the limits
 * (per IP lock, per account slow-down) and their audit are the back office's own (checkSignIn); only
 * who may enter differs: a client's user (role patente, CLIENT_ID set) whose account is active.
 */

export interface AppSignInInput {
  email: string;
  password: string;
  ip: string;
  deviceId: string;
  deviceName: string | null;
}

export type AppSignInResult = AppTokenPair & {
  user: { ID: number; FIRSTNAME: string; LASTNAME: string; EMAIL: string; GSM: string | null; CLIENT_ID: number };
};

/** The app: client users only (a staff account is told so), and active ones (STATUS 1: validated, not switched off). */
export const appRefusal = (account: Pick<Account, 'role' | 'clientId' | 'status' | 'clientSuspended'>): Refusal | null => {
  if (account.role !== APP_ROLE || account.clientId === null) return { status: 403, message: APP_MSG.clientUsersOnly, reason: 'staff_account' };
  if (account.status !== ACCOUNT_CODES.ACTIVE) return { status: 403, message: APP_MSG.accountInactive, reason: 'inactive' };
  if (account.clientSuspended) return { status: 403, message: APP_MSG.clientSuspended, reason: 'client_suspended' };
  return null;
};

/**
 * A sign-in on a device: a new token family for it (its former one revoked), a connection log
 * "Application Mobile" with the device (the logs screen, and through its trigger the dashboard's
 * visitors), the account's and its client's last use (LASTSEEN, LASTUSE) and the audit entry, all in
 * one transaction.
 */
export async function appSignIn(db: Db, input: AppSignInInput, maxDays: number): Promise<AppSignInResult> {
  const { email, ip } = input;
  const checked = await checkSignIn(db, input, appRefusal);
  const { account } = checked;
  const clientId = account.clientId as number;
  const device = { id: input.deviceId, name: input.deviceName };
  const tokens = await db.transaction(async (tx) => {
    await acceptSignIn(tx, { email, ip }, checked);
    const { tokens } = await openAppSession(tx, account.id, device, maxDays);
    await tx
      .insert(connectionLogs)
      .values({ platform: MOBILE_PLATFORM, deviceName: device.name, deviceId: device.id, ip: ip.slice(0, 64), userId: account.id, clientId });
    const now = new Date();
    await tx.update(users).set({ lastSeenAt: now }).where(eq(users.id, account.id));
    await tx.update(clients).set({ lastUse: now }).where(eq(clients.id, clientId));
    await audit(tx, account, 'login', 'users', account.id, { ip, device: device.name, device_id: device.id, platform: MOBILE_PLATFORM });
    return tokens;
  });
  return {
    ...tokens,
    user: { ID: account.id, FIRSTNAME: account.firstname, LASTNAME: account.lastname, EMAIL: account.email, GSM: account.gsm, CLIENT_ID: clientId },
  };
}

/**
 * A new token pair for a refresh token, which is spent by the same statement that checks it is unspent
 * (UPDATE … WHERE used_at IS NULL … RETURNING): of two calls with one token, one spends it; the other
 * finds it spent and is answered as a reuse. A spent token presented again means it was copied (or two
 * refreshes raced): the whole family is revoked, the winner's fresh pair with it, and the app signs in
 * again. That is the strict reading of refresh-token rotation (OAuth 2.0 Security BCP §4.14): an app
 * must not refresh twice at once. An account no longer active (or no longer a client user) ends its
 * family too, and so does the family's absolute lifetime (`maxDays` from its sign-in). Every refusal
 * is a 401; revocations are committed before it is thrown. A suspended client is a 403 that spends and
 * revokes nothing: the same refresh token works once staff restore the client.
 */
export async function refreshAppTokens(db: Db, refreshToken: string, ip: string, maxDays: number): Promise<AppTokenPair> {
  const tokenHash = hashToken(refreshToken);
  const outcome = await db.transaction(async (tx): Promise<AppTokenPair | null> => {
    const [spent] = await tx
      .update(appTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(appTokens.tokenHash, tokenHash), eq(appTokens.kind, 'refresh'), isNull(appTokens.usedAt), gt(appTokens.expiresAt, sql`now()`)))
      .returning({ sessionId: appTokens.sessionId });
    if (!spent) {
      const [known] = await tx
        .select({ sessionId: appTokens.sessionId, usedAt: appTokens.usedAt, userId: appSessions.userId, email: users.email })
        .from(appTokens)
        .innerJoin(appSessions, eq(appSessions.id, appTokens.sessionId))
        .innerJoin(users, eq(users.id, appSessions.userId))
        .where(and(eq(appTokens.tokenHash, tokenHash), eq(appTokens.kind, 'refresh')));
      if (known?.usedAt) {
        await revokeAppSession(tx, known.sessionId, 'reuse');
        await auditSecurity(tx, 'token_reuse', { id: known.userId, email: known.email }, ip, { session: known.sessionId });
      }
      return null;
    }
    const [owner] = await tx
      .select({
        role: roles.label,
        clientId: users.clientId,
        status: users.status,
        clientSuspended: sql<boolean>`${users.clientId} is not null and ${clientSuspendedSql(users.clientId)}`,
        createdAt: appSessions.createdAt,
      })
      .from(appSessions)
      .innerJoin(users, eq(users.id, appSessions.userId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(appSessions.id, spent.sessionId), isNull(appSessions.revokedAt)));
    if (!owner) return null;
    const refusal = appRefusal(owner);
    // Thrown inside the transaction: the token's spending is rolled back with it.
    if (refusal?.reason === 'client_suspended') throw new AppError(403, APP_MSG.clientSuspended);
    if (refusal) {
      await revokeAppSession(tx, spent.sessionId, 'inactive');
      return null;
    }
    const ends = familyEnd(owner.createdAt, maxDays);
    if (ends.getTime() <= Date.now()) {
      await revokeAppSession(tx, spent.sessionId, 'expired');
      return null;
    }
    await tx.update(appSessions).set({ lastUsedAt: sql`now()` }).where(eq(appSessions.id, spent.sessionId));
    return issueAppTokens(tx, spent.sessionId, ends);
  });
  if (!outcome) throw new AppError(401, APP_MSG.sessionExpired);
  return outcome;
}

/** Sign-out: the device's family is revoked (its access and refresh tokens answer nothing any more). */
export async function appSignOut(db: Db, user: AppUser, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeAppSession(tx, user.sessionId, 'signout');
    await auditSecurity(tx, 'logout', user, ip, { platform: MOBILE_PLATFORM });
  });
}
