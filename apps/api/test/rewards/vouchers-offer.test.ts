import { GIFT_MSG, MSG, VOUCHER_MSG } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../src/lib/png';
import { auditLog } from '../../src/lib/audit/audit.table';
import { clients } from '../../src/lib/clients/clients.table';
import { voucherPurchases, vouchers } from '../../src/modules/rewards/vouchers.table';
import { createTestApp, multipart, type TestContext } from '../support/helpers';

/** Vouchers on offer through the real app. */
let t: TestContext;
let admin: { authorization: string };
let chef: { authorization: string };
const ref = { type: 0, otherType: 0, circuit: 0, activity: 0, category: 0, badge: 0 };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });
const send = (url: string, fields: Record<string, string>, file?: Parameters<typeof multipart>[1], headers = admin) => {
  const body = multipart(fields, file);
  return t.app.inject({ method: 'POST', url: `/api/${url}`, payload: body.payload, headers: { ...headers, ...body.headers } });
};
const png = solidPng(8, 8, [200, 60, 60]);
const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(vouchers))[0].n;
const body = (over: Record<string, unknown> = {}) => ({
  REF: 'VCH-A',
  QTS: 100,
  SOLDE: '50.25',
  TYPE_CLIENT_ID: ref.type,
  START_DAY: '2025-01-01',
  END_DATE: '2025-12-31',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  chef = await t.auth('chef@demo.tn');
  ref.type = (await call('POST', 'typeclients', { NAME: 'Grossiste' })).json().data.id;
  ref.otherType = (await call('POST', 'typeclients', { NAME: 'Détaillant' })).json().data.id;
  ref.circuit = (await call('POST', 'clients_circuits', { NAME: 'Traditionnel' })).json().data.id;
  ref.activity = (await call('POST', 'clients_activities', { NAME: 'Épicerie', CODE: 'EPI', CIRCUIT: ref.circuit })).json().data.id;
  ref.category = (await call('POST', 'clients_categories', { NAME: 'Premium', ACTIVITE: ref.activity })).json().data.id;
  ref.badge = (await call('POST', 'badges', { NAME: 'Argent' })).json().data.id;
  expect(Object.values(ref).every((id) => id > 0)).toBe(true);
});
afterAll(() => t.close());

describe('vouchers on offer: create', () => {
  it('creates one as JSON: balance to the millime, company and category names for the list', async () => {
    const r = await call(
      'POST',
      'vochers',
      body({ CATEGORY: ref.category, CIRCUIT: ref.circuit, ACTIVITE: ref.activity, BADGES_ID: ref.badge, IS_ACTIVE: 0, DESCRIPTION: 'Fin d’année' }),
    );
    expect(r.statusCode).toBe(201);
    const v = r.json().data;
    expect(v).toEqual({
      id: v.id,
      ID: v.id,
      REF: 'VCH-A',
      QTS: 100,
      SOLDE: '50.250',
      TYPE_CLIENT_ID: ref.type,
      TYPE_CLIENT_NAME: 'Grossiste',
      CATEGORY: ref.category,
      CATEGORY_NAME: 'Premium',
      CIRCUIT: ref.circuit,
      ACTIVITE: ref.activity,
      BADGES_ID: ref.badge,
      START_DAY: '2025-01-01',
      END_DATE: '2025-12-31',
      IS_ACTIVE: 0,
      DESCRIPTION: 'Fin d’année',
      MEDIA: null,
    });
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'vochers'), eq(auditLog.entityId, String(v.id))));
    expect(trail.map((x) => x.action)).toEqual(['create']);
  });

  it('creates one as form data with its image (the spec’s multipart POST), active by default', async () => {
    const r = await send(
      'vochers',
      { REF: 'VCH-B', QTS: '10', SOLDE: '20', TYPE_CLIENT_ID: String(ref.otherType), START_DAY: '2025-02-01', END_DATE: '2025-02-02', DESCRIPTION: '' },
      { name: 'bon.png', type: 'image/png', content: png },
    );
    expect(r.statusCode).toBe(201);
    expect(r.json().data).toMatchObject({
      REF: 'VCH-B',
      SOLDE: '20.000',
      IS_ACTIVE: 1,
      TYPE_CLIENT_NAME: 'Détaillant',
      CATEGORY: null,
      CATEGORY_NAME: null,
      MEDIA: { file_name: 'bon.png' },
    });
  });

  it('answers 422 with the field messages: required fields, strict period, unknown company, REF used', async () => {
    const rows = await count();
    const empty = await call('POST', 'vochers', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      REF: [MSG.required],
      QTS: [MSG.required],
      SOLDE: [MSG.required],
      TYPE_CLIENT_ID: [MSG.required],
      START_DAY: [MSG.required],
      END_DATE: [MSG.required],
    });
    for (const END_DATE of ['2025-01-01', '2024-12-31']) {
      const r = await call('POST', 'vochers', body({ REF: 'VCH-P', END_DATE }));
      expect(r.json()).toEqual({ success: false, message: VOUCHER_MSG.periodStrict, errors: { END_DATE: [VOUCHER_MSG.periodStrict] } });
    }
    const unknown = await call('POST', 'vochers', body({ REF: 'VCH-U', TYPE_CLIENT_ID: 999999, CATEGORY: 999998 }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ TYPE_CLIENT_ID: [GIFT_MSG.refUnknown], CATEGORY: [GIFT_MSG.refUnknown] });
    const dup = await call('POST', 'vochers', body({ REF: 'vch-a' }));
    expect(dup.json()).toEqual({ success: false, message: VOUCHER_MSG.refExists, errors: { REF: [VOUCHER_MSG.refExists] } });
    const badFile = await send('vochers', { ...body({ REF: 'VCH-F' }), QTS: '1', TYPE_CLIENT_ID: String(ref.type) } as Record<string, string>, {
      name: 'x.png',
      type: 'image/png',
      content: Buffer.from('pas une image'),
    });
    expect(badFile.json().message).toBe(MSG.fileType);
    expect(await count()).toBe(rows);
  });
});

describe('vouchers on offer: list, update, delete', () => {
  it('lists 50 a page, newest first, searches the number, sorts by number', async () => {
    const page = (await call('GET', 'vochers?page=1')).json();
    expect(page.meta).toMatchObject({ per_page: 50, total: 2 });
    expect(page.data.map((v: { REF: string }) => v.REF)).toEqual(['VCH-B', 'VCH-A']);
    expect((await call('GET', 'vochers?page=1&sort=REF&order=asc')).json().data.map((v: { REF: string }) => v.REF)).toEqual(['VCH-A', 'VCH-B']);
    expect((await call('GET', 'vochers?page=1&search=ch-b')).json().data.map((v: { REF: string }) => v.REF)).toEqual(['VCH-B']);
    const csv = (await call('GET', 'vochers/export/csv?sort=REF&order=asc')).body.replace(/^\uFEFF/, '').split(/\r\n/);
    expect(csv[0]).toBe('Numéro de voucher;Quantité;Solde;Société;Catégorie;Début;Fin;Actif;Description;Image');
    expect(csv[1]).toMatch(/^VCH-A;100;50,250\sDT;Grossiste;Premium;01\/01\/2025;31\/12\/2025;Non;Fin d’année;$/);
  });

  it('the switch sends only IS_ACTIVE; a PUT keeps what it does not carry; the period is checked as stored', async () => {
    const [a] = await t.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.ref, 'VCH-A'));
    const on = await call('PUT', `vochers/${a.id}`, { IS_ACTIVE: 1 });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ IS_ACTIVE: 1, SOLDE: '50.250', QTS: 100 });
    expect((await call('PUT', `vochers/${a.id}`, { IS_ACTIVE: 0 })).json().data.IS_ACTIVE).toBe(0);
    // A change of balance leaves the voucher off (no default put back).
    expect((await call('PUT', `vochers/${a.id}`, { SOLDE: '60', id: a.id, MEDIA: null })).json().data).toMatchObject({ SOLDE: '60.000', IS_ACTIVE: 0 });
    const sameDay = await call('PUT', `vochers/${a.id}`, { END_DATE: '2025-01-01' });
    expect(sameDay.statusCode).toBe(422);
    expect(sameDay.json().errors).toEqual({ END_DATE: [VOUCHER_MSG.periodStrict] });
    expect((await call('PUT', `vochers/${a.id}`, { START_DAY: '2026-01-01' })).json().errors).toEqual({ END_DATE: [VOUCHER_MSG.periodStrict] });
    expect((await call('PUT', `vochers/${a.id}`, { CATEGORY: null, TYPE_CLIENT_ID: ref.otherType })).json().data).toMatchObject({
      CATEGORY: null,
      CATEGORY_NAME: null,
      TYPE_CLIENT_NAME: 'Détaillant',
    });
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'vochers'), eq(auditLog.entityId, String(a.id)), eq(auditLog.action, 'update')));
    expect(trail[0].changes).toEqual({ IS_ACTIVE: [0, 1] });
  });

  it('answers "Missing id" to a PUT without a usable id, 404 to an unknown one', async () => {
    for (const url of ['vochers/abc', 'vochers/0', 'vochers/-3', 'vochers/1.5', 'vochers/99999999999', 'vochers/', 'vochers/undefined']) {
      const r = await call('PUT', url, { IS_ACTIVE: 1 });
      expect([url, r.statusCode, r.json()]).toEqual([url, 422, { success: false, message: VOUCHER_MSG.missingId, errors: { id: [VOUCHER_MSG.missingId] } }]);
    }
    expect((await call('PUT', 'vochers/999999', { IS_ACTIVE: 1 })).statusCode).toBe(404);
    // Only staff who may write hear about the id: a zone chief is refused first.
    expect((await call('PUT', 'vochers/abc', { IS_ACTIVE: 1 }, chef)).statusCode).toBe(403);
  });

  it('uploads an image through vochers/media/{id}', async () => {
    const [a] = await t.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.ref, 'VCH-A'));
    const form = multipart({}, { name: 'a.png', type: 'image/png', content: png });
    const r = await t.app.inject({ method: 'POST', url: `/api/vochers/media/${a.id}`, payload: form.payload, headers: { ...admin, ...form.headers } });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.MEDIA).toMatchObject({ file_name: 'a.png' });
  });

  it('refuses (409) to delete a voucher clients hold, deletes it otherwise; 404 for an unknown one', async () => {
    const [a] = await t.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.ref, 'VCH-A'));
    const [client] = await t.db.insert(clients).values({ code: 'VCH-CLI', name: 'Client voucher' }).returning({ id: clients.id });
    await t.db.insert(voucherPurchases).values({ voucherRef: 'VCH-A-0001', clientId: client.id, voucherId: a.id, soldeUsed: '60', qrcode: 'qr-vch-test-1' });
    const refused = await call('DELETE', `vochers/${a.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: MSG.inUse('ce voucher a déjà été attribué à des clients') });
    const [b] = await t.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.ref, 'VCH-B'));
    expect((await call('DELETE', `vochers/${b.id}`)).statusCode).toBe(200);
    expect((await call('GET', `vochers/${b.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `vochers/${b.id}`)).statusCode).toBe(404);
  });
});

describe('vouchers on offer: roles', () => {
  it('lets a zone chief read the list (and a voucher, and the export) but not write (403)', async () => {
    const list = await call('GET', 'vochers?page=1', undefined, chef);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((v: { REF: string }) => v.REF)).toEqual(['VCH-A']);
    const id = list.json().data[0].id;
    expect((await call('GET', `vochers/${id}`, undefined, chef)).statusCode).toBe(200);
    expect((await call('GET', 'vochers/export/csv', undefined, chef)).statusCode).toBe(200);
    const rows = await count();
    const post = await call('POST', 'vochers', body({ REF: 'VCH-CHEF' }), chef);
    expect(post.statusCode).toBe(403);
    expect(post.json().message).toBe(MSG.forbidden);
    expect((await call('PUT', `vochers/${id}`, { IS_ACTIVE: 1 }, chef)).statusCode).toBe(403);
    expect((await call('DELETE', `vochers/${id}`, undefined, chef)).statusCode).toBe(403);
    const form = multipart({}, { name: 'a.png', type: 'image/png', content: png });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/vochers/media/${id}`, payload: form.payload, headers: { ...chef, ...form.headers } })).statusCode,
    ).toBe(403);
    expect(await count()).toBe(rows);
    expect((await call('GET', `vochers/${id}`)).json().data.IS_ACTIVE).toBe(0);
  });
});
