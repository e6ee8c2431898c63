import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, users } from '../../src/lib/auth/accounts.table';
import { hashPassword } from '../../src/lib/password';
import { createTestApp, type TestContext } from '../support/helpers';

/**
 * Role × endpoint matrix: the server enforces the permission map on every route, whatever the menu shows.
 * "allowed" means anything but 401/403 (the call may still be 404 or 422 for its payload).
 */
let t: TestContext;
let circuitId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [role] = await t.db.insert(roles).values({ label: 'roleInconnu' }).returning();
  await t.db.insert(users).values({ email: 'inconnu@demo.tn', passwordHash: await hashPassword('Demo1234!'), roleId: role.id });
  const r = await t.app.inject({ method: 'POST', url: '/api/clients_circuits', payload: { NAME: 'Matrice' }, headers: await t.auth('admin@demo.tn') });
  circuitId = r.json().data.id;
});
afterAll(() => t.close());

type Call = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown];
const READ: Call[] = [
  ['GET', '/api/typeclients'],
  ['GET', '/api/clients_circuits?page=1'],
  ['GET', '/api/clients_activities?page=1&search=a'],
  ['GET', '/api/clients_categories'],
  ['GET', '/api/clients_circuits/export/csv'],
  ['GET', '/api/badges?page=1'],
  ['GET', '/api/products?page=1'],
  ['GET', '/api/products/all'],
  ['GET', '/api/products/export/csv'],
  ['GET', '/api/categories'],
  ['GET', '/api/sub_categories?page=1'],
  ['GET', '/api/tarifs?page=1'],
  ['GET', '/api/showProductPoint?page=1'],
  ['GET', '/api/brands'],
  ['GET', '/api/orders?page=1&STATUS=0'],
  ['GET', '/api/orders/export/csv'],
  ['GET', '/api/getAskOrders'],
];
const WRITE = (): Call[] => [
  ['POST', '/api/clients_circuits', { NAME: `C-${Math.random()}` }],
  ['PUT', `/api/clients_circuits/${circuitId}`, { DESCRIPTION: 'x' }],
  ['PUT', '/api/typeclients/reorder', { ids: [999999] }],
  ['DELETE', '/api/clients_categories/999999'],
  ['POST', '/api/typeclients', { NAME: `T-${Math.random()}` }],
  ['POST', '/api/templating', {}],
  ['PUT', '/api/templating/999999', { SUJET: 'x' }],
  ['POST', '/api/templating/sms', {}],
  ['DELETE', '/api/templating/email/999999'],
  ['POST', '/api/invite/mail', {}],
  ['POST', '/api/badges', { NAME: `B-${Math.random()}` }],
  ['PUT', '/api/badges/validate/999999'],
  ['GET', '/api/badges/999999/sendEmail/999999'],
  ['POST', '/api/chef-zone', {}],
  ['PUT', '/api/chef-zone/999999', { STATUS: 1 }],
  ['DELETE', '/api/chef-zone/999999'],
  ['POST', '/api/userBO', {}],
  ['PUT', '/api/users/999999', { STATUS: 1 }],
  ['DELETE', '/api/users/999999'],
  ['POST', '/api/products', {}],
  ['PUT', '/api/products/order-new', { ids: [999999] }],
  ['DELETE', '/api/products/999999'],
  ['POST', '/api/brands', {}],
  ['POST', '/api/categories', {}],
  ['PUT', '/api/sub_categories/999999', { NAME: 'x' }],
  ['DELETE', '/api/tarifs/999999'],
  ['POST', '/api/products/addProductPoint', {}],
  ['DELETE', '/api/products/productPoint/999999'],
  ['POST', '/api/retourMarchandises', {}],
  // Website content
  ['POST', '/api/pages', { key: 'nope' }],
  ['PUT', '/api/sections/999999', { title_fr: 'x' }],
  ['POST', '/api/blocs', {}],
  ['PUT', '/api/blocs/reorder', { ids: [999999] }],
  ['PUT', '/api/blocs/999999/position', { position: 1 }],
  ['DELETE', '/api/blocs/999999'],
];
/** Zone chiefs change their clients' orders (status, site), as staff with all rights do. */
const ORDER_WRITE: Call[] = [['PUT', '/api/orders/999999', { STATUS: 1 }]];
// Staff accounts (ids 1 and 2: admin@ and chef@, the first demo accounts of a fresh database).
const ADMIN_ONLY: Call[] = [
  ['GET', '/api/roles'],
  ['GET', '/api/templating?page=1&type=email'],
  ['GET', '/api/templating/sms'],
  ['GET', '/api/templating/email/export/csv'],
  ['GET', '/api/chef-zone?page=1&search=a'],
  ['GET', '/api/chef-zone/2'],
  ['GET', '/api/chef-zone/export/csv'],
  ['GET', '/api/back-office/users?page=1'],
  ['GET', '/api/back-office/users/export/csv'],
  ['GET', '/api/users/admins'],
  ['GET', '/api/users?role=chefZone'],
  ['GET', '/api/users/1'],
  ['POST', '/api/validations/email/unique', { email: 'libre@demo.tn' }],
  ['PUT', '/api/users/1', { STATUS: 1 }],
  ['PUT', '/api/chef-zone/2', { STATUS: 1 }],
  ['GET', '/api/retourMarchandises?page=1'],
  // Website content: admin and full roles only
  ['GET', '/api/sections'],
  ['GET', '/api/blocs?page=1'],
  ['GET', '/api/blocs/export/csv'],
  // Connection logs and audit trail
  ['GET', '/api/logs?page=1&year=2025'],
  ['GET', '/api/logs/export/pdf'],
  ['GET', '/api/audit?page=1&ENTITY=clients'],
  ['GET', '/api/audit/export/csv'],
  // Banner, pop-up, configuration entries, company details
  ['GET', '/api/banniere'],
  ['GET', '/api/popup/images'],
  ['GET', '/api/configs'],
  ['GET', '/api/settings'],
  // Dashboard
  ['GET', '/api/dashboard'],
  ['GET', '/api/orderByMonth?year=2025'],
  ['GET', '/api/visiteurs'],
  // Flux notifications
  ['GET', '/api/flux?page=1'],
  ['GET', '/api/flux/export/csv'],
  // Website showcase: admin and full roles only.
  ['GET', '/api/service/image-annotation?page=1'],
  ['GET', '/api/service?type=our-services'],
  ['GET', '/api/services'],
  ['GET', '/api/tools/export/csv'],
  ['GET', '/api/gallery?page=1'],
  ['GET', '/api/contacts?page=1'],
  // ERP synchronisation: admin and full roles only.
  ['GET', '/api/sync/runs?page=1'],
  ['GET', '/api/sync/latest'],
  ['GET', '/api/sync/files'],
  ['GET', '/api/sync/samples/products'],
];
const SELF: Call[] = [['GET', '/api/profile']];

const expectations: Record<string, { read: boolean; write: boolean; admin: boolean }> = {
  'admin@demo.tn': { read: true, write: true, admin: true },
  'chef@demo.tn': { read: true, write: false, admin: false },
  'magasin@demo.tn': { read: false, write: false, admin: false },
  'commercial@demo.tn': { read: false, write: false, admin: false },
  'inconnu@demo.tn': { read: false, write: false, admin: false },
};

async function status(email: string | null, [method, url, body]: Call) {
  const headers = email ? await t.auth(email) : {};
  return (await t.app.inject({ method, url, payload: body as never, headers })).statusCode;
}

describe('role × endpoint matrix', () => {
  for (const [email, can] of Object.entries(expectations)) {
    it(`${email}: reads ${can.read ? 'allowed' : '403'}, writes ${can.write ? 'allowed' : '403'}`, async () => {
      for (const call of READ) expect([call[1], await status(email, call)]).toEqual([call[1], can.read ? 200 : 403]);
      for (const call of WRITE()) {
        const s = await status(email, call);
        if (can.write) expect([call[1], s]).not.toEqual([call[1], 403]);
        else expect([call[1], s]).toEqual([call[1], 403]);
        expect(s).not.toBe(401);
        expect(s).toBeLessThan(500);
      }
      for (const call of ADMIN_ONLY) expect([call[1], await status(email, call)]).toEqual([call[1], can.admin ? 200 : 403]);
      // 404: the order does not exist, but the role may try.
      for (const call of ORDER_WRITE) expect(await status(email, call)).toBe(can.read ? 404 : 403);
      for (const call of SELF) expect(await status(email, call)).toBe(200);
    });
  }

  it('answers 401 without a token or with a bad one, 403 before 422 for a role that may not write', async () => {
    for (const call of [...READ, ...WRITE(), ...SELF]) expect(await status(null, call)).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/api/typeclients', headers: { authorization: 'Bearer not-a-real-token-at-all-123456' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ success: false, message: 'Session expirée' });
    // A forbidden role learns nothing about the payload's validity.
    const r = await t.app.inject({ method: 'POST', url: '/api/clients_circuits', payload: { NAME: '' }, headers: await t.auth('chef@demo.tn') });
    expect(r.statusCode).toBe(403);
  });

  it('keeps public routes public', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/captcha' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/invitations/lookup', payload: { token: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaa' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/pages/home' })).statusCode).toBe(404);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a deactivated account its existing sessions', async () => {
    const headers = await t.auth('commercial@demo.tn');
    await t.db.update(users).set({ status: 0 }).where(eq(users.email, 'commercial@demo.tn'));
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers })).statusCode).toBe(401);
    await t.db.update(users).set({ status: 1 }).where(eq(users.email, 'commercial@demo.tn'));
  });
});
