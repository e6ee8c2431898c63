import {
  ACCOUNT_CODES,
  escapeHtml,
  fillPlaceholders,
  INVITATION_MSG,
  INVITATION_VALID_DAYS,
  type InvitationAccepted,
  type InvitationInfo,
  type InviteResult,
  type Placeholder,
  formatDate,
  ROLE,
} from '@app/domain';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/http';
import { hashPassword } from '../../lib/password';
import { hashToken, newToken } from '../../plugins/auth';
import type { CurrentUser } from '../../lib/auth/current-user';
import type { Mailer, MailMessage } from '../../plugins/mail';
import { audit } from '../../lib/audit/audit.repository';
import { revokeUserSessions } from '../auth';
import { roles, users } from '../../lib/auth/accounts.table';
import { recordAttempt } from '../auth';
import { clientTypes } from '../../lib/clients/classification.table';
import { clients } from '../../lib/clients/clients.table';
import { expiringSoon } from '../loyalty';
import { invitations } from './invitations.table';
import { htmlToText } from './template-text';
import { messageTemplates } from './templates.table';

export interface InviteDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

interface Recipient {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  clientCode: string | null;
  clientName: string | null;
  company: string | null;
  clientId: number | null;
  /** The client's points expiring within 30 days, and the last day the first of them can be spent (YYYY-MM-DD). */
  expiringPoints?: number | null;
  expiryDay?: string | null;
}

const invalid = () => new AppError(404, INVITATION_MSG.invalid);

/** Placeholder values of one recipient: the client's code and name, or the staff member's company (client type). */
export function placeholderValues(r: Recipient, link: string): Record<Placeholder, string> {
  return {
    PRENOM: r.firstname,
    NOM: r.lastname,
    EMAIL: r.email,
    CODE_CLIENT: r.clientCode ?? '',
    SOCIETE: (r.clientId ? r.clientName : r.company) ?? '',
    LIEN: link,
    POINTS_EXPIRANT: r.clientId ? String(r.expiringPoints ?? 0) : '',
    DATE_EXPIRATION: r.expiryDay ? formatDate(r.expiryDay) : '',
  };
}

/** The mail of one recipient: values HTML-escaped in the content, a plain subject on one line. */
export function invitationMail(template: { subject: string; content: string }, to: string, values: Record<Placeholder, string>): MailMessage {
  const html = fillPlaceholders(template.content, values, escapeHtml);
  const subject = fillPlaceholders(template.subject, values)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  return {
    to,
    subject,
    text: htmlToText(html),
    html: `<!doctype html><html lang="fr"><body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1f2937">${html}</body></html>`,
  };
}

/** The invitation's e-mail template must exist (422 naming template_key otherwise): checked before a bulk call commits. */
export async function assertInvitationTemplate(db: Db, templateId: number): Promise<void> {
  const [template] = await db
    .select({ id: messageTemplates.id })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.id, templateId), eq(messageTemplates.type, 'email')))
    .limit(1);
  if (!template) throw new AppError(422, INVITATION_MSG.templateNotFound, { template_key: [INVITATION_MSG.templateNotFound] });
}

/**
 * Why an account may not be invited, or null: an invitation sets a password, never the right to sign
 * in, so it goes only to accounts that may sign in. STATUS 0 is a request staff never validated, or an
 * account they switched off (validated_at tells them apart).
 */
export function cannotSignIn(account: { status: number; validatedAt: Date | null }): string | null {
  if (account.status === ACCOUNT_CODES.ACTIVE) return null;
  return account.validatedAt ? INVITATION_MSG.disabled : INVITATION_MSG.notValidated;
}

/**
 * POST invite/mail: one mail per address through the app's mailer (SMTP, or the outbox), each
 * with its own one-time link; every address gets an `invitations` row (sent or failed, why), and
 * an address without an account is reported as failed rather than refusing the whole call. The
 * row is written before the mail leaves, so a link that was sent always works.
 */
export async function sendInvitations(
  deps: InviteDeps,
  input: { emails: string[]; templateId: number; invitedBy: CurrentUser; baseUrl: string; ip: string },
): Promise<InviteResult> {
  const { db } = deps;
  const [template] = await db
    .select({ id: messageTemplates.id, subject: messageTemplates.subject, content: messageTemplates.content })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.id, input.templateId), eq(messageTemplates.type, 'email')))
    .limit(1);
  if (!template) throw new AppError(422, INVITATION_MSG.templateNotFound, { template_key: [INVITATION_MSG.templateNotFound] });

  const found = await db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      clientId: users.clientId,
      status: users.status,
      validatedAt: users.validatedAt,
      clientCode: clients.code,
      clientName: clients.name,
      company: clientTypes.name,
      expiringPoints: expiringSoon(clients.id).points,
      expiryDay: expiringSoon(clients.id).lastDay,
    })
    .from(users)
    .leftJoin(clients, eq(clients.id, users.clientId))
    .leftJoin(clientTypes, eq(clientTypes.id, users.typeClientId))
    .where(inArray(sql`lower(${users.email})`, input.emails));
  const byEmail = new Map(found.map((u) => [u.email.toLowerCase(), u]));

  const failed: InviteResult['failed'] = [];
  let sent = 0;
  const base = { templateId: template.id, invitedById: input.invitedBy.id };

  for (const email of input.emails) {
    const user = byEmail.get(email);
    const refusal = user ? cannotSignIn(user) : INVITATION_MSG.noAccount;
    if (!user || refusal) {
      const message = refusal ?? INVITATION_MSG.noAccount;
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(invitations)
          .values({ ...base, email, userId: user?.id ?? null, result: 'failed', error: message })
          .returning({ id: invitations.id });
        await audit(tx, input.invitedBy, 'invitation', 'invitations', row.id, { email, template: template.id, result: 'failed', error: message, ip: input.ip });
      });
      failed.push({ email, message });
      continue;
    }

    const token = newToken();
    const expiresAt = new Date(Date.now() + INVITATION_VALID_DAYS * 86_400_000);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(invitations)
        .values({ ...base, email: user.email, userId: user.id, tokenHash: hashToken(token), expiresAt, result: 'sent' })
        .returning({ id: invitations.id });
      await audit(tx, input.invitedBy, 'invitation', 'invitations', row.id, {
        email: user.email,
        userId: user.id,
        template: template.id,
        result: 'sent',
        ip: input.ip,
      });
      return row.id;
    });

    // In the fragment: browsers never send it, so no server, proxy or Referer ever logs the token.
    const link = `${input.baseUrl}/invitation#token=${token}`;
    try {
      await deps.mailer.send(invitationMail(template, user.email, placeholderValues(user, link)));
      sent++;
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      deps.log.warn({ err, email: user.email }, 'invitation mail not sent');
      // The link was never delivered: it dies with the failure.
      await db.transaction(async (tx) => {
        await tx.update(invitations).set({ result: 'failed', error: reason, tokenHash: null, expiresAt: null }).where(eq(invitations.id, id));
        await audit(tx, input.invitedBy, 'invitation', 'invitations', id, { email: user.email, result: 'failed', error: reason, ip: input.ip });
      });
      failed.push({ email: user.email, message: INVITATION_MSG.mailFailed });
    }
  }

  if (sent === 0) {
    throw new AppError(422, INVITATION_MSG.failed, { emails: failed.map((f) => `${f.email} : ${f.message}`) });
  }
  return { message: INVITATION_MSG.sent, sent, failed };
}

/**
 * An open invitation (sent, not used, not expired) and its invitee, who may still sign in: switching the
 * account off or changing its e-mail voids its links (a trigger of the users table), and a link sent
 * before that rule cannot open an account staff have not let in.
 */
async function openInvitation(db: Pick<Db, 'select'>, token: string) {
  const [row] = await db
    .select({ id: invitations.id, userId: users.id, firstname: users.firstname, email: users.email, clientId: users.clientId, role: roles.label })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(invitations.tokenHash, hashToken(token)),
        eq(invitations.result, 'sent'),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, new Date()),
        eq(users.status, ACCOUNT_CODES.ACTIVE),
      ),
    )
    .limit(1);
  return row ?? null;
}

const toInfo = (row: { firstname: string; email: string; clientId: number | null; role: string }): InvitationInfo => ({
  FIRSTNAME: row.firstname,
  EMAIL: row.email,
  // A client's user signs in on the mobile app, not on the back-office.
  MOBILE: row.clientId !== null || row.role === ROLE.patente,
});

export async function readInvitation(db: Db, token: string): Promise<InvitationInfo> {
  const row = await openInvitation(db, token);
  if (!row) throw invalid();
  return toInfo(row);
}

/**
 * Sets the invitee's password, spends the link (and any other open link of the same account) and
 * closes the account's sessions on both sides (back office and app), all or nothing. It changes
 * nothing else about the account's rights: whether it may sign in is staff's decision (STATUS).
 */
export async function acceptInvitation(db: Db, input: { token: string; password: string }): Promise<InvitationAccepted> {
  const row = await openInvitation(db, input.token);
  if (!row) throw invalid();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const now = new Date();
    const spent = await tx
      .update(invitations)
      .set({ usedAt: now })
      .where(and(eq(invitations.id, row.id), isNull(invitations.usedAt)))
      .returning({ id: invitations.id });
    // The same link used twice at once: the other request got there first.
    if (spent.length === 0) throw invalid();
    await tx
      .update(invitations)
      .set({ usedAt: now })
      .where(and(eq(invitations.userId, row.userId), isNull(invitations.usedAt), ne(invitations.id, row.id)));
    // Still allowed to sign in under the row's lock: staff may have switched it off since the lookup.
    const set = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, row.userId), eq(users.status, ACCOUNT_CODES.ACTIVE)))
      .returning({ id: users.id });
    if (set.length === 0) throw invalid();
    await revokeUserSessions(tx, row.userId, { reason: 'password' });
    // Proving ownership of the mailbox lifts the per-email sign-in lock, as a password reset does.
    await recordAttempt(tx, row.email, 'invitation', true);
    await audit(tx, { id: row.userId, email: row.email }, 'password', 'users', row.userId, { invitation: row.id });
  });
  return { message: INVITATION_MSG.accepted, ...toInfo(row) };
}
