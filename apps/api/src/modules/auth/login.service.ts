import { randomBytes } from 'node:crypto';
import { ACCOUNT_CODES, BACK_OFFICE_PLATFORM, isStaffAccount, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES, MSG } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/http';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password';
import { stripTags } from '../../plugins/sanitize';
import { audit, auditSecurity } from '../../lib/audit/audit.repository';
import { type Account, createSession, findAccountByEmail } from './auth.repository';
import { users } from '../../lib/auth/accounts.table';
import { connectionLogs } from './auth.table';
import { deviceName } from './device';
import { datedFailure, type Gate, recordAttempt, reserveAttempt, slowDownSeconds, sweepThrottles } from './login-attempts';

export interface SignInInput {
  email: string;
  password: string;
  ip: string;
  userAgent: string | undefined;
}

export interface SignInResult {
  token: string;
  role: string;
  login: string;
  user: { id: number; ID: number; FIRSTNAME: string; LASTNAME: string; EMAIL: string; GSM: string | null; username: string };
}

// Unknown emails still pay for one scrypt, so response time does not reveal which accounts exist.
let dummyHash: Promise<string> | undefined;
const hashForUnknownEmail = () => {
  // Made again by a later call when the password line was full (503), rather than kept failed.
  dummyHash ??= hashPassword(randomBytes(16).toString('hex')).catch((err) => {
    dummyHash = undefined;
    throw err;
  });
  return dummyHash;
};

/** Why an account whose password is right may still not sign in somewhere: the answer and the audit's reason. */
export type Refusal = { status: number; message: string; reason: string };

/** The back office: staff accounts only, and active ones. */
const staffRefusal = (account: Account): Refusal | null => {
  if (!isStaffAccount(account)) return { status: 403, message: MSG.staffOnly, reason: 'client_account' };
  if (account.status !== ACCOUNT_CODES.ACTIVE) return { status: 403, message: MSG.accountInactive, reason: 'inactive' };
  return null;
};

export interface CheckedSignIn {
  account: Account;
  /** A new hash of the password when the stored one was made at an older cost (lib/password.ts) or from its stripped form. */
  rehashed: string | null;
}

/**
 * The checks every sign-in makes, the back office's and the mobile app's: the attempt is
 * checked against the limits and counted before the password is looked at (login-attempts.ts), so a
 * locked address or a slowed-down account cannot be probed, even with the right password; a wrong
 * password, or an account `refuse` turns away, is recorded as a failure (history, audit, locks) and
 * thrown. The caller then opens its session in a transaction that calls acceptSignIn.
 */
export async function checkSignIn(
  db: Db,
  input: Pick<SignInInput, 'email' | 'password' | 'ip'>,
  refuse: (account: Account) => Refusal | null,
): Promise<CheckedSignIn> {
  const { email, ip } = input;
  const gate = await reserveAttempt(db, email, ip);
  if (!gate.ok) throw new AppError(429, gate.reason === 'ip' ? MSG.tooManyAttempts : MSG.loginSlowedDown(gate.retryAfterSeconds));

  const account = await findAccountByEmail(db, email);
  const stored = account?.passwordHash ?? (await hashForUnknownEmail());
  let passwordOk = await verifyPassword(input.password, stored);
  // Passwords set while the input hygiene still stripped tags from them were hashed without the tags
  // (`Winter2026<?x7Gq` stored as `Winter2026`): what the user types is accepted through that form,
  // and hashed whole below, so the short form stops signing in. Unknown e-mails pay the same second hash.
  let legacy = false;
  const stripped = passwordOk ? input.password : stripTags(input.password);
  if (stripped !== input.password) legacy = passwordOk = await verifyPassword(stripped, stored);
  if (!account || !passwordOk) return failed(db, input, account, gate, { status: 401, message: MSG.loginFailed, reason: 'password' });
  const refusal = refuse(account);
  if (refusal) return failed(db, input, account, gate, refusal);
  return { account, rehashed: legacy || needsRehash(account.passwordHash) ? await hashPassword(input.password) : null };
}

/** In the sign-in's transaction: the success in the history (clearing the account's failures), and the newer hash. */
export async function acceptSignIn(tx: Db, input: Pick<SignInInput, 'email' | 'ip'>, { account, rehashed }: CheckedSignIn): Promise<void> {
  await recordAttempt(tx, input.email, input.ip, true);
  if (rehashed) {
    // Only if the password did not change meanwhile.
    await tx
      .update(users)
      .set({ passwordHash: rehashed })
      .where(and(eq(users.id, account.id), eq(users.passwordHash, account.passwordHash)));
  }
}

/** Sign-in to the back office (checkSignIn, then a session, a connection log and the audit entry). */
export async function signIn(db: Db, input: SignInInput): Promise<SignInResult> {
  const { email, ip } = input;
  const checked = await checkSignIn(db, input, staffRefusal);
  const { account } = checked;
  const device = deviceName(input.userAgent);
  const token = await db.transaction(async (tx) => {
    await acceptSignIn(tx, { email, ip }, checked);
    const t = await createSession(tx, account.id);
    await tx.insert(connectionLogs).values({ platform: BACK_OFFICE_PLATFORM, deviceName: device, ip: ip.slice(0, 64), userId: account.id });
    await audit(tx, account, 'login', 'users', account.id, { ip, device });
    return t;
  });

  return {
    token,
    role: account.role,
    login: account.email,
    user: {
      id: account.id,
      ID: account.id,
      FIRSTNAME: account.firstname,
      LASTNAME: account.lastname,
      EMAIL: account.email,
      GSM: account.gsm,
      username: `${account.firstname} ${account.lastname}`.trim(),
    },
  };
}

/**
 * A refused sign-in: history, audit (the account when one has the e-mail, else the e-mail typed),
 * and the lock or slow-down this failure starts, once, when it starts or grows.
 */
async function failed(
  db: Db,
  input: Pick<SignInInput, 'email' | 'ip'>,
  account: Account | null,
  gate: Gate & { ok: true },
  { status, message, reason }: Refusal,
): Promise<never> {
  const { email, ip } = input;
  const who = account ? { id: account.id, email: account.email } : { id: null, email: email.slice(0, 190) };
  const failures = gate.accountFailures + 1;
  await db.transaction(async (tx) => {
    await recordAttempt(tx, email, ip, false);
    await datedFailure(tx, email);
    await auditSecurity(tx, 'login_failed', who, ip, { reason, failures });
    if (gate.ipHits === LOGIN_MAX_FAILURES) await auditSecurity(tx, 'login_locked', who, ip, { scope: 'ip', minutes: LOGIN_WINDOW_MINUTES });
    if (failures >= LOGIN_MAX_FAILURES)
      await auditSecurity(tx, 'login_locked', who, ip, { scope: 'account', failures, delay_seconds: slowDownSeconds(failures) });
    await sweepThrottles(tx);
  });
  throw new AppError(status, message);
}
