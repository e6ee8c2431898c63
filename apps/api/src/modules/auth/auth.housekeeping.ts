import { lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { sessions } from '../../lib/auth/accounts.table';
import { purgeAppTokens } from '../../lib/auth/app-tokens';
import { loginAttempts, passwordResets } from './auth.table';
import { sweepThrottles } from './login-attempts';

/** The sign-in history is kept this long (it is read by nobody but an administrator in the database). */
export const LOGIN_ATTEMPTS_KEPT_DAYS = 90;
/** Ended sessions and reset codes stay a day after their end, for a support question that same day. */
const ENDED_KEPT_DAYS = 1;
const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

/** Sessions expired or signed out more than a day ago: no request can use them any more. */
export async function purgeEndedSessions(db: Db): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, daysAgo(ENDED_KEPT_DAYS)), lt(sessions.revokedAt, daysAgo(ENDED_KEPT_DAYS))))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function purgeOldLoginAttempts(db: Db): Promise<number> {
  const rows = await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.at, daysAgo(LOGIN_ATTEMPTS_KEPT_DAYS)))
    .returning({ id: loginAttempts.id });
  return rows.length;
}

/** Reset codes expired more than a day ago, used or not (a code lives RESET_CODE_MINUTES). */
export async function purgeExpiredResetCodes(db: Db): Promise<number> {
  const rows = await db
    .delete(passwordResets)
    .where(lt(passwordResets.expiresAt, daysAgo(ENDED_KEPT_DAYS)))
    .returning({ id: passwordResets.id });
  return rows.length;
}

/** The sign-in tables' purges, run by the cluster's housekeeping job (lib/jobs/housekeeping.ts). */
export function registerAuthHousekeeping(app: FastifyInstance) {
  app.jobs.housekeep('sessions', () => purgeEndedSessions(app.db));
  app.jobs.housekeep('app_tokens', () => purgeAppTokens(app.db));
  app.jobs.housekeep('login_attempts', () => purgeOldLoginAttempts(app.db));
  app.jobs.housekeep('password_resets', () => purgeExpiredResetCodes(app.db));
  // login-attempts.ts sweeps without counting: the report says « ok ».
  app.jobs.housekeep('throttles', async () => {
    await sweepThrottles(app.db);
    return undefined;
  });
}
