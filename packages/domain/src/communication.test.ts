import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  acceptInvitationBody,
  escapeHtml,
  fillPlaceholders,
  INVITATION_MSG,
  INVITE_MAX_RECIPIENTS,
  inviteBody,
  PLACEHOLDERS,
  SMS_MAX_LENGTH,
  templateBody,
  templateFields,
  unknownPlaceholderMessage,
  unknownPlaceholders,
} from './communication';
import { isBlankRichText } from './rich-text';
import { MSG } from './messages';

const issues = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

const valid = { NOM_DU_MODÈLE: 'Invitation', SUJET: 'Bienvenue {{PRENOM}}', CONTENU: '<p>Bonjour {{PRENOM}} {{NOM}}</p>', TYPE: 'email' };

describe('placeholders', () => {
  it('lists the six placeholders of the spec, and the two of points expiry', () => {
    expect(PLACEHOLDERS.map((p) => `{{${p}}}`).join(' ')).toBe(
      '{{PRENOM}} {{NOM}} {{EMAIL}} {{CODE_CLIENT}} {{SOCIETE}} {{LIEN}} {{POINTS_EXPIRANT}} {{DATE_EXPIRATION}}',
    );
  });

  it('finds unknown placeholders once each, in order, and accepts padded known ones', () => {
    expect(unknownPlaceholders('Bonjour {{PRENOM}} {{ NOM }}, {{FOO}} {{prenom}} {{FOO}} {{}}')).toEqual(['{{FOO}}', '{{prenom}}', '{{}}']);
    expect(unknownPlaceholders('Rien à remplacer { PRENOM } {{PRENOM')).toEqual([]);
    expect(unknownPlaceholderMessage(['{{FOO}}'])).toBe('Variable inconnue : {{FOO}}');
    expect(unknownPlaceholderMessage(['{{FOO}}', '{{BAR}}'])).toBe('Variables inconnues : {{FOO}}, {{BAR}}');
  });

  it('fills each placeholder, escaping values when asked and leaving unknown ones as written', () => {
    const values = { PRENOM: 'Zoé <b>&</b>', NOM: "O'Neil", LIEN: 'https://x.tn/invitation?token=a&b' };
    expect(fillPlaceholders('{{PRENOM}} {{ NOM }} {{SOCIETE}}|{{FOO}}', values)).toBe("Zoé <b>&</b> O'Neil |{{FOO}}");
    expect(fillPlaceholders('<a href="{{LIEN}}">{{PRENOM}}</a>', values, escapeHtml)).toBe(
      '<a href="https://x.tn/invitation?token=a&amp;b">Zoé &lt;b&gt;&amp;&lt;/b&gt;</a>',
    );
    expect(escapeHtml(`"'<>&`)).toBe('&quot;&#39;&lt;&gt;&amp;');
  });
});

describe('templateBody', () => {
  it('accepts a whole template and trims the name and subject', () => {
    expect(templateBody.parse({ ...valid, NOM_DU_MODÈLE: '  Invitation ' }).NOM_DU_MODÈLE).toBe('Invitation');
  });

  it('requires name, subject, content and a type email or sms', () => {
    expect(issues(templateBody, {})).toEqual([
      ['NOM_DU_MODÈLE', MSG.required],
      ['SUJET', MSG.required],
      ['CONTENU', MSG.required],
      ['TYPE', 'Type de modèle invalide : email ou sms.'],
    ]);
    expect(issues(templateBody, { ...valid, TYPE: 'fax' })).toEqual([['TYPE', 'Type de modèle invalide : email ou sms.']]);
  });

  it('treats an empty editor as no content, an image as content', () => {
    expect(isBlankRichText('<p><br></p>')).toBe(true);
    expect(isBlankRichText('<p>&nbsp; </p>')).toBe(true);
    expect(isBlankRichText('<p><img src="https://x.tn/a.png"></p>')).toBe(false);
    expect(issues(templateBody, { ...valid, CONTENU: '<p><br></p>' })).toEqual([['CONTENU', MSG.required]]);
  });

  it('names unknown placeholders of the subject and the content', () => {
    expect(issues(templateBody, { ...valid, SUJET: 'Salut {{FOO}}', CONTENU: '{{BAR}} {{LIEN}} {{BAZ}}' })).toEqual([
      ['SUJET', 'Variable inconnue : {{FOO}}'],
      ['CONTENU', 'Variables inconnues : {{BAR}}, {{BAZ}}'],
    ]);
  });

  it('limits SMS content, not email content, to SMS_MAX_LENGTH', () => {
    const long = 'x'.repeat(SMS_MAX_LENGTH + 1);
    expect(issues(templateBody, { ...valid, TYPE: 'sms', CONTENU: long })).toEqual([['CONTENU', MSG.maxLength(SMS_MAX_LENGTH)]]);
    expect(issues(templateBody, { ...valid, CONTENU: long })).toEqual([]);
  });

  it('keeps each field rule on the field, so a partial update checks what it sends', () => {
    expect(issues(templateFields.partial(), { CONTENU: '{{FOO}}' })).toEqual([['CONTENU', 'Variable inconnue : {{FOO}}']]);
    expect(issues(templateFields.partial(), {})).toEqual([]);
  });
});

describe('inviteBody', () => {
  it('needs a template and at least one valid email, with the spec message', () => {
    expect(issues(inviteBody, {})).toEqual([
      ['emails', INVITATION_MSG.required],
      ['template_key', INVITATION_MSG.required],
    ]);
    expect(issues(inviteBody, { emails: [], template_key: '' })).toEqual([
      ['emails', INVITATION_MSG.required],
      ['template_key', INVITATION_MSG.required],
    ]);
    expect(issues(inviteBody, { emails: ['pas-un-email'], template_key: 3 })).toEqual([['emails.0', MSG.email]]);
  });

  it('lower-cases and de-duplicates the emails, takes the id as a number, and caps the list', () => {
    expect(inviteBody.parse({ emails: ['A@demo.tn', 'a@demo.tn', 'b@demo.tn'], template_key: '4' })).toEqual({
      emails: ['a@demo.tn', 'b@demo.tn'],
      template_key: 4,
    });
    const many = Array.from({ length: INVITE_MAX_RECIPIENTS + 1 }, (_, i) => `u${i}@demo.tn`);
    expect(issues(inviteBody, { emails: many, template_key: 1 })).toEqual([['emails', INVITATION_MSG.tooMany]]);
  });
});

describe('acceptInvitationBody', () => {
  const token = 'x'.repeat(43);
  it('asks for the password twice with the sign-in rules', () => {
    expect(issues(acceptInvitationBody, { token, password: '', confirm: '' })).toEqual([
      ['password', MSG.required],
      ['confirm', MSG.required],
    ]);
    expect(issues(acceptInvitationBody, { token, password: 'court', confirm: 'court' })).toEqual([['password', MSG.passwordMin]]);
    expect(issues(acceptInvitationBody, { token, password: 'Secret2025!', confirm: 'Autre2025!' })).toEqual([['confirm', MSG.passwordsMismatch]]);
    expect(issues(acceptInvitationBody, { token: 'abc', password: 'Secret2025!', confirm: 'Secret2025!' })).toEqual([['token', INVITATION_MSG.invalid]]);
    expect(issues(acceptInvitationBody, { token, password: 'Secret2025!', confirm: 'Secret2025!' })).toEqual([]);
  });
});
