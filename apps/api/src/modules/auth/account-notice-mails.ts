import { formatDateTime } from '@app/domain';
import type { MailMessage } from '../../plugins/mail';
import { escapeHtml } from './reset-code-mail';

/**
 * Notices sent to an account's owner after a change they may not have made themselves:
 * if it was not them, they learn it from the mail and can act (reset the password, call an admin).
 */
export const EMAIL_CHANGED_SUBJECT = 'Adresse e-mail de votre compte modifiée';
export const PASSWORD_RESET_SUBJECT = 'Mot de passe de votre compte réinitialisé';

const SIGNATURE = 'L’équipe du programme de fidélité';
const IF_NOT_YOU = 'Si vous n’êtes pas à l’origine de ce changement, contactez sans attendre l’administrateur du programme.';

function notice(to: string, subject: string, firstname: string, lines: string[]): MailMessage {
  const greeting = firstname.trim() ? `Bonjour ${firstname.trim()},` : 'Bonjour,';
  const paragraphs = [greeting, ...lines, IF_NOT_YOU, SIGNATURE];
  return {
    to,
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
  };
}

/** Sent to the OLD address: the new one may be the intruder's. */
export const emailChangedMail = (oldEmail: string, newEmail: string, firstname: string, at = new Date()) =>
  notice(oldEmail, EMAIL_CHANGED_SUBJECT, firstname, [
    `L’adresse e-mail de connexion de votre compte back-office a été remplacée le ${formatDateTime(at)} par : ${newEmail}.`,
    'Les messages du programme seront désormais envoyés à cette nouvelle adresse.',
  ]);

export const passwordResetMail = (to: string, firstname: string, at = new Date()) =>
  notice(to, PASSWORD_RESET_SUBJECT, firstname, [
    `Le mot de passe de votre compte back-office a été réinitialisé le ${formatDateTime(at)} avec un code envoyé à cette adresse.`,
    'Toutes les sessions ouvertes avec l’ancien mot de passe ont été fermées.',
  ]);
