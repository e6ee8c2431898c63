import { MSG, PRODUCT_MSG } from '@app/domain';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../src/lib/png';
import { productCategories, productPoints, products } from '../../src/modules/catalogue/catalogue.table';
import { clients } from '../../src/lib/clients/clients.table';
import { orderItems, orders } from '../../src/modules/orders/orders.table';
import { createTestApp, multipart, type TestContext } from '../support/helpers';

/** Products, brands and product points through the real app. */
let t: TestContext;
let admin: { authorization: string };
let chef: { authorization: string };
let categoryId: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });
const product = (over: Record<string, unknown> = {}) => ({
  REF: 'HUI-1001',
  LABEL: 'Huile d’olive vierge extra 1 L',
  LABEL_AR: 'زيت زيتون بكر ممتاز 1 لتر',
  DESCRIPTION: 'Première pression à froid.',
  DESCRIPTION_AR: 'عصرة أولى على البارد.',
  CATEGORY: categoryId,
  PRICE_HT: '13.800',
  PRICE_TTC: '16.422',
  QTE: '120',
  UNITE_VENTE: 'Unité',
  POINTS: '16',
  ...over,
});
const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(products))[0].n;
const tunisDay = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Africa/Tunis' });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  chef = await t.auth('chef@demo.tn');
  const [cat] = await t.db.insert(productCategories).values({ code: 'HUI', name: 'Huiles', label: 'Huiles d’olive', ordre: 1 }).returning();
  categoryId = cat.id;
});
afterAll(() => t.close());

describe('products', () => {
  let id: number;

  it('creates a product with its Arabic data (sections_id 2), then images added one by one', async () => {
    const r = await call('POST', 'products', product());
    expect(r.statusCode).toBe(201);
    const p = r.json().data;
    id = p.id;
    expect(p).toMatchObject({
      ID: id,
      REF: 'HUI-1001',
      LABEL_AR: 'زيت زيتون بكر ممتاز 1 لتر',
      DESCRIPTION_AR: 'عصرة أولى على البارد.',
      CATEGORY: categoryId,
      CATEGORY_NAME: 'Huiles',
      PRICE_HT: 13.8,
      PRICE_TTC: 16.422,
      QTE: 120,
      POINTS: 16,
      BASE_POINTS: 16,
      IS_NEW: 0,
      VISIBLE: 1,
      sections_id: 2,
      MEDIA: [],
    });
    for (const name of ['face.png', 'dos.png']) {
      const body = multipart({}, { name, type: 'image/png', content: solidPng(8, 8, [10, 200, 30]) });
      const up = await t.app.inject({ method: 'POST', url: `/api/products/media/${id}`, payload: body.payload, headers: { ...admin, ...body.headers } });
      expect(up.statusCode).toBe(200);
    }
    const read = (await call('GET', `products/${id}`)).json().data;
    expect(read.MEDIA.map((m: { file_name: string }) => m.file_name)).toEqual(['face.png', 'dos.png']);
    const removed = await call('DELETE', `products/${id}/media/${read.MEDIA[0].id}`);
    expect(removed.json().data.MEDIA.map((m: { file_name: string }) => m.file_name)).toEqual(['dos.png']);
  });

  it('finds it by an Arabic word, and the Arabic label round-trips through the CSV and XLSX exports', async () => {
    const found = (await call('GET', `products?page=1&search=${encodeURIComponent('بكر')}`)).json();
    expect(found.meta.total).toBe(1);
    expect(found.data[0].LABEL_AR).toBe('زيت زيتون بكر ممتاز 1 لتر');
    expect(found.meta.per_page).toBe(100);

    const csv = (await call('GET', 'products/export/csv')).body;
    expect(csv).toContain('زيت زيتون بكر ممتاز 1 لتر');
    expect(csv).toContain('16,422 DT');

    const xlsx = await call('GET', 'products/export/xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values = book.worksheets[0].getSheetValues().flat().map(String);
    expect(values).toContain('زيت زيتون بكر ممتاز 1 لتر');
  });

  it('refuses a duplicate REF (any case), missing Arabic label, a TTC below HT and a non-digit stock, writing nothing', async () => {
    const before = await count();
    const dup = await call('POST', 'products', product({ REF: 'hui-1001' }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ REF: [PRODUCT_MSG.refExists] });
    const bad = await call('POST', 'products', product({ REF: 'X-1', LABEL_AR: '', QTE: '1.5', PRICE_HT: '10.1234' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ LABEL_AR: [MSG.required], QTE: [MSG.wholeNumber], PRICE_HT: [MSG.number] });
    const cheap = await call('POST', 'products', product({ REF: 'X-2', PRICE_TTC: '13.799' }));
    expect(cheap.json().errors).toEqual({ PRICE_TTC: [PRODUCT_MSG.ttcBelowHt] });
    // One price sent alone is compared with the stored other one.
    const alone = await call('PUT', `products/${id}`, { PRICE_TTC: '1' });
    expect(alone.statusCode).toBe(422);
    expect(alone.json().errors).toEqual({ PRICE_TTC: [PRODUCT_MSG.ttcBelowHt] });
    expect(await count()).toBe(before);
  });

  it('saves one flag at a time; a new product goes last among the new ones, and the new ones reorder in one call', async () => {
    const news: number[] = [];
    for (const ref of ['N-1', 'N-2', 'N-3']) {
      const r = await call('POST', 'products', product({ REF: ref, IS_NEW: 1 }));
      news.push(r.json().data.id);
    }
    const orderOf = async () =>
      (await t.db.select({ id: products.id, o: products.orderNew }).from(products).where(eq(products.isNew, 1)).orderBy(products.orderNew)).map((r) => [
        r.id,
        r.o,
      ]);
    expect(await orderOf()).toEqual([
      [news[0], 1],
      [news[1], 2],
      [news[2], 3],
    ]);
    const moved = await call('PUT', 'products/order-new', { ids: [news[2], news[0], news[1]] });
    expect(moved.statusCode).toBe(200);
    expect(await orderOf()).toEqual([
      [news[2], 1],
      [news[0], 2],
      [news[1], 3],
    ]);
    // Only new products take part.
    const refused = await call('PUT', 'products/order-new', { ids: [news[0], id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ ids: [PRODUCT_MSG.notNew] });

    const flag = await call('PUT', `products/${id}`, { VISIBLE: 0 });
    expect(flag.json().data).toMatchObject({ VISIBLE: 0, REF: 'HUI-1001' });
    const one = await call('PUT', `products/${news[1]}`, { ORDER_NEW: 7 });
    expect(one.json().data.ORDER_NEW).toBe(7);
    const off = await call('PUT', `products/${news[1]}`, { IS_NEW: 0 });
    expect(off.json().data).toMatchObject({ IS_NEW: 0, ORDER_NEW: null });
  });

  it('lets a zone chief read the products but answers every change with the spec’s 403', async () => {
    expect((await call('GET', 'products?page=1', undefined, chef)).statusCode).toBe(200);
    expect((await call('GET', 'products/all', undefined, chef)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['PUT', `products/${id}`, { VISIBLE: 1 }],
      ['PUT', `products/${id}`, { IS_NEW: 1 }],
      ['PUT', `products/${id}`, { LABEL: 'Autre' }],
      ['PUT', 'products/order-new', { ids: [id] }],
      ['DELETE', `products/${id}`, undefined],
      ['POST', 'products', product({ REF: 'CZ-1' })],
    ] as const) {
      const r = await call(method, url, body, chef);
      expect(r.statusCode, `${method} ${url}`).toBe(403);
      expect(r.json().message).toBe("Vous n'avez pas le droit sur cette action");
    }
    const [row] = await t.db.select({ visible: products.visible, label: products.label }).from(products).where(eq(products.id, id));
    expect(row).toEqual({ visible: 0, label: 'Huile d’olive vierge extra 1 L' });
  });

  it('lists types, natures, brands and all products; keeps a product that is in an order (409)', async () => {
    await call('PUT', `products/${id}`, { TYPE: 'Unitaire', NATURE: 'Alimentaire' });
    expect((await call('GET', 'products/types')).json().data).toEqual(['Unitaire']);
    expect((await call('GET', 'products/natures')).json().data).toEqual(['Alimentaire']);
    const brand = await call('POST', 'brands', { NAME: 'Dar Zitouna', LABEL: 'Huiles du Sahel' });
    expect(brand.statusCode).toBe(201);
    expect((await call('GET', 'products/marques')).json().data).toEqual([{ id: brand.json().data.id, NAME: 'Dar Zitouna', LABEL: 'Huiles du Sahel' }]);
    const all = (await call('GET', 'products/all')).json().data;
    expect(all.find((p: { REF: string }) => p.REF === 'HUI-1001')).toMatchObject({ LABEL_AR: 'زيت زيتون بكر ممتاز 1 لتر', PRICE_TTC: 16.422, POINTS: 16 });

    const [client] = await t.db.insert(clients).values({ code: 'C-P1', name: 'Client produits' }).returning();
    const [order] = await t.db.insert(orders).values({ numOrder: 'CMD-T-1', clientId: client.id }).returning();
    await t.db.insert(orderItems).values({ orderId: order.id, productId: id, qte: 1, unitPriceTtc: '16.422' });
    const refused = await call('DELETE', `products/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MSG.inUse('ce produit figure dans des commandes, des retours ou des tarifs'));
    const free = await call('POST', 'products', product({ REF: 'FREE-1' }));
    expect((await call('DELETE', `products/${free.json().data.id}`)).statusCode).toBe(200);
  });
});

describe('product points', () => {
  let productId: number;
  beforeAll(async () => {
    const r = await call('POST', 'products', product({ REF: 'PTS-1', POINTS: '10' }));
    productId = r.json().data.id;
  });
  const period = (from: string, to: string, points = '25') => ({ PRODUCT_ID: productId, points, DATE_DEBUT: from, DATE_FIN: to });

  it('adds a period covering today: the product list then shows its points', async () => {
    const r = await call('POST', 'products/addProductPoint', period(tunisDay(-3), tunisDay(10)));
    expect(r.statusCode).toBe(201);
    expect(r.json().data).toMatchObject({ PRODUCT_REF: 'PTS-1', LABEL: 'Huile d’olive vierge extra 1 L', points: 25, DATE_DEBUT: tunisDay(-3) });
    const listed = (await call('GET', 'products?page=1&search=PTS-1')).json().data[0];
    expect(listed).toMatchObject({ POINTS: 25, BASE_POINTS: 10 });
    const list = (await call('GET', 'showProductPoint?page=1&search=PTS')).json();
    expect(list.meta.total).toBe(1);
  });

  it('refuses a period overlapping another one of the product, naming it; an adjacent one is fine', async () => {
    const clash = await call('POST', 'products/addProductPoint', period(tunisDay(10), tunisDay(20)));
    expect(clash.statusCode).toBe(422);
    expect(clash.json().message).toBe(PRODUCT_MSG.overlap(tunisDay(-3), tunisDay(10)));
    expect(clash.json().message).toMatch(/du \d\d\/\d\d\/\d{4} au \d\d\/\d\d\/\d{4}/);
    const next = await call('POST', 'products/addProductPoint', period(tunisDay(11), tunisDay(20), '30'));
    expect(next.statusCode).toBe(201);
    const moved = await call('PUT', `products/updateProductPoint/${next.json().data.id}`, period(tunisDay(5), tunisDay(20), '30'));
    expect(moved.statusCode).toBe(422);
    const backwards = await call('POST', 'products/addProductPoint', period(tunisDay(40), tunisDay(30)));
    expect(backwards.json().errors).toEqual({ DATE_FIN: [MSG.periodOrder] });
    const unknown = await call('POST', 'products/addProductPoint', { ...period(tunisDay(50), tunisDay(60)), PRODUCT_ID: 999_999 });
    expect(unknown.json().errors).toEqual({ PRODUCT_ID: [PRODUCT_MSG.productUnknown] });
  });

  it('lets only one of two concurrent overlapping periods in', async () => {
    const results = await Promise.all([
      call('POST', 'products/addProductPoint', period(tunisDay(100), tunisDay(120))),
      call('POST', 'products/addProductPoint', period(tunisDay(110), tunisDay(130))),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const rows = await t.db
      .select()
      .from(productPoints)
      .where(sql`${productPoints.productId} = ${productId} and ${productPoints.dateDebut} >= ${tunisDay(100)}`);
    expect(rows).toHaveLength(1);
  });

  it('edits and deletes a period at the spec’s paths; a zone chief only reads', async () => {
    const [row] = await t.db.select().from(productPoints).where(eq(productPoints.productId, productId)).orderBy(productPoints.dateDebut).limit(1);
    const edit = await call('PUT', `products/updateProductPoint/${row.id}`, period(row.dateDebut, row.dateFin, '40'));
    expect(edit.json().data.points).toBe(40);
    expect((await call('GET', 'showProductPoint?page=1', undefined, chef)).statusCode).toBe(200);
    expect((await call('DELETE', `products/productPoint/${row.id}`, undefined, chef)).statusCode).toBe(403);
    expect((await call('DELETE', `products/productPoint/${row.id}`)).statusCode).toBe(200);
    const listed = (await call('GET', 'products?page=1&search=PTS-1')).json().data[0];
    expect(listed.POINTS).toBe(10);
  });
});
