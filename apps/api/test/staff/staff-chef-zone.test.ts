import { MSG, STAFF_MSG } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/lib/password';
import { auditLog } from '../../src/lib/audit/audit.table';
import { users } from '../../src/lib/auth/accounts.table';
import { clientTypes } from '../../src/lib/clients/classification.table';
import { clients } from '../../src/lib/clients/clients.table';
import { createTestApp, type TestContext } from '../support/helpers';

/** Zone chiefs through the real app. */
let t: TestContext;
let admin: { authorization: string };
let typeId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  [{ id: typeId }] = await t.db.insert(clientTypes).values({ name: 'Grossiste', position: 1 }).returning({ id: clientTypes.id });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });

const chief = (over: Record<string, unknown> = {}) => ({
  CODE_CHEF_ZONE: 'CZ-NORD',
  FIRSTNAME: 'Sana',
  LASTNAME: 'Ben Ali',
  EMAIL: 'sana.benali@test.tn',
  GSM: '+21698111222',
  PASSWORD: 'Secret123!',
  ...over,
});

const signIn = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/loginBO', payload: { email, password, from: 'BO' } });

describe('chef-zone', () => {
  it('creates a chief of role chefZone with a hashed password that never comes back, and audits it without the password', async () => {
    const r = await call('POST', 'chef-zone', chief({ TYPE_CLIENT_ID: typeId, EMAIL: 'Sana.BenAli@Test.tn' }));
    expect(r.statusCode).toBe(201);
    const c = r.json().data;
    expect(c).toEqual({
      id: c.id,
      ID: c.id,
      CODE_CHEF_ZONE: 'CZ-NORD',
      FIRSTNAME: 'Sana',
      LASTNAME: 'Ben Ali',
      username: 'Sana Ben Ali',
      EMAIL: 'sana.benali@test.tn',
      GSM: '+21698111222',
      TYPE_CLIENT_ID: typeId,
      STATUS: 1,
    });
    expect(r.body).not.toMatch(/PASSWORD|password|scrypt/i);

    const [row] = await t.db.select().from(users).where(eq(users.id, c.id));
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('Secret123!', row.passwordHash)).toBe(true);
    const me = await signIn('sana.benali@test.tn', 'Secret123!');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ role: 'chefZone', login: 'sana.benali@test.tn' });

    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'users'), eq(auditLog.entityId, String(c.id)), eq(auditLog.action, 'create')));
    expect(trail.userEmail).toBe('admin@demo.tn');
    expect(JSON.stringify(trail.changes)).not.toMatch(/password|Secret123|scrypt/i);
    // Named as the API names them, as an update of the account is (was codeChefZone, email).
    expect(trail.changes).toMatchObject({ CODE_CHEF_ZONE: 'CZ-NORD', EMAIL: 'sana.benali@test.tn' });
  });

  it('requires the code and the password on creation; checks GSM, email and names with the domain messages', async () => {
    const { CODE_CHEF_ZONE: _c, PASSWORD: _p, ...rest } = chief({ EMAIL: 'x1@test.tn' });
    const r = await call('POST', 'chef-zone', rest);
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toEqual({ CODE_CHEF_ZONE: [MSG.required], PASSWORD: [MSG.required] });

    const bad = await call('POST', 'chef-zone', chief({ CODE_CHEF_ZONE: 'CZ-X', EMAIL: 'x@y', GSM: '1234567', PASSWORD: 'court', LASTNAME: '  ' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ EMAIL: [MSG.email], GSM: [MSG.phone], PASSWORD: [MSG.passwordMin], LASTNAME: [MSG.blank] });
    expect((await t.db.select().from(users).where(eq(users.email, 'x1@test.tn'))).length).toBe(0);
  });

  it('refuses a duplicate code (any case) and a duplicate email with 422 on the field', async () => {
    const code = await call('POST', 'chef-zone', chief({ CODE_CHEF_ZONE: 'cz-nord', EMAIL: 'other@test.tn' }));
    expect(code.statusCode).toBe(422);
    expect(code.json()).toEqual({ success: false, message: STAFF_MSG.codeChefZoneExists, errors: { CODE_CHEF_ZONE: [STAFF_MSG.codeChefZoneExists] } });

    const mail = await call('POST', 'chef-zone', chief({ CODE_CHEF_ZONE: 'CZ-SUD', EMAIL: 'ADMIN@demo.tn' }));
    expect(mail.statusCode).toBe(422);
    expect(mail.json()).toEqual({ success: false, message: 'Email Existe', errors: { EMAIL: [MSG.emailExists] } });

    const both = await call('POST', 'chef-zone', chief({ CODE_CHEF_ZONE: 'CZ-NORD', EMAIL: 'sana.benali@test.tn' }));
    expect(both.json().errors).toEqual({ EMAIL: [MSG.emailExists], CODE_CHEF_ZONE: [STAFF_MSG.codeChefZoneExists] });
  });

  it('lists only zone chiefs, paged, searched on code, names and email, sorted in SQL', async () => {
    await call('POST', 'chef-zone', chief({ CODE_CHEF_ZONE: 'CZ-SUD', FIRSTNAME: 'Karim', LASTNAME: 'Trabelsi', EMAIL: 'karim.t@test.tn' }));
    await call('POST', 'chef-zone', chief({ CODE_CHEF_ZONE: 'CZ-CENTRE', FIRSTNAME: 'Éric', LASTNAME: 'Zaouali', EMAIL: 'eric.z@test.tn' }));
    const page = (await call('GET', 'chef-zone?page=1&perPage=2&sort=CODE_CHEF_ZONE&order=desc')).json();
    // chef@demo.tn (no code yet) is a chief too; admin, magasinier and commercial are not listed.
    expect(page.meta).toEqual({ total: 4, last_page: 2, current_page: 1, per_page: 2 });
    // PostgreSQL puts a missing code first in descending order.
    expect(page.data.map((d: { CODE_CHEF_ZONE: string }) => d.CODE_CHEF_ZONE)).toEqual([null, 'CZ-SUD']);
    const asc = (await call('GET', 'chef-zone?page=1&perPage=3&sort=CODE_CHEF_ZONE&order=asc')).json();
    expect(asc.data.map((d: { CODE_CHEF_ZONE: string }) => d.CODE_CHEF_ZONE)).toEqual(['CZ-CENTRE', 'CZ-NORD', 'CZ-SUD']);
    const all = (await call('GET', 'chef-zone')).json();
    expect(all.meta).toBeUndefined();
    expect(all.data.map((d: { EMAIL: string }) => d.EMAIL).sort()).toEqual(['chef@demo.tn', 'eric.z@test.tn', 'karim.t@test.tn', 'sana.benali@test.tn']);

    const search = async (s: string) =>
      (await call('GET', `chef-zone?page=1&search=${encodeURIComponent(s)}`)).json().data.map((d: { EMAIL: string }) => d.EMAIL);
    expect(await search('centre')).toEqual(['eric.z@test.tn']);
    expect((await search('trabel')).sort()).toEqual(['chef@demo.tn', 'karim.t@test.tn']);
    expect(await search('karim.t@')).toEqual(['karim.t@test.tn']);
    expect(await search('admin')).toEqual([]);
    const byName = (await call('GET', 'chef-zone?sort=LASTNAME&order=asc')).json().data.map((d: { LASTNAME: string }) => d.LASTNAME);
    expect(byName).toEqual(['Ben Ali', 'Trabelsi', 'Trabelsi', 'Zaouali']);
  });

  it('reads one chief; another account or an unknown id is 404', async () => {
    const [sana] = (await call('GET', 'chef-zone?search=CZ-NORD')).json().data;
    expect((await call('GET', `chef-zone/${sana.id}`)).json().data.CODE_CHEF_ZONE).toBe('CZ-NORD');
    const [adminRow] = await t.db.select().from(users).where(eq(users.email, 'admin@demo.tn'));
    for (const url of [`chef-zone/${adminRow.id}`, 'chef-zone/999999']) {
      expect((await call('GET', url)).statusCode).toBe(404);
      expect((await call('PUT', url, { STATUS: 0 })).statusCode).toBe(404);
      expect((await call('DELETE', url)).statusCode).toBe(404);
    }
    expect((await call('GET', 'chef-zone/abc')).statusCode).toBe(422);
  });

  it('updates partially (the STATUS switch alone), ignores a password, and audits before and after', async () => {
    const [karim] = (await call('GET', 'chef-zone?search=CZ-SUD')).json().data;
    const off = await call('PUT', `chef-zone/${karim.id}`, { STATUS: 0 });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ STATUS: 0, CODE_CHEF_ZONE: 'CZ-SUD', EMAIL: 'karim.t@test.tn' });

    const edit = await call('PUT', `chef-zone/${karim.id}`, { GSM: '71000000', LASTNAME: 'Trabelsi-Ayed', PASSWORD: 'Changed123' });
    expect(edit.json().data).toMatchObject({ GSM: '71000000', LASTNAME: 'Trabelsi-Ayed', username: 'Karim Trabelsi-Ayed' });
    const [row] = await t.db.select().from(users).where(eq(users.id, karim.id));
    expect(await verifyPassword('Secret123!', row.passwordHash)).toBe(true);

    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(karim.id)), eq(auditLog.action, 'update')));
    expect(trail.map((a) => a.changes)).toEqual([
      { STATUS: [1, 0] },
      { GSM: ['+21698111222', '71000000'], LASTNAME: ['Trabelsi', 'Trabelsi-Ayed'], username: ['Karim Trabelsi', 'Karim Trabelsi-Ayed'] },
    ]);

    const bad = await call('PUT', `chef-zone/${karim.id}`, { GSM: '12', CODE_CHEF_ZONE: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ GSM: [MSG.phone], CODE_CHEF_ZONE: [MSG.required] });
    const dup = await call('PUT', `chef-zone/${karim.id}`, { CODE_CHEF_ZONE: 'CZ-Nord' });
    expect(dup.json()).toMatchObject({ message: STAFF_MSG.codeChefZoneExists, errors: { CODE_CHEF_ZONE: [STAFF_MSG.codeChefZoneExists] } });
    // Its own code and email are not duplicates of itself.
    expect((await call('PUT', `chef-zone/${karim.id}`, { CODE_CHEF_ZONE: 'cz-sud', EMAIL: 'karim.t@test.tn' })).statusCode).toBe(200);
  });

  it('an inactive chief cannot sign in: 403 with the server message; active again, he can', async () => {
    const [karim] = (await call('GET', 'chef-zone?search=karim.t')).json().data;
    await call('PUT', `chef-zone/${karim.id}`, { STATUS: 0 });
    const refused = await signIn('karim.t@test.tn', 'Secret123!');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, message: MSG.accountInactive });
    await call('PUT', `chef-zone/${karim.id}`, { STATUS: 1 });
    expect((await signIn('karim.t@test.tn', 'Secret123!')).statusCode).toBe(200);
  });

  it('refuses to delete a chief who still has clients (409, French), deletes one who has none', async () => {
    const [sana] = (await call('GET', 'chef-zone?search=CZ-NORD')).json().data;
    await t.db.insert(clients).values([
      { code: 'CL-1', name: 'Épicerie Nord', chefZoneId: sana.id },
      { code: 'CL-2', name: 'Superette Nord', chefZoneId: sana.id },
    ]);
    const r = await call('DELETE', `chef-zone/${sana.id}`);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ success: false, message: STAFF_MSG.chiefHasClients(2) });
    expect(r.json().message).toContain('2 clients');
    expect((await call('GET', `chef-zone/${sana.id}`)).statusCode).toBe(200);

    const [eric] = (await call('GET', 'chef-zone?search=CZ-CENTRE')).json().data;
    const del = await call('DELETE', `chef-zone/${eric.id}`);
    expect(del.json()).toEqual({ success: true, data: { id: eric.id } });
    expect((await call('GET', `chef-zone/${eric.id}`)).statusCode).toBe(404);
    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(eric.id)), eq(auditLog.action, 'delete')));
    expect(trail.changes).toMatchObject({ CODE_CHEF_ZONE: 'CZ-CENTRE' });
  });

  it('exports the filtered chiefs as CSV, XLSX and PDF', async () => {
    const csv = await call('GET', 'chef-zone/export/csv?search=CZ-');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('chefs-de-zone.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter(Boolean);
    expect(lines[0]).toMatch(/Code.*Nom.*Email.*Téléphone.*Actif/);
    expect(lines.slice(1).join('\n')).toContain('Sana Ben Ali');
    expect(lines.length).toBe(3);
    for (const format of ['xlsx', 'pdf']) {
      const f = await call('GET', `chef-zone/export/${format}`);
      expect(f.statusCode).toBe(200);
      expect(f.rawPayload.length).toBeGreaterThan(500);
    }
  });
});
