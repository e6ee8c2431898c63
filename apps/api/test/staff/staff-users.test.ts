import { CLIENT_USER_MSG, MSG, ROLE, STAFF_MSG } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/lib/password';
import { solidPng } from '../../src/lib/png';
import { auditLog } from '../../src/lib/audit/audit.table';
import { roles, users } from '../../src/lib/auth/accounts.table';
import { clientTypes } from '../../src/lib/clients/classification.table';
import { clients } from '../../src/lib/clients/clients.table';
import { saveMedia } from '../../src/lib/media/media.service';
import { roleForNewUser } from '../../src/modules/staff/staff.service';
import { createTestApp, DEMO_PASSWORD, type TestContext } from '../support/helpers';

/** Back-office users and the users calls through the real app. */
let t: TestContext;
let admin: { authorization: string };
let typeId: number;
let clientId: number;
const ids: Record<string, number> = {};
const roleIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  [{ id: typeId }] = await t.db.insert(clientTypes).values({ name: 'Grossiste', position: 1 }).returning({ id: clientTypes.id });
  await saveMedia(t.db, t.app.storage.media, {
    entity: 'typeclients',
    entityId: typeId,
    collection: 'image',
    family: 'image',
    fileName: 'grossiste.png',
    buffer: solidPng(8, 8, [10, 20, 30]),
  });
  for (const r of await t.db.select().from(roles)) roleIds[r.label] = r.id;
  for (const u of await t.db.select().from(users)) ids[u.email] = u.id;
  // A client with one mobile-app user (role patente): never a back-office account.
  [{ id: clientId }] = await t.db.insert(clients).values({ code: 'CL-9', name: 'Épicerie Test' }).returning({ id: clients.id });
  const [cu] = await t.db
    .insert(users)
    .values({
      email: 'patente@client.tn',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstname: 'Mourad',
      lastname: 'Client',
      roleId: roleIds.patente,
      clientId,
    })
    .returning();
  ids['patente@client.tn'] = cu.id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });

const newUser = (over: Record<string, unknown> = {}) => ({
  LASTNAME: 'Haddad',
  FIRSTNAME: 'Nour',
  EMAIL: 'nour.haddad@test.tn',
  GSM: '22123456',
  PASSWORD: 'Secret123!',
  TYPE_CLIENT_ID: typeId,
  ...over,
});

const emails = (body: { data: { EMAIL: string }[] }) => body.data.map((d) => d.EMAIL);

describe('POST userBO', () => {
  it('an admin adder gives the new user his own role whatever is sent; password hashed, never returned, not audited', async () => {
    const r = await call('POST', 'userBO', newUser({ ROLE_ID: roleIds.Magasinier, EMAIL: 'Nour.Haddad@Test.tn' }));
    expect(r.statusCode).toBe(201);
    const u = r.json().data;
    expect(u).toMatchObject({
      FIRSTNAME: 'Nour',
      LASTNAME: 'Haddad',
      username: 'Nour Haddad',
      EMAIL: 'nour.haddad@test.tn',
      login: 'nour.haddad@test.tn',
      GSM: '22123456',
      ROLE_ID: roleIds.admin,
      role: 'admin',
      STATUS: 1,
      TYPE_CLIENT_ID: typeId,
      TYPE_CLIENT_NAME: 'Grossiste',
      CLIENT_ID: null,
    });
    expect(u.societe).toMatchObject({ NAME: 'Grossiste', MEDIA: { file_name: 'grossiste.png', mime_type: 'image/png' } });
    expect(u.societe.MEDIA.original_url).toMatch(/^\/uploads\//);
    expect(r.body).not.toMatch(/PASSWORD|password|scrypt|Secret123/i);
    ids[u.EMAIL] = u.id;

    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(await verifyPassword('Secret123!', row.passwordHash)).toBe(true);
    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(u.id)), eq(auditLog.action, 'create')));
    expect(trail.userEmail).toBe('admin@demo.tn');
    expect(JSON.stringify(trail.changes)).not.toMatch(/password|Secret123|scrypt/i);
    expect((await t.app.inject({ method: 'POST', url: '/api/loginBO', payload: { email: u.EMAIL, password: 'Secret123!' } })).statusCode).toBe(200);
  });

  it('another adder chooses the role (checked), or gives his own when none is chosen; never patente', async () => {
    const commercial = { id: ids['commercial@demo.tn'], email: 'commercial@demo.tn', role: ROLE.commercial };
    expect(await roleForNewUser(t.db, commercial, null)).toBe(roleIds.Commercial);
    expect(await roleForNewUser(t.db, commercial, roleIds.Magasinier)).toBe(roleIds.Magasinier);
    await expect(roleForNewUser(t.db, commercial, roleIds.patente)).rejects.toMatchObject({ statusCode: 422, errors: { ROLE_ID: [STAFF_MSG.roleClientOnly] } });
    await expect(roleForNewUser(t.db, commercial, 999999)).rejects.toMatchObject({ statusCode: 422, errors: { ROLE_ID: [STAFF_MSG.roleUnknown] } });
    // An admin adder's patente or unknown role was replaced by admin; now refused like anyone's.
    const adminActor = { id: ids['admin@demo.tn'], email: 'admin@demo.tn', role: ROLE.admin };
    await expect(roleForNewUser(t.db, adminActor, roleIds.patente)).rejects.toMatchObject({ statusCode: 422, errors: { ROLE_ID: [STAFF_MSG.roleClientOnly] } });
    await expect(roleForNewUser(t.db, adminActor, 999999)).rejects.toMatchObject({ statusCode: 422, errors: { ROLE_ID: [STAFF_MSG.roleUnknown] } });
    expect(await roleForNewUser(t.db, adminActor, null)).toBe(roleIds.admin);
  });

  it('never makes an administrator of a client user: CLIENT_ID, a patente or an unknown role are a 422 and create nothing', async () => {
    const email = 'client.user@test.tn';
    const sent = [
      [{ CLIENT_ID: clientId, ROLE_ID: roleIds.patente }, { CLIENT_ID: [CLIENT_USER_MSG.staffNoClient] }],
      [{ CLIENT_ID: clientId }, { CLIENT_ID: [CLIENT_USER_MSG.staffNoClient] }],
      [{ ROLE_ID: roleIds.patente }, { ROLE_ID: [STAFF_MSG.roleClientOnly] }],
      [{ ROLE_ID: 999999 }, { ROLE_ID: [STAFF_MSG.roleUnknown] }],
    ] as const;
    for (const [over, errors] of sent) {
      const r = await call('POST', 'userBO', newUser({ EMAIL: email, ...over }));
      expect(r.statusCode, JSON.stringify(over)).toBe(422);
      expect(r.json().errors).toEqual(errors);
    }
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/loginBO', payload: { email, password: 'Secret123!' } });
    expect(signIn.statusCode).not.toBe(200);
  });

  it('stores the birthday, civility and governorate it is sent, and refuses them malformed', async () => {
    const r = await call(
      'POST',
      'userBO',
      newUser({ EMAIL: 'sami.ferchichi@test.tn', BIRTHDAY: '1990-05-04', GENDER: 'Mme', GOUVERNORAT: 'Sousse', CLIENT_ID: null }),
    );
    expect(r.statusCode).toBe(201);
    expect(r.json().data).toMatchObject({ BIRTHDAY: '1990-05-04', GENDER: 'Mme', GOUVERNORAT: 'Sousse', CLIENT_ID: null, role: 'admin' });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'sami.ferchichi@test.tn'));
    expect(row).toMatchObject({ birthday: '1990-05-04', gender: 'Mme', gouvernorat: 'Sousse', clientId: null });
    await t.db.delete(users).where(eq(users.id, row.id));

    const bad = await call('POST', 'userBO', newUser({ EMAIL: 'sami.ferchichi@test.tn', BIRTHDAY: '1990-02-30', GENDER: 'X', GOUVERNORAT: 'Paris' }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['BIRTHDAY', 'GENDER', 'GOUVERNORAT']);
    expect(await t.db.select().from(users).where(eq(users.email, 'sami.ferchichi@test.tn'))).toEqual([]);
  });

  it('answers 422 with field errors: missing password, bad phone, duplicate email, unknown company', async () => {
    const { PASSWORD: _p, ...rest } = newUser({ EMAIL: 'other@test.tn', GSM: '12 34' });
    const r = await call('POST', 'userBO', rest);
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toEqual({ GSM: [MSG.phone], PASSWORD: [MSG.required] });

    const dup = await call('POST', 'userBO', newUser({ EMAIL: 'CHEF@demo.tn' }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({ success: false, message: 'Email Existe', errors: { EMAIL: [MSG.emailExists] } });

    const type = await call('POST', 'userBO', newUser({ EMAIL: 'other@test.tn', TYPE_CLIENT_ID: 999999 }));
    expect(type.statusCode).toBe(422);
    expect(type.json().errors).toEqual({ TYPE_CLIENT_ID: ['Société inconnue.'] });
    expect((await t.db.select().from(users).where(eq(users.email, 'other@test.tn'))).length).toBe(0);
  });
});

describe('GET lists', () => {
  it('back-office/users: staff only (no client users), paged, searched and sorted in SQL, with the company', async () => {
    const all = (await call('GET', 'back-office/users')).json();
    expect(all.meta).toBeUndefined();
    expect(emails(all).sort()).toEqual(['admin@demo.tn', 'chef@demo.tn', 'commercial@demo.tn', 'magasin@demo.tn', 'nour.haddad@test.tn']);
    expect(JSON.stringify(all)).not.toMatch(/scrypt|password/i);

    const page = (await call('GET', 'back-office/users?page=2&perPage=2&sort=LASTNAME&order=asc')).json();
    expect(page.meta).toEqual({ total: 5, last_page: 3, current_page: 2, per_page: 2 });
    // Ben Salah, Gharbi | Haddad, Mansouri | Trabelsi
    expect(page.data.map((d: { LASTNAME: string }) => d.LASTNAME)).toEqual(['Haddad', 'Mansouri']);

    const search = async (s: string) => emails((await call('GET', `back-office/users?page=1&search=${encodeURIComponent(s)}`)).json());
    expect(await search('grossiste')).toEqual(['nour.haddad@test.tn']);
    expect(await search('mourad')).toEqual([]);
    expect(await search('magasin@')).toEqual(['magasin@demo.tn']);

    const byCompany = (await call('GET', 'back-office/users?sort=TYPE_CLIENT_NAME&order=asc')).json().data;
    expect(byCompany[0]).toMatchObject({ EMAIL: 'nour.haddad@test.tn', societe: { NAME: 'Grossiste' } });
    expect(byCompany[1].societe).toBeNull();
  });

  it('users/admins and users?role=: accounts of one role', async () => {
    expect(emails((await call('GET', 'users/admins')).json()).sort()).toEqual(['admin@demo.tn', 'nour.haddad@test.tn']);
    const paged = (await call('GET', 'users/admins?page=1&perPage=1')).json();
    expect(paged.meta.total).toBe(2);
    expect(emails((await call('GET', 'users?role=chefZone')).json())).toEqual(['chef@demo.tn']);
    expect(emails((await call('GET', 'users?role=patente')).json())).toEqual(['patente@client.tn']);
    expect((await call('GET', 'users?role=inconnu')).json().data).toEqual([]);
    expect((await call('GET', 'users')).statusCode).toBe(422);
  });

  it('users/{id}: any account, with its client code for a client user; 404 when unknown', async () => {
    const cu = (await call('GET', `users/${ids['patente@client.tn']}`)).json().data;
    expect(cu).toMatchObject({ role: 'patente', CLIENT_ID: clientId, CODE_CLIENT: 'CL-9', societe: null });
    expect((await call('GET', `users/${ids['chef@demo.tn']}`)).json().data.role).toBe('chefZone');
    expect((await call('GET', 'users/999999')).statusCode).toBe(404);
  });
});

describe('PUT users/{id}', () => {
  it('updates any subset (the STATUS switch alone) and audits the change', async () => {
    const id = ids['magasin@demo.tn'];
    const off = await call('PUT', `users/${id}`, { STATUS: 0 });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ STATUS: 0, EMAIL: 'magasin@demo.tn', role: 'Magasinier' });
    const edit = await call('PUT', `users/${id}`, { STATUS: 1, TYPE_CLIENT_ID: typeId, GSM: '+21655000000', PASSWORD: 'Ignored123' });
    expect(edit.json().data).toMatchObject({ STATUS: 1, GSM: '+21655000000', societe: { NAME: 'Grossiste' } });
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(await verifyPassword(DEMO_PASSWORD, row.passwordHash)).toBe(true);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'update')));
    expect(trail[0].changes).toEqual({ STATUS: [1, 0] });
    expect(trail[1].changes).toMatchObject({ STATUS: [0, 1], GSM: ['+21655345678', '+21655000000'], TYPE_CLIENT_ID: [null, typeId] });
    expect((await call('PUT', 'users/999999', { STATUS: 1 })).statusCode).toBe(404);
  });

  it('refuses to deactivate oneself or change one’s own role, and a duplicate email', async () => {
    const me = ids['admin@demo.tn'];
    const off = await call('PUT', `users/${me}`, { STATUS: 0 });
    expect(off.statusCode).toBe(422);
    expect(off.json()).toEqual({ success: false, message: STAFF_MSG.selfDeactivate, errors: { STATUS: [STAFF_MSG.selfDeactivate] } });
    const role = await call('PUT', `users/${me}`, { ROLE_ID: roleIds.Magasinier });
    expect(role.json().errors).toEqual({ ROLE_ID: [STAFF_MSG.selfRole] });
    // Sending one's own role unchanged is fine (the form sends every field).
    expect((await call('PUT', `users/${me}`, { ROLE_ID: roleIds.admin, STATUS: 1 })).statusCode).toBe(200);
    const dup = await call('PUT', `users/${ids['magasin@demo.tn']}`, { EMAIL: 'Admin@Demo.tn' });
    expect(dup.json()).toEqual({ success: false, message: 'Email Existe', errors: { EMAIL: [MSG.emailExists] } });
    const bad = await call('PUT', `users/${ids['magasin@demo.tn']}`, { EMAIL: 'x@y', LASTNAME: '' });
    expect(bad.json().errors).toEqual({ EMAIL: [MSG.email], LASTNAME: [MSG.required] });
  });

  it('checks role changes: patente for client users only, a chief with clients keeps his role', async () => {
    const toPatente = await call('PUT', `users/${ids['commercial@demo.tn']}`, { ROLE_ID: roleIds.patente });
    expect(toPatente.json().errors).toEqual({ ROLE_ID: [STAFF_MSG.roleClientOnly] });
    const clientToAdmin = await call('PUT', `users/${ids['patente@client.tn']}`, { ROLE_ID: roleIds.admin });
    expect(clientToAdmin.json().errors).toEqual({ ROLE_ID: [STAFF_MSG.roleClientUser] });
    expect((await call('PUT', `users/${ids['commercial@demo.tn']}`, { ROLE_ID: 999999 })).json().errors).toEqual({ ROLE_ID: [STAFF_MSG.roleUnknown] });

    await t.db.insert(clients).values({ code: 'CL-10', name: 'Superette Chef', chefZoneId: ids['chef@demo.tn'] });
    const chief = await call('PUT', `users/${ids['chef@demo.tn']}`, { ROLE_ID: roleIds.Commercial });
    expect(chief.statusCode).toBe(422);
    expect(chief.json().errors).toEqual({ ROLE_ID: [STAFF_MSG.chiefRoleHasClients(1)] });

    const ok = await call('PUT', `users/${ids['commercial@demo.tn']}`, { ROLE_ID: roleIds.Magasinier });
    expect(ok.json().data).toMatchObject({ role: 'Magasinier', ROLE_ID: roleIds.Magasinier });
    await call('PUT', `users/${ids['commercial@demo.tn']}`, { ROLE_ID: roleIds.Commercial });
  });
});

describe('DELETE users/{id}', () => {
  it('never one’s own account (422), never a zone chief who still has clients (409); otherwise deleted and audited', async () => {
    const self = await call('DELETE', `users/${ids['admin@demo.tn']}`);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(STAFF_MSG.selfDelete);

    const chief = await call('DELETE', `users/${ids['chef@demo.tn']}`);
    expect(chief.statusCode).toBe(409);
    expect(chief.json()).toEqual({ success: false, message: STAFF_MSG.chiefHasClients(1) });

    const id = ids['nour.haddad@test.tn'];
    expect((await call('DELETE', `users/${id}`)).json()).toEqual({ success: true, data: { id } });
    expect((await call('GET', `users/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `users/${id}`)).statusCode).toBe(404);
    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'delete')));
    expect(trail.changes).toMatchObject({ EMAIL: 'nour.haddad@test.tn' });
  });
});

describe('POST validations/email/unique', () => {
  it('says whether an address is free, ignoring the account being edited', async () => {
    const check = async (payload: unknown) => (await call('POST', 'validations/email/unique', payload)).json();
    expect(await check({ email: 'CHEF@demo.tn' })).toEqual({ success: true, data: { unique: false } });
    expect(await check({ email: 'chef@demo.tn', ignore: ids['chef@demo.tn'] })).toEqual({ success: true, data: { unique: true } });
    expect(await check({ email: 'chef@demo.tn', ignore: ids['admin@demo.tn'] })).toEqual({ success: true, data: { unique: false } });
    expect(await check({ email: 'libre@demo.tn', ignore: null })).toEqual({ success: true, data: { unique: true } });
    const bad = await call('POST', 'validations/email/unique', { email: 'pas-un-email' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ email: [MSG.email] });
  });
});

describe('back-office/users export', () => {
  it('streams the filtered staff list', async () => {
    const csv = await call('GET', 'back-office/users/export/csv?search=demo.tn&sort=LASTNAME');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('utilisateurs-back-office.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter(Boolean);
    expect(lines[0]).toMatch(/Nom.*Email.*Téléphone.*Rôle.*Société.*Actif/);
    expect(lines.length).toBe(5);
    expect(lines[1]).toContain('Amira Ben Salah');
    expect(csv.body).not.toMatch(/scrypt/);
  });
});
