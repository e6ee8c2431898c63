import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../src/modules/contacts/clients.table';
import { createTestApp, type TestContext } from './helpers';

/**
 * The audit trail viewer (issue 10 §4) through the real app: writes from several areas land in it
 * with who, what, which row and the changed fields; filters, search, paging and the admin-only rule.
 */
let t: TestContext;
let admin: { authorization: string };
let adminId: number;
let clientId: number;
let circuitId: number;
type Entry = { id: number; USER_ID: number | null; USER_EMAIL: string | null; USER: string | null; ACTION: string; ENTITY: string; ENTITY_ID: string | null; CHANGES: unknown; AT: string };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers = admin) => t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });
const trail = async (query: string) => (await call('GET', `audit?${query}`)).json().data as Entry[];
const tunisToday = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Tunis' });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  adminId = (await call('GET', 'profile')).json().data.id;
  [{ id: clientId }] = await t.db.insert(clients).values({ code: 'C-AUD', name: 'Épicerie Lafayette' }).returning();
  // Writes from several areas, as staff make them.
  const circuit = await call('POST', 'clients_circuits', { NAME: 'Traditionnel', DESCRIPTION: 'Proximité' });
  circuitId = circuit.json().data.id;
  expect((await call('PUT', `clients_circuits/${circuitId}`, { DESCRIPTION: 'Épiceries de quartier' })).statusCode).toBe(200);
  expect((await call('PUT', `clients/status/${clientId}`, { STATUS: 1 })).statusCode).toBe(200);
  expect((await call('POST', 'brands', { NAME: 'Délice', LABEL: 'Produits laitiers' })).statusCode).toBe(201);
  expect((await call('POST', 'coupons', { CODE: 'AUDIT10', VALUE: '10', TYPE: 'percentage', EXPIRY_DATE: '2099-12-31', ACTIF: 1 })).statusCode).toBe(201);
  expect((await call('DELETE', `clients_circuits/${circuitId}`)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('GET audit', () => {
  it('shows each write newest first: who, action, entity, id, and the fields before and after', async () => {
    const entries = await trail('page=1');
    const mine = entries.filter((e) => e.USER_ID === adminId && e.ACTION !== 'login');
    expect(mine.map((e) => `${e.ACTION} ${e.ENTITY}`).slice(0, 6)).toEqual([
      'delete clients_circuits',
      'create coupons',
      'create brands',
      'update clients',
      'update clients_circuits',
      'create clients_circuits',
    ]);
    const update = mine.find((e) => e.ACTION === 'update' && e.ENTITY === 'clients_circuits')!;
    expect(update).toMatchObject({ USER_EMAIL: 'admin@demo.tn', USER: 'Amira Ben Salah', ENTITY_ID: String(circuitId) });
    expect(update.CHANGES).toEqual({ DESCRIPTION: ['Proximité', 'Épiceries de quartier'] });
    const deleted = mine.find((e) => e.ACTION === 'delete')!;
    expect(deleted.CHANGES).toMatchObject({ NAME: 'Traditionnel', DESCRIPTION: 'Épiceries de quartier' });
    expect(Date.now() - new Date(deleted.AT).getTime()).toBeLessThan(120_000);
  });

  it('filters by entity, action, user and Tunis day; searches e-mail, entity and id', async () => {
    expect((await trail('ENTITY=clients_circuits')).map((e) => e.ACTION)).toEqual(['delete', 'update', 'create']);
    expect((await trail('ENTITY=clients_circuits&ACTION=update')).length).toBe(1);
    expect((await trail(`USER_ID=${adminId}&ENTITY=coupons`)).length).toBe(1);
    expect((await trail('USER_ID=999999')).length).toBe(0);
    const today = tunisToday();
    expect((await trail(`DATE_DEBUT=${today}&DATE_FIN=${today}&ENTITY=brands`)).length).toBe(1);
    expect((await trail('DATE_FIN=2021-01-01')).length).toBe(0);
    expect((await trail('search=coupon')).every((e) => e.ENTITY === 'coupons')).toBe(true);
    expect((await trail(`search=${clientId}&ENTITY=clients`)).map((e) => e.ENTITY_ID)).toEqual([String(clientId)]);
    expect((await call('GET', 'audit?DATE_DEBUT=hier')).statusCode).toBe(422);
  });

  it('pages in SQL and exports the filtered trail', async () => {
    const r = (await call('GET', 'audit?page=2&perPage=2&ENTITY=clients_circuits')).json();
    expect(r.meta).toMatchObject({ total: 3, current_page: 2, last_page: 2 });
    expect(r.data.map((e: Entry) => e.ACTION)).toEqual(['create']);
    const csv = await call('GET', 'audit/export/csv?ENTITY=clients_circuits&ACTION=update');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('DESCRIPTION : Proximité → Épiceries de quartier');
  });

  it('has no write calls: the trail cannot be edited', async () => {
    const [first] = await trail('page=1');
    expect((await call('PUT', `audit/${first.id}`, { ACTION: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `audit/${first.id}`)).statusCode).toBe(404);
  });

  it('is for administrators only (403 for the other roles)', async () => {
    for (const email of ['chef@demo.tn', 'magasin@demo.tn', 'commercial@demo.tn']) {
      expect((await call('GET', 'audit', undefined, await t.auth(email))).statusCode).toBe(403);
    }
  });
});
