import { MSG, RETURN_MSG, returnNumber } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/lib/audit/audit.table';
import { products } from '../../src/modules/catalogue/catalogue.table';
import { clients } from '../../src/lib/clients/clients.table';
import { goodsReturnItems, goodsReturns } from '../../src/modules/orders/returns.table';
import { createTestApp, type TestContext } from '../support/helpers';

/** Returned goods through the real app. */
let t: TestContext;
let admin: { authorization: string };
let clientId: number;
let otherClient: number;
let p1: number;
let p2: number;
let p3: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });
const year = Number(new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Tunis' }).slice(0, 4));
const body = (over: Record<string, unknown> = {}) => ({
  ADDRESS: 'Dépôt de Ben Arous',
  CLIENT_ID: clientId,
  ITEMS: [
    { PRODUCT_ID: p1, QTE: 4, UV: 'Carton' },
    { PRODUCT_ID: p2, QTE: '2', UV: 'Unité' },
  ],
  ...over,
});
const count = async (table: typeof goodsReturns | typeof goodsReturnItems) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  [{ id: clientId }] = await t.db.insert(clients).values({ code: 'C-RET', name: 'Superette El Amen' }).returning();
  [{ id: otherClient }] = await t.db.insert(clients).values({ code: 'C-RET2', name: 'Kiosque Bab Saadoun' }).returning();
  [{ id: p1 }] = await t.db.insert(products).values({ ref: 'R-1', label: 'Biscuits secs 200 g', priceTtc: '2.380', points: 2 }).returning();
  [{ id: p2 }] = await t.db.insert(products).values({ ref: 'R-2', label: 'Jus d’orange 1 L', priceTtc: '2.737', points: 2 }).returning();
  [{ id: p3 }] = await t.db.insert(products).values({ ref: 'R-3', label: 'Eau minérale 1,5 L', priceTtc: '0.803', points: 1 }).returning();
});
afterAll(() => t.close());

describe('POST retourMarchandises', () => {
  it('creates the return, its lines and its number in one call', async () => {
    const r = await call('POST', 'retourMarchandises', body());
    expect(r.statusCode).toBe(201);
    const ret = r.json().data;
    expect(ret).toMatchObject({
      NUM_RETOUR: returnNumber(year, 1),
      CLIENT_ID: clientId,
      CODE_CLIENT: 'C-RET',
      CLIENT_NAME: 'Superette El Amen',
      ADDRESS: 'Dépôt de Ben Arous',
    });
    expect(ret.NUM_RETOUR).toBe(`RET-${year}-00001`);
    expect(ret.ITEMS).toEqual([
      expect.objectContaining({
        PRODUCT_ID: p1,
        PRODUCT_REF: 'R-1',
        PRODUCT_NAME: 'Biscuits secs 200 g',
        PRODUCT_PRICE: 2.38,
        PRODUCT_POINTS: 2,
        QTE: 4,
        UV: 'Carton',
        MEDIA: null,
      }),
      expect.objectContaining({ PRODUCT_ID: p2, QTE: 2, UV: 'Unité' }),
    ]);
    const [trail] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'retourMarchandises'));
    expect(trail.action).toBe('create');
  });

  it('refuses a missing address, no product, a product twice or a zero quantity, writing nothing', async () => {
    const before = [await count(goodsReturns), await count(goodsReturnItems)];
    const empty = await call('POST', 'retourMarchandises', { ITEMS: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ ADDRESS: [MSG.required], CLIENT_ID: [MSG.required], ITEMS: [RETURN_MSG.itemsRequired] });
    const twice = await call(
      'POST',
      'retourMarchandises',
      body({
        ITEMS: [
          { PRODUCT_ID: p1, QTE: 1 },
          { PRODUCT_ID: p1, QTE: 2 },
        ],
      }),
    );
    expect(twice.json().errors).toEqual({ 'ITEMS.1.PRODUCT_ID': [RETURN_MSG.productTwice] });
    const zero = await call('POST', 'retourMarchandises', body({ ITEMS: [{ PRODUCT_ID: p1, QTE: 0 }] }));
    expect(zero.json().errors).toEqual({ 'ITEMS.0.QTE': [RETURN_MSG.quantity] });
    expect([await count(goodsReturns), await count(goodsReturnItems)]).toEqual(before);
  });

  it('refuses an unknown client or product with nothing written, and the number is not skipped', async () => {
    const before = [await count(goodsReturns), await count(goodsReturnItems)];
    const unknownProduct = await call(
      'POST',
      'retourMarchandises',
      body({
        ITEMS: [
          { PRODUCT_ID: p1, QTE: 1 },
          { PRODUCT_ID: 999_999, QTE: 1 },
        ],
      }),
    );
    expect(unknownProduct.statusCode).toBe(422);
    expect(unknownProduct.json().errors).toEqual({ 'ITEMS.1.PRODUCT_ID': [RETURN_MSG.productUnknown] });
    const unknownClient = await call('POST', 'retourMarchandises', body({ CLIENT_ID: 999_999 }));
    expect(unknownClient.json().errors).toEqual({ CLIENT_ID: [RETURN_MSG.clientUnknown] });
    expect([await count(goodsReturns), await count(goodsReturnItems)]).toEqual(before);
    const next = await call('POST', 'retourMarchandises', body());
    expect(next.json().data.NUM_RETOUR).toBe(returnNumber(year, 2));
  });

  it('gives concurrent creates distinct consecutive numbers; a deleted return’s number is never given again', async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => call('POST', 'retourMarchandises', body())));
    const numbers = results.map((r) => r.json().data.NUM_RETOUR).sort();
    expect(numbers).toEqual([3, 4, 5, 6].map((n) => returnNumber(year, n)));
    const last = results.find((r) => r.json().data.NUM_RETOUR === returnNumber(year, 6))!.json().data;
    expect((await call('DELETE', `retourMarchandises/${last.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(goodsReturnItems).where(eq(goodsReturnItems.returnId, last.id))).toHaveLength(0);
    expect((await call('POST', 'retourMarchandises', body())).json().data.NUM_RETOUR).toBe(returnNumber(year, 7));
  });
});

describe('list, read, line update', () => {
  it('pages, searches by number and client, sorts, and exports', async () => {
    const list = (await call('GET', 'retourMarchandises?page=1')).json();
    expect(list.meta).toMatchObject({ total: 6, per_page: 50 });
    expect((await call('GET', 'retourMarchandises?page=1&search=00002')).json().data.map((x: { NUM_RETOUR: string }) => x.NUM_RETOUR)).toEqual([
      returnNumber(year, 2),
    ]);
    expect((await call('GET', 'retourMarchandises?page=1&search=amen')).json().meta.total).toBe(6);
    const sorted = (await call('GET', 'retourMarchandises?page=1&sort=NUM_RETOUR&order=asc')).json().data.map((x: { NUM_RETOUR: string }) => x.NUM_RETOUR);
    expect(sorted[0]).toBe(returnNumber(year, 1));
    const csv = (await call('GET', 'retourMarchandises/export/csv')).body;
    expect(csv).toContain(returnNumber(year, 1));
    expect((await call('GET', 'retourMarchandises/999999')).statusCode).toBe(404);
  });

  it('changes one line (quantity, unit, product) and moves the return to another client', async () => {
    const [first] = (await call('GET', 'retourMarchandises?page=1&sort=NUM_RETOUR&order=asc')).json().data;
    const line = first.ITEMS[0];
    const r = await call('PUT', `retourMarchandises/${first.id}`, { id: line.id, QTE: 9, UV: 'Pack', PRODUCT_ID: p3, CLIENT_ID: otherClient });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ CLIENT_ID: otherClient, CLIENT_NAME: 'Kiosque Bab Saadoun' });
    expect(r.json().data.ITEMS[0]).toMatchObject({ id: line.id, PRODUCT_ID: p3, QTE: 9, UV: 'Pack', PRODUCT_PRICE: 0.803 });
    const dup = await call('PUT', `retourMarchandises/${first.id}`, { id: line.id, QTE: 1, PRODUCT_ID: p2 });
    expect(dup.json().errors).toEqual({ PRODUCT_ID: [RETURN_MSG.productTwice] });
    const stranger = await call('PUT', `retourMarchandises/${first.id}`, { id: 999_999, QTE: 1, PRODUCT_ID: p1 });
    expect(stranger.json().errors).toEqual({ id: [RETURN_MSG.lineUnknown] });
  });

  it('keeps returns to the roles that have them', async () => {
    const chef = await t.auth('chef@demo.tn');
    expect((await call('GET', 'retourMarchandises?page=1', undefined, chef)).statusCode).toBe(403);
    expect((await call('POST', 'retourMarchandises', body(), chef)).statusCode).toBe(403);
  });
});
