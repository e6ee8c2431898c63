import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES } from '@app/domain';
import { and, count, eq, gt, max } from 'drizzle-orm';
import type { Queryable } from './auth.repository';
import { loginAttempts } from './auth.table';

/**
 * The sign-in lock: LOGIN_MAX_FAILURES failures within LOGIN_WINDOW_MINUTES, counted per email and
 * per IP. A success clears the email's count (only the owner knows the password) but not the IP's,
 * so one valid account cannot be used to keep guessing others from the same address.
 */
export async function isLocked(db: Queryable, email: string, ip: string): Promise<boolean> {
  const windowStart = new Date(Date.now() - LOGIN_WINDOW_MINUTES * 60_000);
  const [lastSuccess] = await db
    .select({ at: max(loginAttempts.at) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.success, true), gt(loginAttempts.at, windowStart)));
  const emailSince = lastSuccess?.at && lastSuccess.at > windowStart ? lastSuccess.at : windowStart;

  const [byEmail] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.success, false), gt(loginAttempts.at, emailSince)));
  if (byEmail.n >= LOGIN_MAX_FAILURES) return true;

  const [byIp] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, false), gt(loginAttempts.at, windowStart)));
  return byIp.n >= LOGIN_MAX_FAILURES;
}

export async function recordAttempt(db: Queryable, email: string, ip: string, success: boolean) {
  await db.insert(loginAttempts).values({ email: email.slice(0, 190), ip: ip.slice(0, 64), success });
}
