import { randomBytes } from 'node:crypto';
import { BACK_OFFICE_PLATFORM, isStaffAccount, MSG } from '@app/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/http';
import { hashPassword, verifyPassword } from '../../lib/password';
import { audit } from '../audit/audit.repository';
import { createSession, findAccountByEmail } from './auth.repository';
import { connectionLogs } from './auth.table';
import { deviceName } from './device';
import { isLocked, recordAttempt } from './login-attempts';


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
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
};

/**
 * Sign-in. The lock is checked before the password so that a locked account cannot be probed,
 * even with the right password; every outcome is recorded in login_attempts.
 */
export async function signIn(db: Db, input: SignInInput): Promise<SignInResult> {
  const { email, ip } = input;
  if (await isLocked(db, email, ip)) {
    await recordAttempt(db, email, ip, false);
    throw new AppError(429, MSG.tooManyAttempts);
  }

  const account = await findAccountByEmail(db, email);
  const passwordOk = await verifyPassword(input.password, account?.passwordHash ?? (await hashForUnknownEmail()));
  if (!account || !passwordOk) {
    await recordAttempt(db, email, ip, false);
    throw new AppError(401, MSG.loginFailed);
  }
  if (!isStaffAccount(account)) {
    await recordAttempt(db, email, ip, false);
    throw new AppError(403, MSG.staffOnly);
  }
  if (account.status !== 1) {
    await recordAttempt(db, email, ip, false);
    throw new AppError(403, MSG.accountInactive);
  }

  const device = deviceName(input.userAgent);
  const token = await db.transaction(async (tx) => {
    await recordAttempt(tx, email, ip, true);
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
