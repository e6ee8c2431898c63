import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/modules/catalogue/catalogue.table';
import { clients } from '../../src/lib/clients/clients.table';
import { pointsLedger } from '../../src/modules/loyalty/points.table';
import { orderItems, orders } from '../../src/modules/orders/orders.table';
import { goodsReturnItems, goodsReturns } from '../../src/modules/orders/returns.table';
import { createTestApp, type TestContext } from '../support/helpers';

/**
 * Returned goods take back the points they earned, through the ledger, in the return's transaction:
 * each unit at the points the client's credited order line of that product gave (newest order first),
 * the product's points of today only beyond everything ever credited; edits and deletes correct by
 * the difference at the same rates; a balance never goes below zero (what it cannot hold stays
 * « non récupérés » on the return).
 */
let t: TestContext;
let admin: { authorization: string };
let p2: number;
let p5: number;
let seq = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) => t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers: admin });

/** A client holding `points`, given through the ledger as staff would. */
async function clientWith(points: number): Promise<number> {
  seq++;
  const [{ id }] = await t.db
    .insert(clients)
    .values({ code: `C-RP${seq}`, name: `Épicerie Retour ${seq}` })
    .returning();
  if (points) expect((await call('POST', `clients/${id}/points`, { POINTS: points, REASON: 'Solde de départ' })).statusCode).toBe(200);
  return id;
}
const balance = async (id: number) => (await t.db.select({ n: clients.pointsFid }).from(clients).where(eq(clients.id, id)))[0].n;
/** The client's ledger rows of source « return », oldest first. */
const returnRows = async (id: number) =>
  t.db
    .select({ amount: pointsLedger.amount, reason: pointsLedger.reason })
    .from(pointsLedger)
    .where(sql`${pointsLedger.clientId} = ${id} and ${pointsLedger.source} = 'return'`)
    .orderBy(pointsLedger.id);
/** Every balance equals the sum of its ledger rows. */
async function ledgerHolds(...ids: number[]) {
  for (const id of ids) {
    const [{ sum }] = await t.db
      .select({ sum: sql<number>`coalesce(sum(${pointsLedger.amount}), 0)::int` })
      .from(pointsLedger)
      .where(eq(pointsLedger.clientId, id));
    expect(await balance(id)).toBe(sum);
  }
}
const createReturn = async (clientId: number, lines: { PRODUCT_ID: number; QTE: number }[]) => {
  const r = await call('POST', 'retourMarchandises', { ADDRESS: 'Dépôt de Ben Arous', CLIENT_ID: clientId, ITEMS: lines.map((l) => ({ ...l, UV: 'Carton' })) });
  expect(r.statusCode).toBe(201);
  return r.json().data as {
    id: number;
    NUM_RETOUR: string;
    POINTS_OWED: number;
    POINTS_DEBITED: number | null;
    ITEMS: { id: number; PRODUCT_ID: number; POINTS: number; RATES: { QTE: number; POINTS: number; CREDITED: boolean; NUM_ORDER: string | null }[] }[];
  };
};

/**
 * An order of `lines` (product, quantity, the points each unit gives), accepted by staff as on screen:
 * its points reach the client through the ledger.
 */
async function creditedOrder(clientId: number, lines: [number, number, number][]): Promise<string> {
  seq++;
  const numOrder = `CMD-RP-${seq}`;
  const total = lines.reduce((n, [, qte, points]) => n + qte * points, 0);
  const [{ id }] = await t.db.insert(orders).values({ numOrder, clientId, status: 1, totalPoints: total }).returning();
  await t.db.insert(orderItems).values(lines.map(([productId, qte, unitPoints]) => ({ orderId: id, productId, qte, unitPoints, unitPriceTtc: '1.000' })));
  expect((await call('PUT', `orders/${id}`, { STATUS: 2 })).statusCode).toBe(200);
  return numOrder;
}
const setPoints = (productId: number, points: number) => t.db.update(products).set({ points }).where(eq(products.id, productId));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  [{ id: p2 }] = await t.db.insert(products).values({ ref: 'RP-2', label: 'Biscuits secs 200 g', priceTtc: '2.380', points: 2 }).returning();
  [{ id: p5 }] = await t.db.insert(products).values({ ref: 'RP-5', label: 'Huile d’olive 1 L', priceTtc: '18.500', points: 5 }).returning();
});
afterAll(() => t.close());

describe('returned goods and points', () => {
  it('takes back what the goods earned, and corrects by the difference on each edit', async () => {
    const c = await clientWith(100);
    const ret = await createReturn(c, [
      { PRODUCT_ID: p2, QTE: 4 },
      { PRODUCT_ID: p5, QTE: 2 },
    ]);
    expect(ret).toMatchObject({ POINTS_OWED: 18, POINTS_DEBITED: 18 });
    expect(await balance(c)).toBe(82);
    expect(await returnRows(c)).toEqual([{ amount: -18, reason: `Retour ${ret.NUM_RETOUR}` }]);

    const [line2, line5] = ret.ITEMS;
    const up = await call('PUT', `retourMarchandises/${ret.id}`, { id: line2.id, QTE: 10, UV: 'Carton', PRODUCT_ID: p2 });
    expect(up.json().data).toMatchObject({ POINTS_OWED: 30, POINTS_DEBITED: 30 });
    expect(await balance(c)).toBe(70);
    const down = await call('PUT', `retourMarchandises/${ret.id}`, { id: line5.id, QTE: 1, UV: 'Carton', PRODUCT_ID: p5 });
    expect(down.json().data).toMatchObject({ POINTS_OWED: 25, POINTS_DEBITED: 25 });
    expect(await balance(c)).toBe(75);
    expect((await returnRows(c)).map((r) => r.amount)).toEqual([-18, -12, 5]);
    expect((await returnRows(c))[2].reason).toBe(`Correction du retour ${ret.NUM_RETOUR}`);

    // Deleted: everything taken comes back, once.
    expect((await call('DELETE', `retourMarchandises/${ret.id}`)).statusCode).toBe(200);
    expect(await balance(c)).toBe(100);
    expect((await returnRows(c)).at(-1)).toEqual({ amount: 25, reason: `Suppression du retour ${ret.NUM_RETOUR}` });
    await ledgerHolds(c);
  });

  it('takes back the points the goods earned on their order, not the product’s points of today', async () => {
    const c = await clientWith(0);
    const [{ id: p }] = await t.db
      .insert(products)
      .values({ ref: `RP-P${seq}`, label: 'Café moulu 250 g', priceTtc: '6.900', points: 15 })
      .returning();
    const [{ id: q }] = await t.db
      .insert(products)
      .values({ ref: `RP-Q${seq}`, label: 'Sucre 1 kg', priceTtc: '1.800', points: 4 })
      .returning();
    const num = await creditedOrder(c, [
      [p, 4, 15],
      [q, 10, 4],
    ]);
    expect(await balance(c)).toBe(100);
    await setPoints(p, 99);

    const ret = await createReturn(c, [{ PRODUCT_ID: p, QTE: 2 }]);
    expect(ret).toMatchObject({ POINTS_OWED: 30, POINTS_DEBITED: 30 });
    expect(ret.ITEMS[0]).toMatchObject({ POINTS: 30, RATES: [{ QTE: 2, POINTS: 15, CREDITED: true, NUM_ORDER: num }] });
    // The 40 points earned on Q stay.
    expect(await balance(c)).toBe(70);
    await ledgerHolds(c);
  });

  it('walks the credited orders newest first, never takes a unit twice, and values units beyond every credit at today’s points', async () => {
    const c = await clientWith(500);
    const [{ id: p }] = await t.db
      .insert(products)
      .values({ ref: `RP-N${seq}`, label: 'Lait 1 L', priceTtc: '1.350', points: 10 })
      .returning();
    const older = await creditedOrder(c, [[p, 3, 10]]);
    const newer = await creditedOrder(c, [[p, 2, 15]]);
    await setPoints(p, 99);
    expect(await balance(c)).toBe(500 + 30 + 30);

    // 4 units: the newer order's 2 at 15, then 2 of the older one's at 10.
    const first = await createReturn(c, [{ PRODUCT_ID: p, QTE: 4 }]);
    expect(first.ITEMS[0].RATES).toEqual([
      { QTE: 2, POINTS: 15, CREDITED: true, NUM_ORDER: newer },
      { QTE: 2, POINTS: 10, CREDITED: true, NUM_ORDER: older },
    ]);
    expect(first).toMatchObject({ POINTS_OWED: 50, POINTS_DEBITED: 50 });
    // Another return of 2: the one unit the orders still hold at 10, one unit never credited at 99.
    const second = await createReturn(c, [{ PRODUCT_ID: p, QTE: 2 }]);
    expect(second.ITEMS[0].RATES).toEqual([
      { QTE: 1, POINTS: 10, CREDITED: true, NUM_ORDER: older },
      { QTE: 1, POINTS: 99, CREDITED: false, NUM_ORDER: null },
    ]);
    expect(second).toMatchObject({ POINTS_OWED: 109, POINTS_DEBITED: 109 });

    // The first return down to 1 unit: the units taken last go back first, at the points they were taken at.
    const [line] = first.ITEMS;
    const edited = (await call('PUT', `retourMarchandises/${first.id}`, { id: line.id, QTE: 1, UV: 'Carton', PRODUCT_ID: p })).json().data;
    expect(edited.ITEMS[0].RATES).toEqual([{ QTE: 1, POINTS: 15, CREDITED: true, NUM_ORDER: newer }]);
    expect(edited).toMatchObject({ POINTS_OWED: 15, POINTS_DEBITED: 15 });
    expect((await returnRows(c)).at(-1)).toEqual({ amount: 35, reason: `Correction du retour ${first.NUM_RETOUR}` });
    // Up to 3 again: the units now free, newest order first (one at 15, one at 10).
    const raised = (await call('PUT', `retourMarchandises/${first.id}`, { id: line.id, QTE: 3, UV: 'Carton', PRODUCT_ID: p })).json().data;
    expect(raised).toMatchObject({ POINTS_OWED: 40, POINTS_DEBITED: 40 });

    // Deleted: what each took comes back.
    for (const r of [first, second]) expect((await call('DELETE', `retourMarchandises/${r.id}`)).statusCode).toBe(200);
    expect(await balance(c)).toBe(560);
    await ledgerHolds(c);
  });

  it('two returns racing for the units of one order line take each unit once', async () => {
    const c = await clientWith(1000);
    const [{ id: p }] = await t.db
      .insert(products)
      .values({ ref: `RP-R${seq}`, label: 'Farine 1 kg', priceTtc: '0.900', points: 7 })
      .returning();
    await creditedOrder(c, [[p, 3, 20]]);
    await setPoints(p, 1);
    // On PostgreSQL the three run side by side: each finds its units under the client's lock.
    const made = await Promise.all([0, 1, 2].map(() => createReturn(c, [{ PRODUCT_ID: p, QTE: 2 }])));
    const rates = made.flatMap((r) => r.ITEMS[0].RATES);
    expect(rates.filter((r) => r.CREDITED).reduce((n, r) => n + r.QTE, 0)).toBe(3);
    expect(rates.filter((r) => !r.CREDITED).reduce((n, r) => n + r.QTE, 0)).toBe(3);
    expect(made.reduce((n, r) => n + r.POINTS_OWED, 0)).toBe(3 * 20 + 3 * 1);
    await ledgerHolds(c);
  });

  it('never takes a balance below zero: what it cannot hold stays on the return as not recovered', async () => {
    const c = await clientWith(7);
    const ret = await createReturn(c, [{ PRODUCT_ID: p5, QTE: 3 }]);
    expect(ret).toMatchObject({ POINTS_OWED: 15, POINTS_DEBITED: 7 });
    expect(await balance(c)).toBe(0);
    // Fewer goods returned: the return now owes 5, of which it took 7: 2 come back.
    const [line] = ret.ITEMS;
    const edited = (await call('PUT', `retourMarchandises/${ret.id}`, { id: line.id, QTE: 1, UV: 'Carton', PRODUCT_ID: p5 })).json().data;
    expect(edited).toMatchObject({ POINTS_OWED: 5, POINTS_DEBITED: 5 });
    expect(await balance(c)).toBe(2);
    // Deleting gives back what was taken (5), never what was owed and not taken.
    expect((await call('DELETE', `retourMarchandises/${ret.id}`)).statusCode).toBe(200);
    expect(await balance(c)).toBe(7);
    await ledgerHolds(c);
  });

  it('moving a return to another client gives the first his points back and takes them from the second', async () => {
    const first = await clientWith(50);
    const second = await clientWith(4);
    const ret = await createReturn(first, [{ PRODUCT_ID: p2, QTE: 5 }]);
    expect(await balance(first)).toBe(40);
    const [line] = ret.ITEMS;
    const moved = (await call('PUT', `retourMarchandises/${ret.id}`, { id: line.id, QTE: 5, UV: 'Carton', PRODUCT_ID: p2, CLIENT_ID: second })).json().data;
    expect(moved).toMatchObject({ CLIENT_ID: second, POINTS_OWED: 10, POINTS_DEBITED: 4 });
    expect(await balance(first)).toBe(50);
    expect(await balance(second)).toBe(0);
    await ledgerHolds(first, second);
  });

  it('leaves a return recorded before the rule as it was, even when edited', async () => {
    const c = await clientWith(30);
    const [{ id }] = await t.db.insert(goodsReturns).values({ numRetour: 'RET-2024-00042', clientId: c, address: 'Ancien dépôt', pointsOwed: 4 }).returning();
    const [{ id: lineId }] = await t.db.insert(goodsReturnItems).values({ returnId: id, productId: p2, qte: 2, productPoints: 2 }).returning();
    const edited = (await call('PUT', `retourMarchandises/${id}`, { id: lineId, QTE: 6, UV: 'Carton', PRODUCT_ID: p2 })).json().data;
    expect(edited).toMatchObject({ POINTS_DEBITED: null });
    expect(await balance(c)).toBe(30);
    expect((await call('DELETE', `retourMarchandises/${id}`)).statusCode).toBe(200);
    expect(await balance(c)).toBe(30);
    expect(await returnRows(c)).toEqual([]);
  });

  it('a return sent twice with one Idempotency-Key is recorded, and debited, once', async () => {
    const c = await clientWith(40);
    const payload = { ADDRESS: 'Dépôt de Sousse', CLIENT_ID: c, ITEMS: [{ PRODUCT_ID: p5, QTE: 2, UV: 'Carton' }] };
    const headers = { ...admin, 'idempotency-key': `retour-${c}` };
    const send = () => t.app.inject({ method: 'POST', url: '/api/retourMarchandises', payload, headers });
    const first = await send();
    const again = await send();
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.NUM_RETOUR).toBe(first.json().data.NUM_RETOUR);
    expect(await t.db.select({ id: goodsReturns.id }).from(goodsReturns).where(eq(goodsReturns.clientId, c))).toHaveLength(1);
    expect(await balance(c)).toBe(30);
  });

  it('two returns racing for one client’s points take no more than the balance holds', async () => {
    const c = await clientWith(20);
    const made = await Promise.all([0, 1, 2].map(() => createReturn(c, [{ PRODUCT_ID: p5, QTE: 2 }])));
    const taken = made.reduce((n, r) => n + (r.POINTS_DEBITED ?? 0), 0);
    // On PostgreSQL the three run side by side: each reads the balance under the client's lock.
    expect(taken).toBe(20);
    expect(await balance(c)).toBe(0);
    expect(made.map((r) => r.POINTS_DEBITED).sort()).toEqual([0, 10, 10]);
    await ledgerHolds(c);
  });
});
