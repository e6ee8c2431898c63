import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_CODES, RESET_CODE_MAX_TRIES, RESET_CODE_MINUTES } from '@app/domain';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/http';
import { hashPassword } from '../../lib/password';
import type { Mailer } from '../../plugins/mail';
import { auditSecurity } from '../../lib/audit/audit.repository';
import { passwordResetMail } from './account-notice-mails';
import { type Account, findAccountByEmail, revokeUserSessions } from './auth.repository';
import { users } from '../../lib/auth/accounts.table';
import { passwordResets } from './auth.table';
import { recordAttempt } from './login-attempts';
import { resetCodeMail } from './reset-code-mail';

export const RESET_SENT_MESSAGE = 'Si un compte existe pour cette adresse, un code vous a été envoyé.';
export const RESET_CODE_INVALID = 'Code invalide ou expiré';
export const RESET_CODE_VALID = 'Code valide';
export const RESET_DONE_MESSAGE = 'Votre mot de passe a été modifié. Vous pouvez vous connecter avec le nouveau mot de passe.';

const codeInvalid = () => new AppError(422, RESET_CODE_INVALID, { reset_code: [RESET_CODE_INVALID] });
const hashCode = (code: string) => createHash('sha256').update(code).digest();

/**
 * Creates a 6-digit code for an active account and mails it; earlier open codes die with it.
 * Unknown or inactive addresses get no mail and no error, so the caller can answer the same
 * either way. The mail is not awaited, so SMTP latency does not reveal that the account exists.
 */
type Deps = { db: Db; mailer: Mailer; log: FastifyBaseLogger };

export async function sendResetCode(deps: Deps, email: string, ip: string) {
  const account = await findAccountByEmail(deps.db, email);
  if (account?.status !== ACCOUNT_CODES.ACTIVE) return;
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await deps.db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, account.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: account.id,
      codeHash: hashCode(code).toString('hex'),
      expiresAt: new Date(Date.now() + RESET_CODE_MINUTES * 60_000),
    });
    await auditSecurity(tx, 'reset_code_sent', account, ip);
  });
  deps.mailer.send(resetCodeMail(account.email, account.firstname, code)).catch((err) => {
    deps.log.error({ err, userId: account.id }, 'password reset mail not sent');
  });
}

/**
 * Checks a code against the account's latest open request. A try is reserved before comparing
 * (attempts + 1 only while below the limit), so parallel guesses cannot exceed RESET_CODE_MAX_TRIES;
 * a right code gives its try back, so validating then resetting costs the user nothing.
 */
export async function checkResetCode(db: Db, email: string, code: string, ip: string): Promise<{ resetId: number; account: Account }> {
  const account = await findAccountByEmail(db, email);
  const refuse = async (reason: string) => {
    await auditSecurity(db, 'reset_code_failed', account ?? { id: null, email: email.slice(0, 190) }, ip, { reason });
    return codeInvalid();
  };
  if (account?.status !== ACCOUNT_CODES.ACTIVE) throw await refuse(account ? 'inactive' : 'unknown_email');
  const [open] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, account.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
    .orderBy(desc(passwordResets.id))
    .limit(1);
  if (!open) throw await refuse('no_open_code');
  const [reserved] = await db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(and(eq(passwordResets.id, open.id), isNull(passwordResets.usedAt), lt(passwordResets.attempts, RESET_CODE_MAX_TRIES)))
    .returning({ codeHash: passwordResets.codeHash });
  if (!reserved) throw await refuse('too_many_tries');

  const expected = Buffer.from(reserved.codeHash, 'hex');
  const given = hashCode(code.trim());
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw await refuse('wrong_code');
  await db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} - 1` })
    .where(eq(passwordResets.id, open.id));
  return { resetId: open.id, account };
}

/**
 * Sets the new password, spends the code and signs the account out everywhere, all or nothing; then
 * tells the owner by mail (not awaited, as for the code).
 */
export async function resetPassword(deps: Deps, input: { email: string; code: string; password: string; ip: string }) {
  const { db } = deps;
  const { resetId, account } = await checkResetCode(db, input.email, input.code, input.ip);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const spent = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, resetId), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    // A concurrent reset with the same code got there first.
    if (spent.length === 0) throw codeInvalid();
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, account.id));
    await revokeUserSessions(tx, account.id, { reason: 'password' });
    // Proving ownership of the mailbox lifts the per-email sign-in lock (see login-attempts.ts).
    await recordAttempt(tx, account.email, 'password-reset', true);
    await auditSecurity(tx, 'password_reset', account, input.ip);
  });
  deps.mailer.send(passwordResetMail(account.email, account.firstname)).catch((err) => {
    deps.log.error({ err, userId: account.id }, 'password reset notice not sent');
  });
}
