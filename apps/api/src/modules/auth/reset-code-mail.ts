import { RESET_CODE_MINUTES } from '@app/domain';
import type { MailMessage } from '../../plugins/mail';

export const RESET_MAIL_SUBJECT = 'Code de réinitialisation du mot de passe';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The code sits alone on its line so it survives any mail transfer encoding intact. */
export function resetCodeMail(to: string, firstname: string, code: string): MailMessage {
  const greeting = firstname.trim() ? `Bonjour ${firstname.trim()},` : 'Bonjour,';
  const text = [
    greeting,
    '',
    'Vous avez demandé la réinitialisation du mot de passe de votre compte back-office. Votre code :',
    '',
    code,
    '',
    `Ce code est valable ${RESET_CODE_MINUTES} minutes et ne sert qu’une fois.`,
    'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
    '',
    'L’équipe du programme de fidélité',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Vous avez demandé la réinitialisation du mot de passe de votre compte back-office. Votre code :</p>
<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p>
<p>Ce code est valable ${RESET_CODE_MINUTES} minutes et ne sert qu’une fois.<br>
Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.</p>
<p>L’équipe du programme de fidélité</p>`;
  return { to, subject: RESET_MAIL_SUBJECT, text, html };
}
