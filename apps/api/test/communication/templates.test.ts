import { MSG, SMS_MAX_LENGTH } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/lib/audit/audit.table';
import { seedTemplates } from '../../src/modules/communication/communication.seed';
import { messageTemplates } from '../../src/modules/communication/templates.table';
import { createTestApp, type TestContext } from '../support/helpers';

/** Message templates: CRUD, the type filter, placeholders and server-side cleaning. */
let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = await t.auth('admin@demo.tn');
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object) => t.app.inject({ method, url: `/api/${url}`, payload, headers });

const email = (over: object = {}) => ({
  NOM_DU_MODÈLE: 'Bienvenue équipe',
  SUJET: 'Bonjour {{PRENOM}}',
  CONTENU: '<p>Bonjour {{PRENOM}} {{NOM}}, voici votre lien : <a href="{{LIEN}}">{{LIEN}}</a></p>',
  TYPE: 'email',
  ...over,
});

describe('templating CRUD', () => {
  it('creates, reads, updates (partial) and deletes, each write audited', async () => {
    const created = await call('POST', 'templating', email());
    expect(created.statusCode).toBe(201);
    const tpl = created.json().data;
    expect(tpl).toMatchObject({ ID: tpl.id, NOM_DU_MODÈLE: 'Bienvenue équipe', SUJET: 'Bonjour {{PRENOM}}', TYPE: 'email' });
    expect(tpl.CONTENU).toContain('href="{{LIEN}}"');

    expect((await call('GET', `templating/${tpl.id}`)).json().data).toEqual(tpl);

    const updated = await call('PUT', `templating/${tpl.id}`, { SUJET: '  Bienvenue {{PRENOM}} {{NOM}}  ' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ SUJET: 'Bienvenue {{PRENOM}} {{NOM}}', NOM_DU_MODÈLE: 'Bienvenue équipe', CONTENU: tpl.CONTENU });

    expect((await call('DELETE', `templating/${tpl.id}`)).json()).toEqual({ success: true, data: { id: tpl.id } });
    expect((await call('GET', `templating/${tpl.id}`)).statusCode).toBe(404);
    expect((await call('PUT', `templating/${tpl.id}`, { SUJET: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `templating/${tpl.id}`)).statusCode).toBe(404);

    const trail = await t.db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'templating'), eq(auditLog.entityId, String(tpl.id))))
      .orderBy(auditLog.id);
    expect(trail.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(trail[1].changes).toEqual({ SUJET: ['Bonjour {{PRENOM}}', 'Bienvenue {{PRENOM}} {{NOM}}'] });
  });

  it('requires name, subject, content and type (422 with field errors, nothing saved)', async () => {
    const before = (await t.db.select().from(messageTemplates)).length;
    const r = await call('POST', 'templating', {});
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toEqual({
      NOM_DU_MODÈLE: [MSG.required],
      SUJET: [MSG.required],
      CONTENU: [MSG.required],
      TYPE: ['Type de modèle invalide : email ou sms.'],
    });
    const blank = await call('POST', 'templating', email({ NOM_DU_MODÈLE: '   ', CONTENU: '<p><br></p>' }));
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ NOM_DU_MODÈLE: [MSG.blank], CONTENU: [MSG.required] });
    expect((await t.db.select().from(messageTemplates)).length).toBe(before);
  });

  it('refuses an unknown placeholder on create and on update, naming it', async () => {
    const r = await call('POST', 'templating', email({ CONTENU: '<p>Bonjour {{PRENOM}} {{FOO}}</p>' }));
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ success: false, message: 'Variable inconnue : {{FOO}}', errors: { CONTENU: ['Variable inconnue : {{FOO}}'] } });

    const subject = await call('POST', 'templating', email({ SUJET: '{{NOM_CLIENT}} et {{DATE}}' }));
    expect(subject.json().errors).toEqual({ SUJET: ['Variables inconnues : {{NOM_CLIENT}}, {{DATE}}'] });

    const id = (await call('POST', 'templating', email({ NOM_DU_MODÈLE: 'Placeholders' }))).json().data.id;
    const put = await call('PUT', `templating/${id}`, { CONTENU: 'Salut {{BAR}}' });
    expect(put.statusCode).toBe(422);
    expect(put.json().message).toBe('Variable inconnue : {{BAR}}');
    expect((await call('GET', `templating/${id}`)).json().data.CONTENU).not.toContain('BAR');
  });

  it('cleans email content with the rich-text allowlist and SMS content down to plain text', async () => {
    const dirty =
      '<p onclick="steal()">Bonjour <strong>{{PRENOM}}</strong></p><script>alert(1)</script>' +
      '<iframe src="https://evil.example"></iframe><img src="https://x.tn/logo.png" onerror="alert(2)"><a href="javascript:alert(3)">lien</a>';
    const mail = (await call('POST', 'templating', email({ NOM_DU_MODÈLE: 'Nettoyé', CONTENU: dirty }))).json().data;
    expect(mail.CONTENU).toBe('<p>Bonjour <strong>{{PRENOM}}</strong></p><img src="https://x.tn/logo.png" /><a rel="noopener noreferrer">lien</a>');

    const sms = await call('POST', 'templating', {
      NOM_DU_MODÈLE: 'SMS nettoyé',
      SUJET: 'Info',
      CONTENU: '<b>Bonjour</b> {{PRENOM}} &amp; <i>bienvenue</i> &lt;b&gt;chez nous&lt;/b&gt; <style>p{}</style>: 1 < 2',
      TYPE: 'sms',
    });
    expect(sms.statusCode).toBe(201);
    expect(sms.json().data.CONTENU).toBe('Bonjour {{PRENOM}} & bienvenue chez nous : 1 < 2');

    // Switching a template to SMS turns its content into plain text.
    const switched = await call('PUT', `templating/${mail.id}`, { TYPE: 'sms' });
    expect(switched.json().data).toMatchObject({ TYPE: 'sms', CONTENU: 'Bonjour {{PRENOM}}lien' });

    // Content made only of forbidden markup is empty once cleaned.
    const empty = await call('POST', 'templating', email({ CONTENU: '<iframe src="https://evil.example"></iframe>' }));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ CONTENU: [MSG.required] });

    const long = await call('POST', 'templating', { NOM_DU_MODÈLE: 'Long', SUJET: 'x', CONTENU: 'x'.repeat(SMS_MAX_LENGTH + 1), TYPE: 'sms' });
    expect(long.json().errors).toEqual({ CONTENU: [MSG.maxLength(SMS_MAX_LENGTH)] });
  });
});

describe('templating lists', () => {
  beforeAll(async () => {
    await t.db.delete(messageTemplates);
    await seedTemplates(t.db);
  });

  const names = (r: { json(): { data: { NOM_DU_MODÈLE: string }[] } }) => r.json().data.map((d) => d.NOM_DU_MODÈLE);

  it('filters by type, searches name and subject, sorts, pages by 50', async () => {
    const all = await call('GET', 'templating?page=1');
    expect(all.json().meta).toEqual({ total: 7, last_page: 1, current_page: 1, per_page: 50 });

    const sms = await call('GET', 'templating?type=sms&page=1');
    expect(names(sms)).toEqual(['Bienvenue (SMS)', 'Rappel d’expiration (SMS)', 'Rappel de points (SMS)']);
    expect(sms.json().data.every((d: { TYPE: string }) => d.TYPE === 'sms')).toBe(true);
    expect((await call('GET', 'templating?type=fax')).statusCode).toBe(422);

    // Accent-insensitive name order (Félicitations before Invitation…).
    expect(names(await call('GET', 'templating?type=email'))).toEqual([
      'Félicitations pour votre badge',
      'Invitation à l’application mobile',
      'Invitation au back-office',
      'Rappel d’expiration',
    ]);
    // Search on the subject ('rejoignez') and on the name ('badge').
    expect(names(await call('GET', 'templating?search=rejoignez'))).toEqual(['Invitation à l’application mobile']);
    expect(names(await call('GET', 'templating?type=email&search=BADGE'))).toEqual(['Félicitations pour votre badge']);
    expect(names(await call('GET', 'templating?type=email&sort=SUJET&order=desc'))[0]).toBe('Invitation à l’application mobile');
  });

  it('GET templating/{type}: every template of the type (selectors), or one page', async () => {
    const emails = await call('GET', 'templating/email');
    expect(emails.statusCode).toBe(200);
    expect(emails.json().meta).toBeUndefined();
    expect(emails.json().data).toHaveLength(4);
    const page = await call('GET', 'templating/sms?page=2&perPage=1');
    expect(page.json()).toMatchObject({
      data: [{ NOM_DU_MODÈLE: 'Rappel d’expiration (SMS)' }],
      meta: { total: 3, last_page: 3, current_page: 2, per_page: 1 },
    });
  });

  it('typed paths take the type from the path and do not reach the other type', async () => {
    const created = await call('POST', 'templating/sms', { NOM_DU_MODÈLE: 'Relance', SUJET: 'Relance', CONTENU: 'Bonjour {{PRENOM}}', TYPE: 'email' });
    expect(created.statusCode).toBe(201);
    const sms = created.json().data;
    expect(sms.TYPE).toBe('sms');
    expect((await call('GET', `templating/sms/${sms.id}`)).statusCode).toBe(200);
    expect((await call('GET', `templating/email/${sms.id}`)).statusCode).toBe(404);
    expect((await call('PUT', `templating/email/${sms.id}`, { SUJET: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `templating/email/${sms.id}`)).statusCode).toBe(404);
    const put = await call('PUT', `templating/sms/${sms.id}`, { CONTENU: '<p>Rappel</p> {{CODE_CLIENT}}', TYPE: 'email' });
    expect(put.json().data).toMatchObject({ TYPE: 'sms', CONTENU: 'Rappel {{CODE_CLIENT}}' });
    expect((await call('DELETE', `templating/sms/${sms.id}`)).statusCode).toBe(200);
  });

  it('exports the filtered list (CSV, PDF portrait)', async () => {
    const csv = await call('GET', 'templating/sms/export/csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('modeles-sms.csv');
    expect(csv.body).toContain('Nom du modèle');
    expect(csv.body).toContain('Bienvenue (SMS)');
    expect(csv.body).not.toContain('Invitation au back-office');
    const flat = await call('GET', 'templating/export/csv?type=email&search=badge');
    expect(flat.body).toContain('Félicitations pour votre badge');
    expect(flat.body).not.toContain('Invitation au back-office');
    const pdf = await call('GET', 'templating/email/export/pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('demo templates use only known placeholders', async () => {
    for (const tpl of (await call('GET', 'templating')).json().data) {
      const { id: _id, ID: _ID, ...body } = tpl;
      expect((await call('PUT', `templating/${tpl.id}`, body)).statusCode).toBe(200);
    }
  });
});
