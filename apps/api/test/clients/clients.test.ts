import { CLIENT_MESSAGES, MSG } from '@app/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFixtures, type Fixtures, fullClient } from '../support/clients-fixtures';
import { users } from '../../src/lib/auth/accounts.table';
import { clients } from '../../src/lib/clients/clients.table';
import { createTestApp, type TestContext } from '../support/helpers';

let t: TestContext;
let f: Fixtures;
let admin: Record<string, string>;
let chef: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  f = await clientFixtures(t);
  admin = await t.auth('admin@demo.tn');
  chef = await t.auth('chef@demo.tn');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });

describe('clients: add and edit with the two readings of required fields', () => {
  it('creates a client from the full add dialog and reads it back with its names', async () => {
    const r = await call('POST', 'clients', fullClient(f, { CODE_CLIENT: 'CL-001', NAME: 'Épicerie Ben Salah', BADGES_ID: null }));
    expect(r.statusCode).toBe(201);
    const c = r.json().data;
    expect(c).toMatchObject({
      CODE_CLIENT: 'CL-001',
      NAME: 'Épicerie Ben Salah',
      CIRCUIT_NAME: 'Traditionnel',
      ACTIVITE_NAME: 'Épicerie',
      CATEGORY_NAME: 'Épicerie A',
      TYPE_CLIENT_NAME: 'Grossiste',
      CHEF_ZONE_NAME: 'Karim Trabelsi',
      CODE_CHEF_ZONE: 'CZ-NORD',
      PERCENTAGE: 2.5,
      DELAI_LIVRAISON: 2,
      POINTS_FID: 0,
      POINTS_FID_N: 0,
      CA_N_1: 0,
      STATUS: 0,
      IS_ACTIVE: 1,
      ANCIENNETE: 0,
      USERS: [],
      MEDIA: null,
    });
    expect(c.INSCRIPTION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('requires the full list on add, with a message per field, and stores nothing', async () => {
    const r = await call('POST', 'clients', { CODE_CLIENT: 'CL-X', NAME: 'Incomplet', TVA: '1', ADDRESS: 'a', TYPE_CLIENT_ID: f.type.id, GSM: '98123456' });
    expect(r.statusCode).toBe(422);
    const errors = r.json().errors;
    for (const field of ['NUM_SIRET', 'C_PAYEUR', 'GOUVERNORAT', 'FAX', 'SITE', 'STATUS']) expect(errors[field]).toEqual([MSG.required]);
    expect((await call('GET', 'clients/code/CL-X')).statusCode).toBe(404);
  });

  it('checks phones (exactly 8 digits or +), governorates and numbers', async () => {
    const r = await call('POST', 'clients', fullClient(f, { GSM: '1234567', FAX: '123456789', GOUVERNORAT: 'Paris', PERCENTAGE: '1.2345' }));
    expect(r.statusCode).toBe(422);
    const { errors } = r.json();
    expect(errors.GSM).toEqual([MSG.phone8]);
    expect(errors.FAX).toEqual([MSG.phone8]);
    expect(errors.GOUVERNORAT).toEqual(['Gouvernorat inconnu.']);
    expect(errors.PERCENTAGE).toEqual([MSG.number]);
  });

  it('creates a client without zone chief or badge (names come back null)', async () => {
    const r = await call('POST', 'clients', fullClient(f, { CHEF_ZONE_ID: null, CATEGORY: null }));
    expect(r.statusCode).toBe(201);
    expect(r.json().data).toMatchObject({ CHEF_ZONE_ID: null, CHEF_ZONE_NAME: null, CODE_CHEF_ZONE: null, BADGE_NAME: null, CATEGORY_NAME: null });
    expect((await call('DELETE', `clients/${r.json().data.id}`)).statusCode).toBe(200);
  });

  it('refuses a zone chief that is not a zone chief’s account (422 on CHEF_ZONE_ID), writing nothing', async () => {
    const before = (await call('GET', 'clients')).json().data.length;
    const [{ id: adminId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.tn'));
    for (const id of [adminId, 999_999]) {
      const r = await call('POST', 'clients', fullClient(f, { CODE_CLIENT: `CL-NC-${id}`, CHEF_ZONE_ID: id }));
      expect(r.statusCode).toBe(422);
      expect(r.json().errors.CHEF_ZONE_ID).toEqual([CLIENT_MESSAGES.chefNotFound]);
    }
    expect((await call('GET', 'clients')).json().data).toHaveLength(before);
    const [existing] = (await call('GET', 'clients')).json().data;
    const edit = await call('PUT', `clients/${existing.id}`, { CHEF_ZONE_ID: adminId });
    expect(edit.statusCode).toBe(422);
    expect((await call('GET', `clients/${existing.id}`)).json().data.CHEF_ZONE_ID).toBe(existing.CHEF_ZONE_ID);
    // A chief set before the rule (here written straight in the table) may be sent back unchanged.
    await t.db.update(clients).set({ chefZoneId: adminId }).where(eq(clients.id, existing.id));
    expect((await call('PUT', `clients/${existing.id}`, { CHEF_ZONE_ID: adminId, ADDRESS: 'Rue de Marseille' })).statusCode).toBe(200);
    await t.db.update(clients).set({ chefZoneId: existing.CHEF_ZONE_ID }).where(eq(clients.id, existing.id));
  });

  it('refuses a duplicate code (any case) with the spec message', async () => {
    const r = await call('POST', 'clients', fullClient(f, { CODE_CLIENT: 'cl-001' }));
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe(CLIENT_MESSAGES.codeExists);
    expect(r.json().errors.CODE_CLIENT).toEqual([CLIENT_MESSAGES.codeExists]);
  });

  it('edits with the light list only: an ERP client with gaps stays editable', async () => {
    const id = (await call('GET', 'clients/code/CL-001')).json().data.id;
    const light = { NAME: 'Épicerie Ben Salah & Fils', TVA: '1234567A', ADDRESS: 'Rue de Rome', STATUS: 1, TYPE_CLIENT_ID: f.type.id, GSM: '+2169812' };
    const r = await call('PUT', `clients/${id}`, light);
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ NAME: 'Épicerie Ben Salah & Fils', STATUS: 1, ADDRESS: 'Rue de Rome', SITE: 'Tunis Nord' });
    const missing = await call('PUT', `clients/${id}`, { ...light, TVA: '  ' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.TVA).toEqual([MSG.required]);
  });

  it('finds a client by code, else 404 « Code Client introuvable »', async () => {
    expect((await call('GET', 'clients/code/cl-001')).json().data.CODE_CLIENT).toBe('CL-001');
    const r = await call('GET', 'clients/code/NOPE');
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe(CLIENT_MESSAGES.codeNotFound);
  });
});

describe('clients list', () => {
  beforeAll(async () => {
    // 6 more clients: three for the other chief, one with a badge, varied names.
    for (const [code, name, chefId] of [
      ['CL-002', 'Café des Nattes', f.chef.id],
      ['CL-003', 'Superette El Amen', f.chef.id],
      ['CL-004', 'Café Sfax Centre', f.otherChef.id],
      ['CL-005', 'Dépôt Gabès', f.otherChef.id],
      ['CL-006', 'Kiosque Sousse', f.otherChef.id],
    ] as const) {
      expect((await call('POST', 'clients', fullClient(f, { CODE_CLIENT: code, NAME: name, CHEF_ZONE_ID: chefId }))).statusCode).toBe(201);
    }
    const id = (await call('GET', 'clients/code/CL-004')).json().data.id;
    expect((await call('PUT', `clients/badges/${id}`, { BADGE: f.gold.id })).statusCode).toBe(200);
  });

  it('pages with 100 rows by default and answers every row without page', async () => {
    const paged = (await call('GET', 'clients?page=1')).json();
    expect(paged.meta).toEqual({ total: 6, last_page: 1, current_page: 1, per_page: 100 });
    const all = (await call('GET', 'clients')).json();
    expect(all.meta).toBeUndefined();
    expect(all.data).toHaveLength(6);
  });

  it('narrows with every tag: code, name, GSM, zone chief, badge', async () => {
    const codes = async (q: string) => (await call('GET', `clients?page=1&${q}`)).json().data.map((c: { CODE_CLIENT: string }) => c.CODE_CLIENT);
    expect(await codes('tags=café')).toEqual(['CL-002', 'CL-004']);
    expect(await codes('tags=café&tags=sana')).toEqual(['CL-004']);
    expect(await codes('tags=CZ-SUD')).toEqual(['CL-004', 'CL-005', 'CL-006']);
    expect(await codes('tags=or&tags=sfax')).toEqual(['CL-004']);
    expect(await codes('tags=cl-00&tags=98123456&search=dépôt')).toEqual(['CL-005']);
  });

  it('sorts in SQL on the figures and on the joined names', async () => {
    const rows = (await call('GET', 'clients?page=1&sort=POINTS_FID&order=desc')).json().data;
    expect(rows[0]).toMatchObject({ CODE_CLIENT: 'CL-004', POINTS_FID: 500, POINTS_FID_N: 500, BADGE_NAME: 'Or' });
    const byChef = (await call('GET', 'clients?page=1&sort=CHEF_ZONE_NAME&order=asc')).json().data.map((c: { CHEF_ZONE_NAME: string }) => c.CHEF_ZONE_NAME);
    expect(byChef).toEqual([...byChef].sort((a, b) => a.localeCompare(b, 'fr')));
    expect((await call('GET', 'clients?page=1&sort=NAME&order=desc')).json().data[0].NAME).toBe('Superette El Amen');
  });

  it('changes the status and the active flag from the list, refusing unknown statuses', async () => {
    const id = (await call('GET', 'clients/code/CL-002')).json().data.id;
    expect((await call('PUT', `clients/status/${id}`, { STATUS: 2 })).json().data.STATUS).toBe(2);
    expect((await call('PUT', `clients/status/${id}`, { STATUS: 7 })).statusCode).toBe(422);
    expect((await call('PUT', `clients/active/${id}`, { IS_ACTIVE: 0 })).json().data.IS_ACTIVE).toBe(0);
    expect((await call('GET', `clients/${id}`)).json().data).toMatchObject({ STATUS: 2, IS_ACTIVE: 0 });
    expect((await call('PUT', 'clients/status/999999', { STATUS: 1 })).statusCode).toBe(404);
  });

  it('exports every filtered row: CSV, Excel (clients.xlsx, one sheet « Clients ») and A4 landscape PDF', async () => {
    const csv = await call('GET', 'export/csv?tags=CZ-SUD');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines).toHaveLength(4);
    expect(lines[0].split(';').slice(0, 3)).toEqual(['Code client', 'Client', 'GSM']);
    expect(lines[0]).toContain(`CA ${new Date().getFullYear() - 1}`);
    // Same order as the list, for any sort.
    const sorted = (await call('GET', 'clients?sort=NAME&order=desc')).json().data.map((c: { CODE_CLIENT: string }) => c.CODE_CLIENT);
    const exported = (await call('GET', 'export/csv?sort=NAME&order=desc')).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/)
      .slice(1)
      .map((l) => l.split(';')[0]);
    expect(exported).toEqual(sorted);
    const xlsx = await call('GET', 'export/excel');
    expect(xlsx.headers['content-disposition']).toMatch(/filename="clients\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Clients']);
    expect(book.worksheets[0].rowCount).toBe(7);
    const pdf = await call('GET', 'clients/export/pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]|\/MediaBox \[0 0 842 595\]/);
  });
});

describe('badges held by clients', () => {
  it('credits a badge bonus once, through the ledger, whatever the later changes', async () => {
    const id = (await call('GET', 'clients/code/CL-003')).json().data.id;
    await call('PUT', `clients/badges/${id}`, { BADGE: f.silver.id });
    await call('PUT', `clients/badges/${id}`, { BADGE: f.silver.id });
    await call('PUT', `clients/badges/${id}`, { BADGE: f.gold.id });
    await call('PUT', `clients/badges/${id}`, { BADGE: f.silver.id });
    const c = (await call('GET', `clients/${id}`)).json().data;
    expect(c).toMatchObject({ POINTS_FID: 700, BADGES_ID: f.silver.id, BADGE_NAME: 'Argent' });
    const history = (await call('GET', `clients/${id}/points-history?page=1`)).json().data;
    expect(history.map((h: { AMOUNT: number; SOURCE: string }) => [h.SOURCE, h.AMOUNT])).toEqual([
      ['badge', 500],
      ['badge', 200],
    ]);
    expect(history[0].REASON).toBe('Badge « Or » attribué');
  });

  it('refuses to delete a client who has points history (409), deletes one without', async () => {
    const withPoints = (await call('GET', 'clients/code/CL-003')).json().data.id;
    const r = await call('DELETE', `clients/${withPoints}`);
    expect(r.statusCode).toBe(409);
    const plain = (await call('POST', 'clients', fullClient(f))).json().data.id;
    expect((await call('DELETE', `clients/${plain}`)).statusCode).toBe(200);
    expect((await call('GET', `clients/${plain}`)).statusCode).toBe(404);
  });
});

describe('zone scoping', () => {
  it('shows a zone chief only his clients: list, search, detail, codes, exports, points', async () => {
    const mine = (await call('GET', 'clients?page=1', undefined, chef)).json();
    expect(mine.data.map((c: { CODE_CHEF_ZONE: string }) => c.CODE_CHEF_ZONE)).toEqual(['CZ-NORD', 'CZ-NORD', 'CZ-NORD']);
    expect((await call('GET', 'clients?page=1&tags=sfax', undefined, chef)).json().data).toEqual([]);
    const foreign = (await call('GET', 'clients/code/CL-004')).json().data.id;
    expect((await call('GET', `clients/${foreign}`, undefined, chef)).statusCode).toBe(404);
    expect((await call('PUT', `clients/status/${foreign}`, { STATUS: 1 }, chef)).statusCode).toBe(404);
    expect((await call('GET', 'clients/code/CL-004', undefined, chef)).statusCode).toBe(404);
    expect((await call('GET', 'clients/codes', undefined, chef)).json().data).toHaveLength(3);
    const csv = (await call('GET', 'export/csv', undefined, chef)).body.trim().split(/\r\n/);
    expect(csv).toHaveLength(4);
    expect((await call('GET', 'clients/points?page=1', undefined, chef)).json().meta.total).toBe(3);
    expect((await call('GET', `clients/${foreign}/points-history`, undefined, chef)).statusCode).toBe(404);
  });

  it('keeps a zone chief’s new client his own, whatever CHEF_ZONE_ID he sends', async () => {
    const r = await call('POST', 'clients', fullClient(f, { CHEF_ZONE_ID: f.otherChef.id }), chef);
    expect(r.statusCode).toBe(201);
    expect(r.json().data.CHEF_ZONE_ID).toBe(f.chef.id);
  });

  it('refuses roles without client or points rights, on every client and points call', async () => {
    const calls: [Parameters<typeof call>[0], string, unknown?][] = [
      ['GET', 'clients?page=1'],
      ['GET', 'clients/1'],
      ['GET', 'clients/codes'],
      ['GET', 'clients/users'],
      ['GET', 'clients/sites'],
      ['GET', 'clients/code/CL-001'],
      ['GET', 'export/csv'],
      ['GET', 'export/excel'],
      ['GET', 'clients/export/pdf'],
      ['POST', 'clients', {}],
      ['PUT', 'clients/1', {}],
      ['DELETE', 'clients/1'],
      ['PUT', 'clients/status/1', { STATUS: 1 }],
      ['PUT', 'clients/active/1', { IS_ACTIVE: 1 }],
      ['PUT', 'clients/badges/1', { BADGE: null }],
      ['GET', 'clients/points?page=1'],
      ['GET', 'clients/1/points-history'],
      ['POST', 'clients/1/points', { POINTS: 1 }],
      ['GET', 'offered-points'],
      ['PUT', 'users/offerPoints/CL-001', { POINTS_OFFERED: 1 }],
      ['POST', 'users/offerPoints/clients', { POINTS_OFFERED: 1, CLIENTS: [1] }],
      ['POST', 'users/offerPoints/activities', { POINTS_OFFERED: 1, ACTIVITIES: [1] }],
    ];
    for (const email of ['magasin@demo.tn', 'commercial@demo.tn']) {
      const headers = await t.auth(email);
      for (const [method, url, body] of calls)
        expect([email, method, url, (await call(method, url, body, headers)).statusCode]).toEqual([email, method, url, 403]);
    }
    for (const [method, url, body] of calls) expect([method, url, (await call(method, url, body, {})).statusCode]).toEqual([method, url, 401]);
  });
});
