import { CLIENT_USER_MSG, MSG, ROLE, STAFF_MSG } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPage } from '../../src/lib/crud/crud.routes';
import { hashPassword, verifyPassword } from '../../src/lib/password';
import { auditLog } from '../../src/lib/audit/audit.table';
import { roles, users } from '../../src/lib/auth/accounts.table';
import { messageTemplates } from '../../src/modules/communication/templates.table';
import { clients } from '../../src/lib/clients/clients.table';
import { clientUserScope, clientUsers } from '../../src/modules/staff/client-users.resource';
import { createTestApp, DEMO_PASSWORD, type MemoryMailer, type TestContext } from '../support/helpers';

/**
 * The users listing (/layout/contacts/users): the clients'
 * mobile-app accounts in two tabs (Équipe STATUS 1, Demandes STATUS 0), their add and edit forms,
 * the STATUS switch, through the real app.
 */
let t: TestContext;
let admin: { authorization: string };
const roleIds: Record<string, number> = {};
const clientIds: Record<string, number> = {};
const ids: Record<string, number> = {};

// [email, first name, last name, GSM, client code, governorate, status]
const PEOPLE: [string, string, string, string, string, string | null, 0 | 1][] = [
  ['amine@client.tn', 'Amine', 'Zouari', '+21622000001', 'C-100', 'Sfax', 1],
  ['ines@client.tn', 'Inès', 'Ayari', '+21622000002', 'C-100', 'Tunis', 1],
  ['karim@client.tn', 'Karim', 'Ben Salem', '+21698555444', 'C-200', 'Ariana', 1],
  ['leila@client.tn', 'Leïla', 'Mabrouk', '+21650111222', 'C-300', null, 0],
  ['sami@client.tn', 'Sami', 'Ébène', '+21650333444', 'C-200', 'Béja', 0],
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  for (const r of await t.db.select().from(roles)) roleIds[r.label] = r.id;
  for (const u of await t.db.select().from(users)) ids[u.email] = u.id;
  const made = await t.db
    .insert(clients)
    .values([
      { code: 'C-100', name: 'Épicerie Zitouna' },
      { code: 'C-200', name: 'Superette Carthage' },
      { code: 'C-300', name: 'Café Medina' },
    ])
    .returning({ id: clients.id, code: clients.code });
  for (const c of made) clientIds[c.code] = c.id;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows = await t.db
    .insert(users)
    .values(
      PEOPLE.map(([email, firstname, lastname, gsm, code, gouvernorat, status]) => ({
        email,
        firstname,
        lastname,
        gsm,
        gouvernorat,
        status,
        passwordHash,
        clientId: clientIds[code],
        roleId: roleIds[ROLE.patente],
        gender: 'M.',
        birthday: '1990-05-17',
      })),
    )
    .returning({ id: users.id, email: users.email });
  for (const r of rows) ids[r.email] = r.id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });
const emails = (body: { data: { EMAIL: string }[] }) => body.data.map((d) => d.EMAIL);
const list = async (query: string) => (await call('GET', `client-users?${query}`)).json();

const newClientUser = (over: Record<string, unknown> = {}) => ({
  LASTNAME: 'Trabelsi',
  FIRSTNAME: 'Nadia',
  EMAIL: 'Nadia.Trabelsi@Client.tn',
  GSM: '+21655123456',
  CLIENT_ID: clientIds['C-300'],
  BIRTHDAY: '1988-11-03',
  GENDER: 'Mme',
  ...over,
});

describe('GET client-users', () => {
  it('lists client users only, by tab: Équipe (STATUS 1) and Demandes (STATUS 0), paged, with the client', async () => {
    const team = await list('status=1&page=1&perPage=50');
    expect(team.meta).toEqual({ total: 3, last_page: 1, current_page: 1, per_page: 50 });
    // Default order: last name (accent- and case-insensitive).
    expect(emails(team)).toEqual(['ines@client.tn', 'karim@client.tn', 'amine@client.tn']);
    expect(team.data[0]).toEqual({
      id: ids['ines@client.tn'],
      ID: ids['ines@client.tn'],
      LASTNAME: 'Ayari',
      FIRSTNAME: 'Inès',
      NAME: 'Ayari Inès',
      EMAIL: 'ines@client.tn',
      GSM: '+21622000002',
      CLIENT_ID: clientIds['C-100'],
      CODE_CLIENT: 'C-100',
      CLIENT_NAME: 'Épicerie Zitouna',
      // Created by staff, not registered from the app: no code typed; its client is set.
      REQUESTED_CODE: null,
      CODE_OK: true,
      GOUVERNORAT: 'Tunis',
      GENDER: 'M.',
      BIRTHDAY: '1990-05-17',
      ROLE_ID: roleIds[ROLE.patente],
      STATUS: 1,
    });
    expect(JSON.stringify(team)).not.toMatch(/password|scrypt/i);

    const requests = await list('status=0&page=1&perPage=50');
    expect(requests.meta.total).toBe(2);
    expect(emails(requests)).toEqual(['sami@client.tn', 'leila@client.tn']);
    // No staff account, whatever the tab.
    expect(emails(await list('page=1'))).not.toContain('admin@demo.tn');
    expect((await list('')).meta).toBeUndefined();
    expect((await list('')).data).toHaveLength(5);

    const page2 = await list('status=1&page=2&perPage=2');
    expect(page2.meta).toEqual({ total: 3, last_page: 2, current_page: 2, per_page: 2 });
    expect(emails(page2)).toEqual(['amine@client.tn']);
    expect((await call('GET', 'client-users?status=2')).statusCode).toBe(422);
  });

  it('counts both tabs', async () => {
    expect((await call('GET', 'client-users/counts')).json()).toEqual({ success: true, data: { team: 3, requests: 2 } });
  });

  it('never lists the caller, matched by id and by email', async () => {
    const page = async (caller: { id: number; email: string }) =>
      (await listPage(t.db, clientUsers, clientUserScope(caller, 1), { page: 1, tags: undefined })).data.map((d) => d.EMAIL);
    expect(await page({ id: ids['amine@client.tn'], email: 'autre@demo.tn' })).toEqual(['ines@client.tn', 'karim@client.tn']);
    expect(await page({ id: 0, email: 'AMINE@client.tn' })).toEqual(['ines@client.tn', 'karim@client.tn']);
  });

  it('searches names, email, GSM, client code and name; each in SQL', async () => {
    const search = async (s: string, status = 1) => emails(await list(`status=${status}&page=1&search=${encodeURIComponent(s)}`));
    expect(await search('zouari')).toEqual(['amine@client.tn']);
    expect(await search('inès')).toEqual(['ines@client.tn']);
    expect(await search('karim@')).toEqual(['karim@client.tn']);
    expect(await search('98555')).toEqual(['karim@client.tn']);
    expect(await search('c-100')).toEqual(['ines@client.tn', 'amine@client.tn']);
    expect(await search('carthage')).toEqual(['karim@client.tn']);
    expect(await search('carthage', 0)).toEqual(['sami@client.tn']);
    expect(await search('100%')).toEqual([]);
  });

  it('sorts in SQL on every column of the list', async () => {
    const sorted = async (sort: string, order: 'asc' | 'desc') => emails(await list(`page=1&sort=${sort}&order=${order}`));
    expect(await sorted('LASTNAME', 'asc')).toEqual(['ines@client.tn', 'karim@client.tn', 'sami@client.tn', 'leila@client.tn', 'amine@client.tn']);
    expect(await sorted('LASTNAME', 'desc')).toEqual(['amine@client.tn', 'leila@client.tn', 'sami@client.tn', 'karim@client.tn', 'ines@client.tn']);
    expect(await sorted('EMAIL', 'asc')).toEqual(['amine@client.tn', 'ines@client.tn', 'karim@client.tn', 'leila@client.tn', 'sami@client.tn']);
    expect(await sorted('GSM', 'desc')).toEqual(['karim@client.tn', 'sami@client.tn', 'leila@client.tn', 'ines@client.tn', 'amine@client.tn']);
    // Ties keep the id order in the sort's direction, so pages are stable.
    expect(await sorted('CODE_CLIENT', 'desc')).toEqual(['leila@client.tn', 'sami@client.tn', 'karim@client.tn', 'ines@client.tn', 'amine@client.tn']);
    expect(await sorted('CODE_CLIENT', 'asc')).toEqual(['amine@client.tn', 'ines@client.tn', 'karim@client.tn', 'sami@client.tn', 'leila@client.tn']);
    expect((await sorted('GOUVERNORAT', 'asc')).slice(0, 4)).toEqual(['karim@client.tn', 'sami@client.tn', 'amine@client.tn', 'ines@client.tn']);
    expect((await sorted('STATUS', 'asc')).slice(0, 2).sort()).toEqual(['leila@client.tn', 'sami@client.tn']);
    // An unknown sort key falls back on the default order.
    expect(await sorted('passwordHash', 'desc')).toEqual(await sorted('LASTNAME', 'asc'));
  });
});

describe('POST client-users', () => {
  it('creates a client user with role patente and an unusable password, audited; the invitation link sets the password', async () => {
    const r = await call('POST', 'client-users', newClientUser({ GOUVERNORAT: 'Sousse' }));
    expect(r.statusCode).toBe(201);
    const u = r.json().data;
    expect(u).toMatchObject({
      LASTNAME: 'Trabelsi',
      FIRSTNAME: 'Nadia',
      NAME: 'Trabelsi Nadia',
      EMAIL: 'nadia.trabelsi@client.tn',
      GSM: '+21655123456',
      CLIENT_ID: clientIds['C-300'],
      CODE_CLIENT: 'C-300',
      CLIENT_NAME: 'Café Medina',
      BIRTHDAY: '1988-11-03',
      GENDER: 'Mme',
      GOUVERNORAT: 'Sousse',
      ROLE_ID: roleIds[ROLE.patente],
      STATUS: 1,
    });
    expect(r.body).not.toMatch(/password|scrypt/i);
    ids[u.EMAIL] = u.id;

    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row.passwordHash).toMatch(/^scrypt/);
    expect(await verifyPassword(DEMO_PASSWORD, row.passwordHash)).toBe(false);
    expect(await verifyPassword('', row.passwordHash)).toBe(false);
    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(u.id)), eq(auditLog.action, 'create')));
    expect(trail.userEmail).toBe('admin@demo.tn');
    // Named as the API names them, as an update of the account is (was email, clientId, gender, birthday).
    expect(trail.changes).toMatchObject({
      EMAIL: 'nadia.trabelsi@client.tn',
      CLIENT_ID: clientIds['C-300'],
      GENDER: 'Mme',
      BIRTHDAY: '1988-11-03',
      ROLE_ID: roleIds[ROLE.patente],
    });
    expect(JSON.stringify(trail.changes)).not.toMatch(/password|scrypt/i);

    // The invitation (shared dialog, POST invite/mail) gives the link that sets the password.
    const [tpl] = await t.db
      .insert(messageTemplates)
      .values({ type: 'email', name: 'Bienvenue', subject: 'Bienvenue {{PRENOM}}', content: '<p><a href="{{LIEN}}">Mot de passe</a> {{CODE_CLIENT}}</p>' })
      .returning();
    const sent = await call('POST', 'invite/mail', { emails: [u.EMAIL], template_key: tpl.id });
    expect(sent.json().data).toMatchObject({ message: 'Invitation envoyée', sent: 1, failed: [] });
    const mail = (t.mailer as MemoryMailer).sent.at(-1)!;
    expect(mail.to).toBe(u.EMAIL);
    expect(mail.html).toContain('C-300');
    const token = /token=([\w-]{43})/.exec(mail.html ?? '')![1];
    const accepted = await t.app.inject({ method: 'POST', url: '/api/invitations/accept', payload: { token, password: 'Nadia2025!', confirm: 'Nadia2025!' } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.MOBILE).toBe(true);
    const [after] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(await verifyPassword('Nadia2025!', after.passwordHash)).toBe(true);
  });

  it('requires the form’s fields, with the domain messages; nothing is written', async () => {
    const r = await call('POST', 'client-users', {});
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toEqual({
      LASTNAME: [MSG.required],
      FIRSTNAME: [MSG.required],
      EMAIL: [MSG.emailRequired],
      GSM: [MSG.required],
      CLIENT_ID: [MSG.required],
      BIRTHDAY: [MSG.required],
      GENDER: [MSG.required],
    });
    const bad = await call(
      'POST',
      'client-users',
      newClientUser({ EMAIL: 'x@y', GSM: '1234', GENDER: 'Mlle', BIRTHDAY: '2001-02-30', GOUVERNORAT: 'Paris', LASTNAME: '   ' }),
    );
    expect(bad.json().errors).toEqual({
      EMAIL: [MSG.email],
      GSM: [MSG.phone],
      GENDER: [CLIENT_USER_MSG.gender],
      BIRTHDAY: [CLIENT_USER_MSG.date],
      GOUVERNORAT: ['Gouvernorat inconnu.'],
      LASTNAME: [MSG.blank],
    });
    const future = await call('POST', 'client-users', newClientUser({ EMAIL: 'futur@client.tn', BIRTHDAY: `${new Date().getFullYear() + 1}-01-01` }));
    expect(future.json().errors).toEqual({ BIRTHDAY: [CLIENT_USER_MSG.birthdayFuture] });
    const unknownClient = await call('POST', 'client-users', newClientUser({ EMAIL: 'perdu@client.tn', CLIENT_ID: 999999 }));
    expect(unknownClient.statusCode).toBe(422);
    expect(unknownClient.json().errors).toEqual({ CLIENT_ID: [CLIENT_USER_MSG.clientUnknown] });
    expect(await t.db.select().from(users).where(eq(users.email, 'perdu@client.tn'))).toEqual([]);
  });

  it('takes only the role patente: absent or patente is fine, any other role is 422', async () => {
    const admin422 = await call('POST', 'client-users', newClientUser({ EMAIL: 'role@client.tn', ROLE_ID: roleIds[ROLE.admin] }));
    expect(admin422.statusCode).toBe(422);
    expect(admin422.json().errors).toEqual({ ROLE_ID: [STAFF_MSG.roleClientUser] });
    const unknown = await call('POST', 'client-users', newClientUser({ EMAIL: 'role@client.tn', ROLE_ID: 999999 }));
    expect(unknown.json().errors).toEqual({ ROLE_ID: [STAFF_MSG.roleUnknown] });
    const okRole = await call('POST', 'client-users', newClientUser({ EMAIL: 'role@client.tn', ROLE_ID: roleIds[ROLE.patente], STATUS: 0 }));
    expect(okRole.statusCode).toBe(201);
    expect(okRole.json().data).toMatchObject({ ROLE_ID: roleIds[ROLE.patente], STATUS: 0, GOUVERNORAT: null });
    ids['role@client.tn'] = okRole.json().data.id;
  });

  it('refuses a duplicate email with the spec’s answer', async () => {
    const dup = await call('POST', 'client-users', newClientUser({ EMAIL: 'AMINE@client.tn' }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({ success: false, message: 'Email Existe', errors: { EMAIL: [MSG.emailExists] } });
    const staff = await call('POST', 'client-users', newClientUser({ EMAIL: 'admin@demo.tn' }));
    expect(staff.json().message).toBe('Email Existe');
  });
});

describe('PUT users/{id} for a client user', () => {
  it('edits the client user’s form fields and audits before and after', async () => {
    const id = ids['karim@client.tn'];
    const r = await call('PUT', `users/${id}`, {
      LASTNAME: 'Ben Salem',
      FIRSTNAME: 'Karim',
      EMAIL: 'karim@client.tn',
      GSM: '+21698555000',
      CLIENT_ID: clientIds['C-100'],
      BIRTHDAY: '1979-12-31',
      GENDER: 'M.',
      GOUVERNORAT: '',
      STATUS: 1,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({
      CLIENT_ID: clientIds['C-100'],
      CODE_CLIENT: 'C-100',
      BIRTHDAY: '1979-12-31',
      GOUVERNORAT: null,
      GSM: '+21698555000',
      role: 'patente',
    });
    const item = (await list('status=1&page=1&search=karim')).data[0];
    expect(item).toMatchObject({ CODE_CLIENT: 'C-100', CLIENT_NAME: 'Épicerie Zitouna', BIRTHDAY: '1979-12-31' });
    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'update')));
    expect(trail.changes).toEqual({
      GSM: ['+21698555444', '+21698555000'],
      CLIENT_ID: [clientIds['C-200'], clientIds['C-100']],
      CODE_CLIENT: ['C-200', 'C-100'],
      BIRTHDAY: ['1990-05-17', '1979-12-31'],
      GOUVERNORAT: ['Ariana', null],
    });
  });

  it('answers 422 for bad fields, an unknown client, a role other than patente; 404 for an unknown id', async () => {
    const id = ids['karim@client.tn'];
    const bad = await call('PUT', `users/${id}`, { GENDER: 'X', BIRTHDAY: '17/05/1990', CLIENT_ID: null });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ GENDER: [CLIENT_USER_MSG.gender], BIRTHDAY: [CLIENT_USER_MSG.date], CLIENT_ID: [MSG.required] });
    const client = await call('PUT', `users/${id}`, { CLIENT_ID: 999999 });
    expect(client.json().errors).toEqual({ CLIENT_ID: [CLIENT_USER_MSG.clientUnknown] });
    const role = await call('PUT', `users/${id}`, { ROLE_ID: roleIds[ROLE.admin] });
    expect(role.json().errors).toEqual({ ROLE_ID: [STAFF_MSG.roleClientUser] });
    const dup = await call('PUT', `users/${id}`, { EMAIL: 'ines@client.tn' });
    expect(dup.json()).toEqual({ success: false, message: 'Email Existe', errors: { EMAIL: [MSG.emailExists] } });
    expect((await call('PUT', 'users/999999', { STATUS: 1 })).statusCode).toBe(404);
    // A back-office account is never attached to a client.
    const staff = await call('PUT', `users/${ids['magasin@demo.tn']}`, { CLIENT_ID: clientIds['C-100'] });
    expect(staff.json().errors).toEqual({ CLIENT_ID: [CLIENT_USER_MSG.staffNoClient] });
  });

  it('the STATUS switch validates a request: it leaves Demandes for Équipe', async () => {
    const id = ids['leila@client.tn'];
    const r = await call('PUT', `users/${id}`, { STATUS: 1 });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.STATUS).toBe(1);
    expect(emails(await list('status=0&page=1'))).not.toContain('leila@client.tn');
    expect(emails(await list('status=1&page=1'))).toContain('leila@client.tn');
    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'update')));
    expect(trail.changes).toEqual({ STATUS: [0, 1] });
    // And back.
    expect((await call('PUT', `users/${id}`, { STATUS: 0 })).json().data.STATUS).toBe(0);
    expect(emails(await list('status=0&page=1'))).toContain('leila@client.tn');
  });
});

describe('permissions', () => {
  it('users:read and users:write stay admin-only: chefZone and Magasinier get 403, no session 401', async () => {
    for (const who of ['chef@demo.tn', 'magasin@demo.tn', 'commercial@demo.tn']) {
      const h = await t.auth(who);
      expect((await call('GET', 'client-users?status=1&page=1', undefined, h)).statusCode, who).toBe(403);
      expect((await call('GET', 'client-users/counts', undefined, h)).statusCode, who).toBe(403);
      expect((await call('POST', 'client-users', newClientUser({ EMAIL: 'intrus@client.tn' }), h)).statusCode, who).toBe(403);
      expect((await call('PUT', `users/${ids['amine@client.tn']}`, { STATUS: 0 }, h)).statusCode, who).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/client-users' })).statusCode).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.email, 'intrus@client.tn'))).toEqual([]);
  });
});
