import { BADGE_BONUS_FIELDS, BADGE_BONUS_LABELS, type Badge, formatBadgePoints } from '@app/domain';
import type { MailMessage } from '../../plugins/mail';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const points = (n: number) => `${formatBadgePoints(n)} points`;

export const BADGE_IMAGE_CID = 'badge-image@fidelite';

export interface BadgeImage {
  content: Buffer;
  fileName: string;
  mimeType: string;
}

/** The mail of a badge to one user of a client: name, description, bonuses, and the image inline. */
export function badgeMail(
  badge: Pick<Badge, 'NAME' | 'DESCRIPTION' | (typeof BADGE_BONUS_FIELDS)[number]>,
  clientName: string,
  user: { email: string; firstname: string; lastname: string },
  image: BadgeImage | null,
): MailMessage {
  const who = `${user.firstname} ${user.lastname}`.trim();
  const greeting = who ? `Bonjour ${who},` : 'Bonjour,';
  const intro = `${clientName} détient le badge « ${badge.NAME} » du programme de fidélité.`;
  const bonuses = BADGE_BONUS_FIELDS.map((f) => [BADGE_BONUS_LABELS[f], points(badge[f])] as const);
  const text = [
    greeting,
    '',
    intro,
    ...(badge.DESCRIPTION ? ['', badge.DESCRIPTION] : []),
    '',
    ...bonuses.map(([label, value]) => `${label} : ${value}`),
    '',
    'L’équipe du programme de fidélité',
  ].join('\n');
  const rows = bonuses
    .map(([label, value]) => `<tr><td style="padding:2px 12px 2px 0">${escapeHtml(label)}</td><td><strong>${escapeHtml(value)}</strong></td></tr>`)
    .join('');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${image ? `<p><img src="cid:${BADGE_IMAGE_CID}" alt="Badge ${escapeHtml(badge.NAME)}" width="120" style="max-width:120px;height:auto"></p>` : ''}
${badge.DESCRIPTION ? `<p>${escapeHtml(badge.DESCRIPTION)}</p>` : ''}
<table role="presentation">${rows}</table>
<p>L’équipe du programme de fidélité</p>`;
  return {
    to: user.email,
    subject: `Votre badge « ${badge.NAME} »`,
    text,
    html,
    ...(image ? { attachments: [{ filename: image.fileName, content: image.content, contentType: image.mimeType, cid: BADGE_IMAGE_CID }] } : {}),
  };
}
