import { APP_PRODUCTS_MAX_PAGE_SIZE } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../src/lib/media/media.table';
import { products } from '../../src/modules/catalogue/catalogue.table';
import { appCatalogue } from '../support/app-fixtures';
import { APP, appAuth } from '../support/app-helpers';
import { createTestApp, type TestContext } from '../support/helpers';

/**
 * The mobile app's catalogue: visible products only, with the price and points that
 * apply to the reading client today (price list of its circuit covering today, else the product's
 * price; point period covering today, else the product's points), searched, filtered and paged.
 */
let t: TestContext;
let f: Awaited<ReturnType<typeof appCatalogue>>;
let asA: Record<string, string>;
let asB: Record<string, string>;
let asC: Record<string, string>;

type Product = {
  ID: number;
  REF: string;
  PRICE_TTC: number;
  BASE_PRICE_TTC: number;
  POINTS: number;
  IS_NEW: number;
  CATEGORY_ID: number | null;
  RANGE_ID: number | null;
  RANGE_NAME: string | null;
};
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `${APP}/${url}`, headers });
const list = async (url: string, headers = asA) => {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Product[]; meta: { total: number; last_page: number; current_page: number; per_page: number } };
};
const refs = (rows: Product[]) => rows.map((r) => r.REF);
const byRef = (rows: Product[], ref: string) => rows.find((r) => r.REF === ref)!;

beforeAll(async () => {
  t = await createTestApp();
  f = await appCatalogue(t.db);
  asA = await appAuth(t.db, 'sami.a@client.test.tn');
  asB = await appAuth(t.db, 'sami.b@client.test.tn');
  asC = await appAuth(t.db, 'sami.c@client.test.tn');
});
afterAll(() => t.close());

describe('GET products: price and points of the day for this client', () => {
  it('applies the price list of the client’s circuit covering today, else the product’s price', async () => {
    const a = (await list('products')).data;
    // Retail: PHT 9.000 of a 10.000 HT / 11.900 TTC product → 10.710 TTC; the expired 5.000 never.
    expect(byRef(a, 'TST-OLV-1')).toMatchObject({ PRICE_TTC: 10.71, BASE_PRICE_TTC: 11.9 });
    // A product without PRICE_HT: its TTC less the REMISE (12.5 %).
    expect(byRef(a, 'TST-OLV-2')).toMatchObject({ PRICE_TTC: 17.5, BASE_PRICE_TTC: 20 });
    // No retail tarif for this one: the product's price.
    expect(byRef(a, 'TST-JUS-2').PRICE_TTC).toBe(2.499);

    const b = (await list('products', asB)).data;
    // Wholesale's tarif on OLV-1 starts tomorrow: the product's price today.
    expect(byRef(b, 'TST-OLV-1').PRICE_TTC).toBe(11.9);
    expect(byRef(b, 'TST-JUS-2').PRICE_TTC).toBe(2.115);

    // A client without a circuit pays the products' prices.
    const c = (await list('products', asC)).data;
    expect(byRef(c, 'TST-OLV-1').PRICE_TTC).toBe(11.9);
    expect(byRef(c, 'TST-JUS-2').PRICE_TTC).toBe(2.499);
  });

  it('gives the points of the period covering today, else the product’s points', async () => {
    const a = (await list('products')).data;
    expect(byRef(a, 'TST-OLV-1').POINTS).toBe(25);
    // Its period ended yesterday.
    expect(byRef(a, 'TST-JUS-1').POINTS).toBe(2);
  });

  it('reads the same figures one product at a time', async () => {
    const res = await get(`products/${f.products.olive1.id}`, asA);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      ID: f.products.olive1.id,
      REF: 'TST-OLV-1',
      PRICE_TTC: 10.71,
      POINTS: 25,
      CATEGORY_ID: f.categories.oils.id,
      RANGE_NAME: 'Olive test',
    });
    expect((await get(`products/${f.products.olive1.id}`, asB)).json().data.PRICE_TTC).toBe(11.9);
  });

  it('gives each product’s first image as its URL', async () => {
    await t.db.insert(media).values([
      {
        entity: 'products',
        entityId: f.products.olive1.id,
        collection: 'images',
        fileName: 'a.png',
        storedName: 'first-olive.png',
        mimeType: 'image/png',
        size: 10,
      },
      {
        entity: 'products',
        entityId: f.products.olive1.id,
        collection: 'images',
        fileName: 'b.png',
        storedName: 'second-olive.png',
        mimeType: 'image/png',
        size: 10,
      },
    ]);
    const a = (await list('products')).data as (Product & { IMAGE: string | null })[];
    expect(a.find((r) => r.REF === 'TST-OLV-1')!.IMAGE).toBe('/uploads/first-olive.png');
    expect(a.find((r) => r.REF === 'TST-OLV-2')!.IMAGE).toBeNull();
  });
});

describe('GET products: what is listed', () => {
  it('hides the products that are not for sale (VISIBLE 0), in the list and alone', async () => {
    const all = await list('products');
    expect(refs(all.data)).not.toContain('TST-OLV-3');
    expect(all.meta.total).toBe(5);
    expect((await get(`products/${f.products.hidden.id}`, asA)).statusCode).toBe(404);
    expect((await get('products/999999', asA)).statusCode).toBe(404);
  });

  it('lists in the back-office’s position order and pages in SQL', async () => {
    expect(refs((await list('products')).data)).toEqual(['TST-OLV-1', 'TST-OLV-2', 'TST-SUN-1', 'TST-JUS-1', 'TST-JUS-2']);
    const p1 = await list('products?perPage=2');
    const p3 = await list('products?perPage=2&page=3');
    expect(refs(p1.data)).toEqual(['TST-OLV-1', 'TST-OLV-2']);
    expect(refs(p3.data)).toEqual(['TST-JUS-2']);
    expect(p3.meta).toEqual({ total: 5, last_page: 3, current_page: 3, per_page: 2 });
  });

  it('caps the page size and refuses a page that is not a whole number', async () => {
    expect((await get(`products?perPage=${APP_PRODUCTS_MAX_PAGE_SIZE + 1}`, asA)).statusCode).toBe(422);
    expect((await get('products?page=0', asA)).statusCode).toBe(422);
    expect((await get('products?page=1e3', asA)).statusCode).toBe(422);
    expect((await list(`products?perPage=${APP_PRODUCTS_MAX_PAGE_SIZE}`)).meta.per_page).toBe(APP_PRODUCTS_MAX_PAGE_SIZE);
  });

  it('searches the name and the reference, case-blind, with wildcards taken literally', async () => {
    expect(refs((await list(`products?search=${encodeURIComponent('huile d’olive')}`)).data)).toEqual(['TST-OLV-1', 'TST-OLV-2']);
    expect(refs((await list('products?search=tst-jus')).data)).toEqual(['TST-JUS-1', 'TST-JUS-2']);
    expect(refs((await list('products?search=retir')).data)).toEqual([]);
    expect((await list('products?search=%25')).meta.total).toBe(0);
  });

  it('filters by category and by range (gamme)', async () => {
    expect(refs((await list(`products?CATEGORY_ID=${f.categories.drinks.id}`)).data)).toEqual(['TST-JUS-1', 'TST-JUS-2']);
    expect(refs((await list(`products?RANGE_ID=${f.ranges.sunflower.id}`)).data)).toEqual(['TST-SUN-1']);
    expect(refs((await list(`products?CATEGORY_ID=${f.categories.oils.id}&search=2%20L`)).data)).toEqual(['TST-OLV-2']);
  });

  it('lists the new products alone in their ORDER_NEW order with new=true', async () => {
    expect(refs((await list('products?new=true')).data)).toEqual(['TST-JUS-1', 'TST-SUN-1']);
    // A new product hidden is not shown either.
    await t.db.update(products).set({ visible: 0 }).where(eq(products.id, f.products.juice1.id));
    expect(refs((await list('products?new=true')).data)).toEqual(['TST-SUN-1']);
    await t.db.update(products).set({ visible: 1 }).where(eq(products.id, f.products.juice1.id));
    expect((await list('products?new=false')).meta.total).toBe(5);
    expect((await get('products?new=1', asA)).statusCode).toBe(422);
  });
});

describe('GET categories and ranges', () => {
  it('lists the categories in their order and the ranges by name, of one category when asked', async () => {
    const cats = (await get('categories', asA)).json().data as { NAME: string; ORDRE: number }[];
    expect(cats.map((c) => c.NAME)).toEqual(['Boissons test', 'Huiles test']);
    const ranges = (await get('ranges', asA)).json().data as { NAME: string; CATEGORY_ID: number; IMAGE: string | null }[];
    expect(ranges.map((r) => r.NAME)).toEqual(['Olive test', 'Tournesol test']);
    expect(ranges[0]).toMatchObject({ CATEGORY_ID: f.categories.oils.id, IMAGE: null });
    expect(((await get(`ranges?CATEGORY_ID=${f.categories.drinks.id}`, asA)).json().data as unknown[]).length).toBe(0);
  });
});

describe('who may read the catalogue', () => {
  it('answers only an app token: none is a 401, and a staff token too', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${APP}/products` })).statusCode).toBe(401);
    expect((await get('products', await t.auth('admin@demo.tn'))).statusCode).toBe(401);
  });
});
