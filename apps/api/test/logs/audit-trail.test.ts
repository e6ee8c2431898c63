import { AUDIT_MSG, SECURITY_AUDIT_ACTIONS } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/lib/audit/audit.table';
import { clients } from '../../src/lib/clients/clients.table';
import { createTestApp, type TestContext } from '../support/helpers';

/**
 * The audit trail viewer through the real app: writes from several areas land in it
 * with who, what, which row and the changed fields; filters, search, paging and the admin-only rule.
 */
let t: TestContext;
let admin: { authorization: string };
let adminId: number;
let clientId: number;
let circuitId: number;
type Entry = {
  id: number;
  USER_ID: number | null;
  USER_EMAIL: string | null;
  USER: string | null;
  ACTION: string;
  ENTITY: string;
  ENTITY_ID: string | null;
  CHANGES: unknown;
  AT: string;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });
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

describe('GET audit: as staff use it', () => {
  let id: number;
  beforeAll(async () => {
    const created = await call('POST', 'clients_circuits', { NAME: 'Grossistes', DESCRIPTION: 'Vente en gros' });
    expect(created.statusCode).toBe(201);
    id = created.json().data.id;
    expect((await call('PUT', `clients_circuits/${id}`, { NAME: 'Grossistes du Sahel' })).statusCode).toBe(200);
  });
  const ofCircuit = (entries: Entry[]) => entries.filter((e) => e.ENTITY_ID === String(id));

  it('finds an entry by a value it wrote: the new name of a circuit finds its rename', async () => {
    const found = await trail('search=Sahel');
    expect(found.map((e) => `${e.ACTION} ${e.ENTITY} ${e.ENTITY_ID}`)).toEqual([`update clients_circuits ${id}`]);
    expect(found[0].CHANGES).toEqual({ NAME: ['Grossistes', 'Grossistes du Sahel'] });
    // The old name finds the create and the rename; a value nobody wrote finds nothing.
    expect(ofCircuit(await trail('search=grossistes')).map((e) => e.ACTION)).toEqual(['update', 'create']);
    expect(await trail('search=Vente en gros&ENTITY=clients_circuits')).toHaveLength(1);
    expect(await trail('search=introuvable-nulle-part')).toEqual([]);
  });

  it('filters by an entity of the list, named by its key; anything else is a 422 naming ENTITY', async () => {
    expect(ofCircuit(await trail('ENTITY=clients_circuits')).map((e) => e.ACTION)).toEqual(['update', 'create']);
    for (const bad of ['Circuits clients', 'clients_circuit', 'audit_log', 'toString']) {
      const r = await call('GET', `audit?ENTITY=${encodeURIComponent(bad)}`);
      expect(r.statusCode).toBe(422);
      expect(r.json().errors.ENTITY).toEqual([AUDIT_MSG.entityUnknown]);
    }
    // The export names the entity as the filter does.
    const csv = await call('GET', 'audit/export/csv?ENTITY=clients_circuits&search=Sahel');
    expect(csv.body).toContain(';Circuits clients;');
    expect(csv.body).not.toContain('clients_circuits');
  });

  it('names the fields of a create as its updates do (the API names)', async () => {
    const [update, create] = ofCircuit(await trail('ENTITY=clients_circuits'));
    expect(create.ACTION).toBe('create');
    expect(create.CHANGES).toEqual({ NAME: 'Grossistes', DESCRIPTION: 'Vente en gros' });
    expect(Object.keys(update.CHANGES as object)).toEqual(['NAME']);
    // Staff accounts and templates too, whose creates are their own routes.
    const chief = await call('POST', 'chef-zone', {
      CODE_CHEF_ZONE: 'CZ-AUD',
      FIRSTNAME: 'Karim',
      LASTNAME: 'Audit',
      EMAIL: 'karim.audit@demo.tn',
      GSM: '+21698111333',
      PASSWORD: 'Secret123!',
    });
    expect(chief.statusCode, chief.body).toBe(201);
    const [account] = await trail(`ENTITY=users&ACTION=create&search=${chief.json().data.id}`);
    expect(account.CHANGES).toMatchObject({ FIRSTNAME: 'Karim', EMAIL: 'karim.audit@demo.tn', CODE_CHEF_ZONE: 'CZ-AUD' });
    expect(Object.keys(account.CHANGES as object).every((k) => k === k.toUpperCase())).toBe(true);
    expect(JSON.stringify(account.CHANGES)).not.toMatch(/Secret123|password/i);
  });
});

describe('GET audit: security events', () => {
  const events = [
    { action: 'login', userEmail: 'chef@demo.tn', changes: { ip: '10.9.0.0', device: 'Chrome' } },
    { action: 'login_failed', userEmail: 'inconnu@demo.tn', changes: { ip: '10.9.0.1' } },
    { action: 'login_locked', userEmail: 'chef@demo.tn', changes: { ip: '10.9.0.2' } },
    { action: 'reset_code_sent', userEmail: 'chef@demo.tn', changes: { ip: '10.9.0.3' } },
    { action: 'reset_code_failed', userEmail: 'chef@demo.tn', changes: { ip: '10.9.0.4' } },
    { action: 'password_reset', userEmail: 'chef@demo.tn', changes: { ip: '10.9.0.5' } },
    { action: 'email_changed', userEmail: 'chef@demo.tn', changes: { ip: '10.9.0.6' } },
    { action: 'logout', userEmail: 'chef@demo.tn', changes: { ip: '10.9.0.7' } },
  ];
  beforeAll(async () => {
    // As the sign-in, reset and account calls record them (entity users), beside ordinary writes.
    await t.db.insert(auditLog).values(events.map((e) => ({ ...e, entity: 'users' })));
  });

  it('« Sécurité » selects every security event and nothing else, newest first, with the IP', async () => {
    const r = await call('GET', 'audit?ACTION=security&perPage=100&page=1');
    expect(r.statusCode).toBe(200);
    const entries = r.json().data as Entry[];
    const actions = new Set(entries.map((e) => e.ACTION));
    for (const e of events) expect(actions).toContain(e.action);
    // The writes of the first tests are not security events.
    expect([...actions].filter((a) => !(SECURITY_AUDIT_ACTIONS as readonly string[]).includes(a))).toEqual([]);
    expect(entries.find((e) => e.ACTION === 'login_failed')).toMatchObject({ USER_EMAIL: 'inconnu@demo.tn', CHANGES: { ip: '10.9.0.1' } });
    expect(r.json().meta.total).toBe(entries.length);

    // One action at a time still works, and combines with the other filters.
    expect((await trail('ACTION=reset_code_failed')).map((e) => e.CHANGES)).toEqual([{ ip: '10.9.0.4' }]);
    expect((await trail('ACTION=security&ENTITY=clients_circuits')).length).toBe(0);
    expect((await trail('ACTION=security&search=inconnu')).map((e) => e.ACTION)).toEqual(['login_failed']);
  });

  it('exports them with their French labels', async () => {
    const csv = await call('GET', 'audit/export/csv?ACTION=security');
    expect(csv.statusCode).toBe(200);
    for (const label of [
      'Connexion refusée',
      'Connexion bloquée',
      'Code de réinitialisation envoyé',
      'Code de réinitialisation refusé',
      'Mot de passe réinitialisé',
      'E-mail modifié',
      'Déconnexion',
      'Connexion',
    ]) {
      expect(csv.body).toContain(label);
    }
    expect(csv.body).not.toMatch(/;(Création|Modification|Suppression);/);
  });
});
