import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { MSG, TARIF_MSG } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../src/lib/png';
import { auditLog } from '../../src/lib/audit/audit.table';
import { roles, users } from '../../src/lib/auth/accounts.table';
import { hashPassword } from '../../src/lib/password';
import { clientCircuits } from '../../src/lib/clients/classification.table';
import { productCategories, products, subCategories, tarifs } from '../../src/modules/catalogue/catalogue.table';
import { createTestApp, multipart, type TestContext } from '../support/helpers';

/** Product categories, ranges and price lists through the real app. */
let t: TestContext;
let admin: { authorization: string };
let chef: { authorization: string };
let circuitName: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });
const postForm = (url: string, fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) => {
  const body = multipart(fields, file);
  return t.app.inject({ method: 'POST', url: `/api/${url}`, payload: body.payload, headers: { ...admin, ...body.headers } });
};
const png = solidPng(8, 8, [120, 60, 30]);
const count = async (table: typeof productCategories | typeof subCategories | typeof tarifs) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  chef = await t.auth('chef@demo.tn');
  const [circuit] = await t.db.insert(clientCircuits).values({ name: 'CHR' }).returning();
  circuitName = circuit.name;
});
afterAll(() => t.close());

describe('categories', () => {
  it('creates from form data with its image (MEDIA), lists it, and keeps the code read-only', async () => {
    const r = await postForm(
      'categories',
      { CODE_CATEGORIE: 'CAF', NAME: 'Café', LABEL: 'Cafés torréfiés', Ordre: '2' },
      { field: 'MEDIA', name: 'cafe.png', type: 'image/png', content: png },
    );
    expect(r.statusCode).toBe(201);
    const created = r.json().data;
    expect(created).toMatchObject({
      CODE_CATEGORIE: 'CAF',
      NAME: 'Café',
      LABEL: 'Cafés torréfiés',
      Ordre: 2,
      MEDIA: { file_name: 'cafe.png', mime_type: 'image/png' },
    });

    const list = (await call('GET', 'categories?page=1&search=caf')).json();
    expect(list.meta).toMatchObject({ total: 1, per_page: 50 });
    expect(list.data[0].MEDIA.original_url).toMatch(/^\/uploads\//);

    const edited = await call('PUT', `categories/${created.id}`, { CODE_CATEGORIE: 'AUTRE', NAME: 'Café & thé', Ordre: 1 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ CODE_CATEGORIE: 'CAF', NAME: 'Café & thé', Ordre: 1 });
    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'categories'), eq(auditLog.action, 'update')));
    expect(trail.changes).toMatchObject({ NAME: ['Café', 'Café & thé'] });
  });

  it('refuses missing fields, a duplicate code (any case) and a file that is not an image, writing nothing', async () => {
    const before = await count(productCategories);
    const empty = await call('POST', 'categories', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ CODE_CATEGORIE: [MSG.required], NAME: [MSG.required], LABEL: [MSG.required], Ordre: [MSG.required] });
    const dup = await call('POST', 'categories', { CODE_CATEGORIE: 'caf', NAME: 'Autre', LABEL: 'x', Ordre: 3 });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ CODE_CATEGORIE: [MSG.codeExists] });
    const files = existsSync(path.join(t.config.dataDir, 'uploads')) ? readdirSync(path.join(t.config.dataDir, 'uploads')).length : 0;
    const fake = await postForm(
      'categories',
      { CODE_CATEGORIE: 'FAKE', NAME: 'Faux', LABEL: 'x', Ordre: '4' },
      { field: 'MEDIA', name: 'x.png', type: 'image/png', content: Buffer.from('<?php echo 1; ?>') },
    );
    expect(fake.statusCode).toBe(422);
    expect(readdirSync(path.join(t.config.dataDir, 'uploads'))).toHaveLength(files);
    expect(await count(productCategories)).toBe(before);
  });

  it('replaces the image through categories/media/{id}', async () => {
    const [cat] = await t.db.select().from(productCategories).where(eq(productCategories.code, 'CAF'));
    const body = multipart({}, { field: 'MEDIA', name: 'nouveau.png', type: 'image/png', content: solidPng(4, 4, [1, 2, 3]) });
    const r = await t.app.inject({ method: 'POST', url: `/api/categories/media/${cat.id}`, payload: body.payload, headers: { ...admin, ...body.headers } });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.MEDIA.file_name).toBe('nouveau.png');
  });
});

describe('ranges', () => {
  it('creates a range under a category named by its code, and lists the code and name', async () => {
    const r = await postForm(
      'sub_categories',
      { NAME: 'Moulu', LABEL: 'Café moulu', CODE_CATEGORIE: 'caf' },
      { field: 'MEDIA', name: 'moulu.png', type: 'image/png', content: png },
    );
    expect(r.statusCode).toBe(201);
    expect(r.json().data).toMatchObject({ NAME: 'Moulu', CODE_CATEGORIE: 'CAF', CATEGORY_NAME: 'Café & thé', MEDIA: { file_name: 'moulu.png' } });
    const bySearch = (await call('GET', 'sub_categories?page=1&search=CAF')).json();
    expect(bySearch.data.map((x: { NAME: string }) => x.NAME)).toEqual(['Moulu']);
  });

  it('refuses an unknown category code with 422 on CODE_CATEGORIE', async () => {
    const before = await count(subCategories);
    const r = await call('POST', 'sub_categories', { NAME: 'X', LABEL: 'Y', CODE_CATEGORIE: 'NOPE' });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toEqual({ CODE_CATEGORIE: [TARIF_MSG.categoryUnknown] });
    expect(await count(subCategories)).toBe(before);
  });

  it('keeps a category that ranges or products still use (409), and deletes it once free', async () => {
    const [cat] = await t.db.select().from(productCategories).where(eq(productCategories.code, 'CAF'));
    const refused = await call('DELETE', `categories/${cat.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MSG.inUse('cette catégorie est encore utilisée par des produits ou des gammes'));
    const [range] = await t.db.select().from(subCategories).where(eq(subCategories.categoryId, cat.id));
    expect((await call('DELETE', `sub_categories/${range.id}`)).statusCode).toBe(200);
    const [product] = await t.db.insert(products).values({ ref: 'DEL-1', label: 'Produit', categoryId: cat.id }).returning();
    expect((await call('DELETE', `categories/${cat.id}`)).statusCode).toBe(409);
    await t.db.delete(products).where(eq(products.id, product.id));
    expect((await call('DELETE', `categories/${cat.id}`)).statusCode).toBe(200);
    expect((await call('GET', `categories/${cat.id}`)).statusCode).toBe(404);
  });
});

describe('tarifs', () => {
  let productId: number;
  beforeAll(async () => {
    const [p] = await t.db.insert(products).values({ ref: 'HUI-0001', label: 'Huile d’olive 1 L', priceHt: '13.800', priceTtc: '16.422' }).returning();
    productId = p.id;
  });
  const line = () => ({
    ARTICLE: 'hui-0001',
    REMISE: '7.5',
    MSTRDAT: '2026-01-01',
    MENDDAT: '2026-06-30',
    PHT: '12.765',
    CIRCUIT: circuitName,
    DESCRIPTION: 'Premier semestre',
  });

  it('creates a line from the product REF and the circuit name, and reads them back', async () => {
    const r = await call('POST', 'tarifs', line());
    expect(r.statusCode).toBe(201);
    const created = r.json().data;
    expect(created).toMatchObject({
      ARTICLE: 'HUI-0001',
      PRODUCT_ID: productId,
      PRODUCT_LABEL: 'Huile d’olive 1 L',
      REMISE: 7.5,
      MSTRDAT: '2026-01-01',
      MENDDAT: '2026-06-30',
      PHT: 12.765,
      CIRCUIT: 'CHR',
    });
    expect(created.ID).toBe(created.id);
    const list = (await call('GET', 'tarifs?page=1&search=huile')).json();
    expect(list.data).toHaveLength(1);
    const csv = (await call('GET', 'tarifs/export/csv')).body;
    expect(csv).toContain('HUI-0001');
    expect(csv).toContain('01/01/2026');
  });

  it('refuses an end before the start, an unknown article or circuit, and changes nothing', async () => {
    const before = await count(tarifs);
    const backwards = await call('POST', 'tarifs', { ...line(), MENDDAT: '2025-12-31' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ MENDDAT: [MSG.periodOrder] });
    const unknown = await call('POST', 'tarifs', { ...line(), ARTICLE: 'NOPE', CIRCUIT: 'Inconnu' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ ARTICLE: [TARIF_MSG.articleUnknown], CIRCUIT: [TARIF_MSG.circuitUnknown] });
    expect(await count(tarifs)).toBe(before);
    const [existing] = await t.db.select().from(tarifs).limit(1);
    const edit = await call('PUT', `tarifs/${existing.id}`, { ...line(), MSTRDAT: '2026-07-01' });
    expect(edit.statusCode).toBe(422);
    const [after] = await t.db.select().from(tarifs).where(eq(tarifs.id, existing.id));
    expect(after.startDate).toBe('2026-01-01');
  });

  it('says « Ce champ est obligatoire. » for an absent or empty REMISE or PHT, the number message for a malformed one', async () => {
    const before = await count(tarifs);
    const { REMISE: _r, ...withoutRemise } = line();
    const absent = await call('POST', 'tarifs', withoutRemise);
    expect(absent.statusCode).toBe(422);
    expect(absent.json().errors).toEqual({ REMISE: [MSG.required] });
    const empty = await call('POST', 'tarifs', { ...line(), REMISE: '', PHT: '  ' });
    expect(empty.json().errors).toEqual({ REMISE: [MSG.required], PHT: [MSG.required] });
    const malformed = await call('POST', 'tarifs', { ...line(), REMISE: '7,5', PHT: true });
    expect(malformed.json().errors).toEqual({ REMISE: [MSG.number], PHT: [MSG.number] });
    expect(await count(tarifs)).toBe(before);
  });

  it('edits and deletes by ID; a product in a price list cannot be deleted', async () => {
    const [existing] = await t.db.select().from(tarifs).limit(1);
    const edit = await call('PUT', `tarifs/${existing.id}`, { ...line(), REMISE: '10', PHT: '12.420' });
    expect(edit.json().data).toMatchObject({ REMISE: 10, PHT: 12.42 });
    await expect(t.db.delete(products).where(eq(products.id, productId))).rejects.toThrow();
    expect((await call('DELETE', `tarifs/${existing.id}`)).statusCode).toBe(200);
    expect((await call('GET', `tarifs/${existing.id}`)).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('lets a zone chief read but not change the catalogue, and an unknown role do nothing', async () => {
    for (const url of ['categories?page=1', 'sub_categories', 'tarifs?page=1']) expect((await call('GET', url, undefined, chef)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', 'categories', { CODE_CATEGORIE: 'Z', NAME: 'Z', LABEL: 'Z', Ordre: 1 }],
      ['POST', 'sub_categories', { NAME: 'Z', LABEL: 'Z', CODE_CATEGORIE: 'Z' }],
      ['POST', 'tarifs', {}],
      ['DELETE', 'tarifs/1', undefined],
    ] as const) {
      const r = await call(method, url, body, chef);
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe(MSG.forbidden);
    }
    const [role] = await t.db.insert(roles).values({ label: 'visiteur' }).returning();
    await t.db.insert(users).values({ email: 'visiteur@demo.tn', passwordHash: await hashPassword('Demo1234!'), roleId: role.id });
    expect((await call('GET', 'categories', undefined, await t.auth('visiteur@demo.tn'))).statusCode).toBe(403);
  });
});
