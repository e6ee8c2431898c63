import { describe, expect, it } from 'vitest';
import { invitationMail, placeholderValues } from './invitations.service';
import { cleanTemplateContent, htmlToText, toPlainText } from './template-text';

describe('template text', () => {
  it('SMS content keeps words, drops every tag, and an escaped tag cannot come back', () => {
    expect(toPlainText('<p>Bonjour <b>{{PRENOM}}</b></p>')).toBe('Bonjour {{PRENOM}}');
    expect(toPlainText('&lt;script&gt;alert(1)&lt;/script&gt;Fin')).toBe('Fin');
    expect(toPlainText('AT&amp;T : 1 < 2 &#233;t&#xE9;')).toBe('AT&T : 1 < 2 été');
    expect(cleanTemplateContent('sms', '  <i>Salut</i>\n{{LIEN}}  ')).toBe('Salut\n{{LIEN}}');
  });

  it('email content goes through the rich-text allowlist', () => {
    expect(cleanTemplateContent('email', '<p style="position:fixed" onmouseover="x()">A <a href="{{LIEN}}">lien</a></p><object data="x"></object>')).toBe(
      '<p>A <a href="{{LIEN}}" rel="noopener noreferrer">lien</a></p>',
    );
  });

  it('the text part of a mail has one line per block and shows link addresses', () => {
    expect(
      htmlToText('<p>Bonjour&nbsp;Zoé &lt;b&gt;</p><ul><li>un</li><li>deux</li></ul><p><a href="https://x.tn/i?token=a&amp;b=c">Activer</a><br>Merci</p>'),
    ).toBe('Bonjour Zoé <b>\n- un\n- deux\nActiver (https://x.tn/i?token=a&b=c)\nMerci');
    expect(htmlToText('<p><a href="https://x.tn">https://x.tn</a></p>')).toBe('https://x.tn');
  });

  it('builds one recipient’s mail: escaped values in the HTML, the subject on one line', () => {
    const values = placeholderValues(
      {
        id: 1,
        email: 'a@b.tn',
        firstname: 'Zoé\r\nBcc: x@y.tn',
        lastname: '<i>N</i>',
        clientCode: 'C1',
        clientName: 'Café & Co',
        company: 'Grossiste',
        clientId: 3,
      },
      'https://bo.tn/invitation?token=t',
    );
    expect(values.SOCIETE).toBe('Café & Co');
    const mail = invitationMail({ subject: 'Salut {{PRENOM}}', content: '<p>{{NOM}} — {{SOCIETE}} <a href="{{LIEN}}">ici</a></p>' }, 'a@b.tn', values);
    expect(mail.subject).toBe('Salut Zoé Bcc: x@y.tn');
    expect(mail.html).toContain('<p>&lt;i&gt;N&lt;/i&gt; — Café &amp; Co <a href="https://bo.tn/invitation?token=t">ici</a></p>');
    expect(mail.text).toBe('<i>N</i> — Café & Co ici (https://bo.tn/invitation?token=t)');
    const staff = placeholderValues(
      { id: 2, email: 's@b.tn', firstname: 'S', lastname: 'T', clientCode: null, clientName: null, company: 'Grossiste', clientId: null },
      'l',
    );
    expect([staff.CODE_CLIENT, staff.SOCIETE]).toEqual(['', 'Grossiste']);
    expect([staff.POINTS_EXPIRANT, staff.DATE_EXPIRATION]).toEqual(['', '']);
  });

  it('fills the points expiry placeholders of a client: points, and the last day in DD/MM/YYYY', () => {
    const base = { id: 1, email: 'a@b.tn', firstname: 'Zoé', lastname: 'N', clientCode: 'C1', clientName: 'Café', company: null, clientId: 3 };
    const values = placeholderValues({ ...base, expiringPoints: 250, expiryDay: '2026-12-31' }, 'l');
    const mail = invitationMail({ subject: '{{POINTS_EXPIRANT}} points', content: '<p>Avant le {{DATE_EXPIRATION}}</p>' }, 'a@b.tn', values);
    expect(mail.subject).toBe('250 points');
    expect(mail.text).toBe('Avant le 31/12/2026');
    expect(placeholderValues({ ...base, expiringPoints: 0, expiryDay: null }, 'l')).toMatchObject({ POINTS_EXPIRANT: '0', DATE_EXPIRATION: '' });
  });
});
