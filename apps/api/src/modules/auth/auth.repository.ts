import { SESSION_HOURS } from '@app/domain';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hashToken, newToken } from '../../plugins/auth';
import { roles, sessions, users } from '../../lib/auth/accounts.table';
import { type AppRevokeReason, revokeAppSessionsOf } from '../../lib/auth/app-tokens';
import { clientSuspendedSql } from '../../lib/auth/client-suspension';

/** The database or an open transaction: repository calls work inside either. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

const accountColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  firstname: users.firstname,
  lastname: users.lastname,
  gsm: users.gsm,
  status: users.status,
  role: roles.label,
  clientId: users.clientId,
  /** The account's client is refused or switched off (false for staff): the app refuses it meanwhile. */
  clientSuspended: sql<boolean>`${users.clientId} is not null and ${clientSuspendedSql(users.clientId)}`,
};
export type Account = {
  id: number;
  email: string;
  passwordHash: string;
  firstname: string;
  lastname: string;
  gsm: string | null;
  status: number;
  role: string;
  clientId: number | null;
  clientSuspended: boolean;
};

/** Emails are unique case-insensitively (users_email_unique is on lower(email)). */
export const emailIs = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

export async function findAccountByEmail(db: Queryable, email: string): Promise<Account | null> {
  const [row] = await db.select(accountColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(emailIs(email)).limit(1);
  return row ?? null;
}

export async function findAccountById(db: Queryable, id: number): Promise<Account | null> {
  const [row] = await db.select(accountColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function emailTakenByOther(db: Queryable, email: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(emailIs(email), ne(users.id, userId)))
    .limit(1);
  return !!row;
}

/** Opens a session; the token is returned once and only its hash is stored. */
export async function createSession(db: Queryable, userId: number): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_HOURS * 3_600_000),
  });
  return token;
}

export async function revokeSession(db: Queryable, sessionId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * "This account's rights changed": revokes every open session of a user, in the back office and on
 * the mobile app (its token families, access and refresh tokens with them), except the caller's own
 * when given (`keepSession`, `keepAppSession`: a change they make themselves). The one helper for it,
 * called when an account is deactivated or re-activated, changes role, has its password reset or
 * changed, or accepts an invitation. Revoked stays revoked: re-activating an account never brings an
 * old token back, on either side.
 */
export async function revokeUserSessions(
  db: Queryable,
  userId: number,
  opts: { keepSession?: number; keepAppSession?: number; reason?: AppRevokeReason } = {},
) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), opts.keepSession === undefined ? undefined : ne(sessions.id, opts.keepSession)));
  await revokeAppSessionsOf(db, userId, opts.reason ?? 'rights', opts.keepAppSession);
}

/** The account as the profile screen and the session store see it. */
export function toProfile(a: Pick<Account, 'id' | 'email' | 'firstname' | 'lastname' | 'gsm' | 'role'>) {
  return {
    id: a.id,
    ID: a.id,
    FIRSTNAME: a.firstname,
    LASTNAME: a.lastname,
    EMAIL: a.email,
    GSM: a.gsm,
    role: a.role,
    login: a.email,
  };
}
export type Profile = ReturnType<typeof toProfile>;
