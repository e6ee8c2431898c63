import { z } from 'zod';
import { email, integer, password, requiredText } from './fields';
import { MSG } from './messages';
import { isBlankRichText } from './rich-text';

/**
 * Message templates and invitations. API
 * names as the spec writes them: ID, NOM_DU_MODÈLE, SUJET, CONTENU, TYPE.
 */
export const TEMPLATE_TYPES = ['email', 'sms'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const TEMPLATE_TYPE_LABELS: Record<TemplateType, string> = { email: 'Email', sms: 'SMS' };

/** Longest SMS template (about six concatenated messages); email content is bounded by the body limit. */
export const SMS_MAX_LENGTH = 1000;
export const EMAIL_CONTENT_MAX_LENGTH = 100_000;

/** Values filled per recipient. */
export const PLACEHOLDERS = ['PRENOM', 'NOM', 'EMAIL', 'CODE_CLIENT', 'SOCIETE', 'LIEN', 'POINTS_EXPIRANT', 'DATE_EXPIRATION'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export const PLACEHOLDER_LABELS: Record<Placeholder, string> = {
  PRENOM: 'prénom',
  NOM: 'nom',
  EMAIL: 'adresse e-mail',
  CODE_CLIENT: 'code client',
  SOCIETE: 'société (client, ou type de client pour l’équipe)',
  LIEN: 'lien pour choisir son mot de passe (7 jours, une seule fois)',
  POINTS_EXPIRANT: 'points du client expirant sous 30 jours',
  DATE_EXPIRATION: 'dernier jour pour dépenser les premiers de ces points (JJ/MM/AAAA)',
};
export const placeholderTag = (p: Placeholder) => `{{${p}}}`;

/** `{{…}}` with no brace inside; the name between the braces may be padded with spaces. */
const PLACEHOLDER_PATTERN = /\{\{([^{}]*)\}\}/g;
const isPlaceholder = (name: string): name is Placeholder => (PLACEHOLDERS as readonly string[]).includes(name);

/** The `{{…}}` of a text that are not placeholders, each once, in order of appearance. */
export function unknownPlaceholders(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER_PATTERN)) if (!isPlaceholder(m[1].trim())) found.add(m[0]);
  return [...found];
}

export const unknownPlaceholderMessage = (tags: readonly string[]) =>
  tags.length === 1 ? `Variable inconnue : ${tags[0]}` : `Variables inconnues : ${tags.join(', ')}`;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Replaces each placeholder by its value (absent values by nothing); `encode` runs on every value
 * (HTML escaping for email content). Unknown `{{…}}` are left as written.
 */
export function fillPlaceholders(text: string, values: Partial<Record<Placeholder, string | null>>, encode: (v: string) => string = (v) => v): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, raw: string) => {
    const name = raw.trim();
    return isPlaceholder(name) ? encode(values[name] ?? '') : whole;
  });
}

const knownPlaceholders = (value: string, ctx: z.RefinementCtx) => {
  const unknown = unknownPlaceholders(value);
  if (unknown.length) ctx.addIssue({ code: 'custom', message: unknownPlaceholderMessage(unknown) });
};

const content = z
  .string({ error: MSG.required })
  .max(EMAIL_CONTENT_MAX_LENGTH, { error: MSG.maxLength(EMAIL_CONTENT_MAX_LENGTH) })
  .refine((v) => !isBlankRichText(v), { error: MSG.required, abort: true })
  .superRefine(knownPlaceholders);

/** The template's fields, each with its own rules (PUT accepts any subset; see templateBody for the whole). */
export const templateFields = z.object({
  NOM_DU_MODÈLE: requiredText(150),
  SUJET: requiredText(255).superRefine(knownPlaceholders),
  CONTENU: content,
  /** Hidden in the form, set from the route (/layout/templates/{type}). */
  TYPE: z.enum(TEMPLATE_TYPES, { error: 'Type de modèle invalide : email ou sms.' }),
});

/** A whole template: its fields, and an SMS no longer than SMS_MAX_LENGTH. */
export const templateBody = templateFields.superRefine((v, ctx) => {
  if (v.TYPE === 'sms' && v.CONTENU.length > SMS_MAX_LENGTH) {
    ctx.addIssue({ code: 'custom', path: ['CONTENU'], message: MSG.maxLength(SMS_MAX_LENGTH) });
  }
});
export type TemplateBody = z.input<typeof templateBody>;

/** A type alias, not an interface: the API's reply schemas take it as a plain record. */
export type MessageTemplate = {
  id: number;
  ID: number;
  NOM_DU_MODÈLE: string;
  SUJET: string;
  CONTENU: string;
  TYPE: TemplateType;
};

/** One-time link to choose a password. */
export const INVITATION_VALID_DAYS = 7;
/** Recipients of one invitation call (each mail is sent during the call). */
export const INVITE_MAX_RECIPIENTS = 200;

export const INVITATION_MSG = {
  sent: 'Invitation envoyée',
  failed: 'Invitation échouée',
  required: 'Veuillez sélectionner un modèle et au moins un utilisateur.',
  tooMany: `Au plus ${INVITE_MAX_RECIPIENTS} destinataires par envoi.`,
  templateNotFound: 'Modèle d’email introuvable.',
  noAccount: 'Aucun compte ne correspond à cette adresse.',
  /** An invitation sets a password, never the right to sign in: only accounts that may sign in get one. */
  notValidated: 'Compte non validé',
  disabled: 'Compte désactivé',
  mailFailed: 'Le serveur de messagerie a refusé l’envoi.',
  invalid: 'Invitation invalide ou expirée',
  accepted: 'Votre compte est prêt.',
  tooManyAttempts: 'Trop de tentatives. Réessayez dans 15 minutes.',
} as const;

/** POST invite/mail: template_key is the email template's id. */
export const inviteBody = z.object({
  emails: z
    .array(email(), { error: INVITATION_MSG.required })
    .min(1, { error: INVITATION_MSG.required })
    .max(INVITE_MAX_RECIPIENTS, { error: INVITATION_MSG.tooMany })
    .transform((list) => [...new Set(list)]),
  template_key: integer({ min: 1, invalid: INVITATION_MSG.required, empty: INVITATION_MSG.required }),
});
export type InviteBody = z.input<typeof inviteBody>;

export interface InviteResult {
  message: string;
  sent: number;
  failed: { email: string; message: string }[];
}

export const invitationToken = () =>
  z.string({ error: INVITATION_MSG.invalid }).min(20, { error: INVITATION_MSG.invalid }).max(200, { error: INVITATION_MSG.invalid });

/** POST invitations/lookup: the link's token, read by the page from the URL fragment. */
export const invitationLookupBody = z.object({ token: invitationToken() });
export type InvitationLookupBody = z.input<typeof invitationLookupBody>;

/** The public page's form: the password twice, with the sign-in's rules. */
export const acceptInvitationBody = z
  .object({
    token: invitationToken(),
    password: z
      .string({ error: MSG.required })
      .min(1, { error: MSG.required, abort: true })
      .max(200, { error: MSG.maxLength(200) })
      .pipe(password()),
    confirm: z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(200),
  })
  .superRefine((v, ctx) => {
    if (v.confirm && v.password !== v.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: MSG.passwordsMismatch });
  });
export type AcceptInvitationBody = z.input<typeof acceptInvitationBody>;

/** POST invitations/lookup: who is invited; MOBILE for a client's user (signs in on the mobile app). */
export interface InvitationInfo {
  FIRSTNAME: string;
  EMAIL: string;
  MOBILE: boolean;
}
export interface InvitationAccepted extends InvitationInfo {
  message: string;
}
