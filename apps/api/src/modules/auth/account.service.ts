import { emailChanges, MSG } from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/http';
import { hashPassword, verifyPassword } from '../../lib/password';
import { pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import type { CurrentUser } from '../../lib/auth/current-user';
import type { Mailer } from '../../plugins/mail';
import { audit, auditSecurity, diff } from '../../lib/audit/audit.repository';
import { emailChangedMail } from './account-notice-mails';
import { emailTakenByOther, findAccountById, type Profile, revokeUserSessions, toProfile } from './auth.repository';
import { users } from '../../lib/auth/accounts.table';

/** The web treats this exact message as "wrong old password". */
export const INVALID_OLD_PASSWORD = 'INVALID_OLD_PASSWORD';
export const CREDENTIALS_CHANGED = 'Identifiants modifiés';
export const EMAIL_EXISTS = 'Email Existe';

const emailExists = () => new AppError(422, EMAIL_EXISTS, { EMAIL: [MSG.emailExists] });

async function currentAccount(db: Db, user: CurrentUser) {
  const account = await findAccountById(db, user.id);
  // The session was valid a moment ago; a vanished account is a stale session.
  if (!account) throw new AppError(401, MSG.sessionExpired);
  return account;
}

export async function getProfile(db: Db, user: CurrentUser): Promise<Profile> {
  return toProfile(await currentAccount(db, user));
}

/**
 * Own profile. Changing the e-mail (the login) needs the current password, so a session left open
 * cannot hand the account over; the change is audited on its own and a notice goes to the OLD
 * address, whose owner may not be the one who made it.
 */
export async function updateProfile(
  deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger },
  user: CurrentUser,
  input: { LASTNAME: string; FIRSTNAME: string; EMAIL: string; GSM: string; CURRENT_PASSWORD?: string },
  ip: string,
): Promise<Profile> {
  const { db } = deps;
  const before = await currentAccount(db, user);
  const emailChanged = emailChanges(before.email, input.EMAIL);
  if (emailChanged) {
    if (!input.CURRENT_PASSWORD) throw new AppError(422, MSG.currentPasswordRequired, { CURRENT_PASSWORD: [MSG.currentPasswordRequired] });
    if (!(await verifyPassword(input.CURRENT_PASSWORD, before.passwordHash))) {
      throw new AppError(422, MSG.invalidCurrentPassword, { CURRENT_PASSWORD: [MSG.invalidCurrentPassword] });
    }
  }
  if (await emailTakenByOther(db, input.EMAIL, user.id)) throw emailExists();
  const next = { lastname: input.LASTNAME, firstname: input.FIRSTNAME, email: input.EMAIL, gsm: input.GSM };
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      const { email: _e, ...changes } = diff({ lastname: before.lastname, firstname: before.firstname, email: before.email, gsm: before.gsm }, next);
      if (Object.keys(changes).length > 0) await audit(tx, user, 'profile', 'users', user.id, changes);
      if (emailChanged) await auditSecurity(tx, 'email_changed', { id: user.id, email: input.EMAIL }, ip, { email: [before.email, input.EMAIL] });
    });
  } catch (err) {
    // Another account took the address between the check and the write.
    if (pgError(err)?.code === UNIQUE_VIOLATION) throw emailExists();
    throw err;
  }
  if (emailChanged) {
    deps.mailer.send(emailChangedMail(before.email, input.EMAIL, input.FIRSTNAME)).catch((err) => {
      deps.log.error({ err, userId: user.id }, 'e-mail change notice not sent');
    });
  }
  return toProfile({ ...before, ...next });
}

/**
 * Change-password dialog. Only the signed-in account may be changed here; the old password is
 * always required. A new password signs the account out of its other sessions, not this one.
 */
export async function changePassword(db: Db, user: CurrentUser, targetId: number, input: { old_password: string; new_password: string | null }) {
  if (targetId !== user.id) throw new AppError(403, MSG.forbidden);
  const account = await currentAccount(db, user);
  if (!(await verifyPassword(input.old_password, account.passwordHash))) {
    throw new AppError(422, INVALID_OLD_PASSWORD, { old_password: [MSG.invalidOldPassword] });
  }
  const newPassword = input.new_password;
  if (!newPassword) return;
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, { keepSession: user.sessionId, reason: 'password' });
    // Never the password itself, nor its hash: only the fact that it changed.
    await audit(tx, user, 'password', 'users', user.id, { password: 'modifié' });
  });
}
