import { MSG } from '@app/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/lib/audit/audit.table';
import { users } from '../../src/lib/auth/accounts.table';
import { createTestApp, DEMO_PASSWORD, type MemoryMailer, type TestContext } from '../support/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const signIn = async (email: string, password = DEMO_PASSWORD) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/loginBO', payload: { email, password, from: 'BO' } });
  expect(res.statusCode).toBe(200);
  return res.json().data as { token: string; user: { id: number } };
};
const changePassword = (token: string, id: number | string, body: object) =>
  t.app.inject({ method: 'PUT', url: `/api/back-office/changePassword/${id}`, headers: bearer(token), payload: body });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });

describe('PUT /api/back-office/changePassword/:id', () => {
  it('answers INVALID_OLD_PASSWORD for a wrong old password and changes nothing', async () => {
    const { token, user } = await signIn('magasin@demo.tn');
    const res = await changePassword(token, user.id, {
      name: 'Sami Gharbi',
      old_password: 'pas-le-bon',
      new_password: 'Nouveau-2025!',
      confirm_password: 'Nouveau-2025!',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, message: 'INVALID_OLD_PASSWORD', errors: { old_password: [MSG.invalidOldPassword] } });
    await signIn('magasin@demo.tn');
  });

  it('requires the confirmation to match, and the name and old password', async () => {
    const { token, user } = await signIn('magasin@demo.tn');
    const mismatch = await changePassword(token, user.id, {
      name: 'Sami',
      old_password: DEMO_PASSWORD,
      new_password: 'Nouveau-2025!',
      confirm_password: 'Autre-2025!',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.confirm_password).toEqual([MSG.passwordsMismatch]);
    const unconfirmed = await changePassword(token, user.id, { name: 'Sami', old_password: DEMO_PASSWORD, new_password: 'Nouveau-2025!' });
    expect(unconfirmed.json().errors).toEqual({ confirm_password: [MSG.required] });
    const missing = await changePassword(token, user.id, { name: '  ' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({ name: [MSG.blank], old_password: [MSG.required] });
    const badId = await changePassword(token, 'abc', { name: 'Sami', old_password: DEMO_PASSWORD });
    expect(badId.statusCode).toBe(422);
  });

  it("refuses another user's id with 403", async () => {
    const { token } = await signIn('magasin@demo.tn');
    const { user: other } = await signIn('chef@demo.tn');
    const res = await changePassword(token, other.id, {
      name: 'Karim',
      old_password: DEMO_PASSWORD,
      new_password: 'Pirate-2025!',
      confirm_password: 'Pirate-2025!',
    });
    expect(res.statusCode).toBe(403);
    await signIn('chef@demo.tn');
  });

  it('without a new password, checks the old one and changes nothing', async () => {
    const { token, user } = await signIn('chef@demo.tn');
    const res = await changePassword(token, user.id, { name: 'Karim Trabelsi', old_password: DEMO_PASSWORD, new_password: '', confirm_password: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { message: 'Identifiants modifiés' } });
    expect((await me(token)).statusCode).toBe(200);
  });

  it('sets the new password, keeps the current session and revokes the others', async () => {
    const other = await signIn('commercial@demo.tn');
    const current = await signIn('commercial@demo.tn');
    const res = await changePassword(current.token, current.user.id, {
      name: 'Leila Mansouri',
      old_password: DEMO_PASSWORD,
      new_password: 'Nouveau-2025!',
      confirm_password: 'Nouveau-2025!',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('Identifiants modifiés');
    expect((await me(current.token)).statusCode).toBe(200);
    expect((await me(other.token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/loginBO', payload: { email: 'commercial@demo.tn', password: DEMO_PASSWORD } })).statusCode).toBe(
      401,
    );
    await signIn('commercial@demo.tn', 'Nouveau-2025!');

    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password'), eq(auditLog.entityId, String(current.user.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(trail).toBeDefined();
    expect(JSON.stringify(trail.changes)).not.toContain('Nouveau-2025!');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/back-office/changePassword/1', payload: { name: 'x', old_password: 'y' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('profile', () => {
  it('reads the own profile', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profile', headers: await t.auth('admin@demo.tn') });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      id: data.id,
      ID: data.id,
      FIRSTNAME: 'Amira',
      LASTNAME: 'Ben Salah',
      EMAIL: 'admin@demo.tn',
      GSM: '+21698123456',
      role: 'admin',
      login: 'admin@demo.tn',
    });
  });

  it('updates the own names, email and phone, with an audit diff', async () => {
    const { token, user } = await signIn('chef@demo.tn');
    const mails = (t.mailer as MemoryMailer).sent.length;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      remoteAddress: '10.40.0.1',
      payload: { LASTNAME: ' Trabelsi-Ayari ', FIRSTNAME: 'Karim', EMAIL: 'Karim.Chef@Demo.tn', GSM: '+21697000000', CURRENT_PASSWORD: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      LASTNAME: 'Trabelsi-Ayari',
      EMAIL: 'karim.chef@demo.tn',
      login: 'karim.chef@demo.tn',
      GSM: '+21697000000',
      role: 'chefZone',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ lastname: 'Trabelsi-Ayari', email: 'karim.chef@demo.tn', gsm: '+21697000000' });

    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile'), eq(auditLog.entityId, String(user.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(trail.changes).toEqual({
      lastname: ['Trabelsi', 'Trabelsi-Ayari'],
      gsm: ['+21697234567', '+21697000000'],
    });
    // The e-mail change is a security event of its own, with the IP.
    const [changed] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'email_changed')).orderBy(desc(auditLog.id)).limit(1);
    expect(changed).toMatchObject({ userId: user.id, entityId: String(user.id), changes: { ip: '10.40.0.1', email: ['chef@demo.tn', 'karim.chef@demo.tn'] } });
    // A notice went to the OLD address, naming the new one.
    const notices = (t.mailer as MemoryMailer).sent.slice(mails);
    expect(notices.map((m) => [m.to, m.subject])).toEqual([['chef@demo.tn', 'Adresse e-mail de votre compte modifiée']]);
    expect(notices[0].text).toContain('karim.chef@demo.tn');
    // The session survives the change of login, and the new email signs in.
    expect((await me(token)).json().data.login).toBe('karim.chef@demo.tn');
    await signIn('karim.chef@demo.tn');
  });

  it('needs the current password to change the e-mail: missing or wrong is a 422 that changes nothing', async () => {
    const { token } = await signIn('magasin@demo.tn');
    const mails = (t.mailer as MemoryMailer).sent.length;
    const base = { LASTNAME: 'Autre', FIRSTNAME: 'Sami', EMAIL: 'pirate@demo.tn', GSM: '+21655345678' };
    const missing = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: bearer(token), payload: base });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ success: false, message: MSG.currentPasswordRequired, errors: { CURRENT_PASSWORD: [MSG.currentPasswordRequired] } });
    const wrong = await t.app.inject({ method: 'PUT', url: '/api/profile', headers: bearer(token), payload: { ...base, CURRENT_PASSWORD: 'pas-le-bon' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ success: false, message: MSG.invalidCurrentPassword, errors: { CURRENT_PASSWORD: [MSG.invalidCurrentPassword] } });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'magasin@demo.tn'));
    expect(row.lastname).toBe('Gharbi');
    expect((t.mailer as MemoryMailer).sent.length).toBe(mails);
    // The other fields alone need no password; the same address in another case is no change.
    const same = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      payload: { ...base, EMAIL: 'MAGASIN@demo.tn', LASTNAME: 'Gharbi' },
    });
    expect(same.statusCode).toBe(200);
  });

  it("refuses another account's email, whatever its case", async () => {
    const headers = await t.auth('magasin@demo.tn');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers,
      payload: { LASTNAME: 'Gharbi', FIRSTNAME: 'Sami', EMAIL: 'ADMIN@demo.tn', GSM: '+21655345678', CURRENT_PASSWORD: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, message: 'Email Existe', errors: { EMAIL: [MSG.emailExists] } });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'magasin@demo.tn'));
    expect(row).toBeDefined();
  });

  it('validates the fields with the domain messages', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: await t.auth('magasin@demo.tn'),
      payload: { LASTNAME: '', FIRSTNAME: '   ', EMAIL: 'x@y', GSM: '12' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ LASTNAME: [MSG.required], FIRSTNAME: [MSG.blank], EMAIL: [MSG.email], GSM: [MSG.phone] });
  });
});

describe('bad input on the session calls', () => {
  const bodies: unknown[] = [
    null,
    'texte',
    42,
    [],
    {},
    { email: { $ne: '' }, password: ['x'] },
    { email: 'a\u0000b@demo.tn', password: 'x\u0000', reset_code: '\u0000', captcha: '\u0000' },
    { email: `${'x'.repeat(5000)}@demo.tn`, password: 'x'.repeat(5000), captcha: 'x'.repeat(6000) },
    { email: 'admin@demo.tn', password: 1, reset_code: 123456, captcha: 7 },
    { LASTNAME: 1, FIRSTNAME: null, EMAIL: [], GSM: {} },
    { name: 1, old_password: null, new_password: 5, confirm_password: [] },
  ];
  const calls: [string, string][] = [
    ['POST', '/api/loginBO'],
    ['POST', '/api/password/send-email'],
    ['POST', '/api/password/validate-code'],
    ['POST', '/api/password/reset-pwd'],
    ['PUT', '/api/profile'],
    ['PUT', '/api/back-office/changePassword/999999999999'],
  ];

  it('never answers 500, whatever the body', async () => {
    const headers = await t.auth('admin@demo.tn');
    for (const [method, url] of calls) {
      for (const body of bodies) {
        const res = await t.app.inject({
          method: method as 'POST' | 'PUT',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
          remoteAddress: '10.8.0.1',
        });
        expect([url, res.statusCode < 500 ? 'ok' : res.body]).toEqual([url, 'ok']);
        expect(res.json().success).toBe(false);
      }
    }
    expect((await me(await t.tokenFor('admin@demo.tn'))).json().data.EMAIL).toBe('admin@demo.tn');
  });
});
