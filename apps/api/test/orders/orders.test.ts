import { ORDER_MSG, ORDER_STATUS } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/lib/audit/audit.table';
import { users } from '../../src/lib/auth/accounts.table';
import { products } from '../../src/modules/catalogue/catalogue.table';
import { clients } from '../../src/lib/clients/clients.table';
import { pointsLedger } from '../../src/modules/loyalty/points.table';
import { applyOrderStatus, createOrder } from '../../src/modules/orders/orders.service';
import { orderItems, orders } from '../../src/modules/orders/orders.table';
import { createTestApp, type TestContext } from '../support/helpers';

/** Orders through the real app: list, detail, status rule, points once, delete, bell, zone scoping. */
let t: TestContext;
let admin: { authorization: string };
let chef: { authorization: string };
let mine: number;
let theirs: number;
let pA: number;
let pB: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });
let seq = 0;
const order = (clientId: number, over: Partial<Parameters<typeof createOrder>[1]> = {}) =>
  t.db.transaction((tx) =>
    createOrder(tx, {
      numOrder: `CMD-T-${String(++seq).padStart(4, '0')}`,
      clientId,
      items: [
        { productId: pA, qte: 3 },
        { productId: pB, qte: 2 },
      ],
      ...over,
    }),
  );
const balance = async (id: number) => (await t.db.select({ p: clients.pointsFid }).from(clients).where(eq(clients.id, id)))[0].p;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  chef = await t.auth('chef@demo.tn');
  const [chefUser] = await t.db.select().from(users).where(eq(users.email, 'chef@demo.tn'));
  await t.db.update(users).set({ firstname: 'Karim', lastname: 'Nasri' }).where(eq(users.id, chefUser.id));
  [{ id: mine }] = await t.db.insert(clients).values({ code: 'C-MINE', name: 'Épicerie du Nord', chefZoneId: chefUser.id, site: 'Tunis Nord' }).returning();
  [{ id: theirs }] = await t.db.insert(clients).values({ code: 'C-OTHER', name: 'Café du Sud', site: 'Sfax Sud' }).returning();
  // 0.1 and 0.2 dinars: a floating-point sum would not give 0.7 exactly.
  [{ id: pA }] = await t.db.insert(products).values({ ref: 'P-A', label: 'Produit A', priceTtc: '0.100', points: 2 }).returning();
  [{ id: pB }] = await t.db.insert(products).values({ ref: 'P-B', label: 'Produit B', priceTtc: '0.200', points: 5 }).returning();
});
afterAll(() => t.close());

describe('writing an order', () => {
  it('prices the lines at order time and sums the totals exactly', async () => {
    const id = await order(mine);
    const [o] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(o.totalNetTtc).toBe('0.700');
    expect(o.totalPoints).toBe(3 * 2 + 2 * 5);
    await t.db.update(products).set({ priceTtc: '9.999' }).where(eq(products.id, pA));
    const [line] = await t.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, id), eq(orderItems.productId, pA)));
    expect(line.unitPriceTtc).toBe('0.100');
    await t.db.update(products).set({ priceTtc: '0.100' }).where(eq(products.id, pA));
  });
});

describe('GET orders', () => {
  beforeAll(async () => {
    await order(mine, { createdAt: new Date('2025-03-10T10:00:00Z') });
    await order(theirs, { createdAt: new Date('2026-01-05T23:30:00Z'), status: 1 });
    await order(theirs, { createdAt: new Date('2026-01-06T09:00:00Z') });
  });

  it('pages 50 by default, newest first, with the client, the zone chief and the totals', async () => {
    const r = (await call('GET', 'orders?page=1')).json();
    expect(r.meta).toMatchObject({ total: 4, per_page: 50 });
    expect(r.data.map((o: { CODE_CLIENT: string }) => o.CODE_CLIENT)).toEqual(['C-MINE', 'C-OTHER', 'C-OTHER', 'C-MINE']);
    expect(r.data[0]).toMatchObject({ NAME_CLIENT: 'Épicerie du Nord', CDZ: 'Karim Nasri', STATUS: 0, TOTAL_NET_TTC: 0.7, TOTAL_POINTS: 16 });
  });

  it('filters by status, client code and a Tunis date range, searches and sorts', async () => {
    expect((await call('GET', 'orders?page=1&STATUS=1')).json().meta.total).toBe(1);
    expect((await call('GET', 'orders?page=1&CODE_CLIENT=c-other')).json().meta.total).toBe(2);
    // 05/01/2026 23:30 UTC is already 06/01 in Tunis.
    const day = (await call('GET', 'orders?page=1&DATE_DEBUT=2026-01-06&DATE_FIN=2026-01-06')).json();
    expect(day.meta.total).toBe(2);
    expect((await call('GET', 'orders?page=1&search=sud')).json().meta.total).toBe(2);
    const byClient = (await call('GET', 'orders?page=1&sort=NAME_CLIENT&order=asc')).json().data.map((o: { NAME_CLIENT: string }) => o.NAME_CLIENT);
    expect(byClient).toEqual(['Café du Sud', 'Café du Sud', 'Épicerie du Nord', 'Épicerie du Nord']);
    expect((await call('GET', 'orders?page=1&STATUS=9')).statusCode).toBe(422);
  });

  it('gives the detail and its items (paged), and exports the filtered list', async () => {
    const [first] = (await call('GET', 'orders?page=1&CODE_CLIENT=C-MINE')).json().data;
    const detail = (await call('GET', `orders/${first.id}`)).json().data;
    expect(detail).toMatchObject({ NUM_ORDER: first.NUM_ORDER, SITE: null });
    const items = (await call('GET', `orders/${first.id}/items?page=1&perPage=1`)).json();
    expect(items.meta).toMatchObject({ total: 2, per_page: 1 });
    expect(items.data[0]).toMatchObject({ PRODUCT: { REF: 'P-A', LABEL: 'Produit A', MEDIA: null }, PRODUCT_POINTS: 2, QTE_ORDERED: 3, UNIT_PRICE_TTC: 0.1 });
    const csv = (await call('GET', 'orders/export/csv?STATUS=1')).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain('Traitement en cours');
  });
});

describe('PUT orders/{id}', () => {
  it('moves a new order only to 1 or 3, an order in progress only to 2 or 3, and nothing else moves, whatever is sent', async () => {
    for (const from of ORDER_STATUS.codes) {
      for (const to of ORDER_STATUS.codes) {
        if (from === to) continue;
        const id = await order(theirs, { status: from });
        const r = await call('PUT', `orders/${id}`, { STATUS: to });
        const allowed = (from === 0 && (to === 1 || to === 3)) || (from === 1 && (to === 2 || to === 3));
        expect(r.statusCode, `${from} → ${to}`).toBe(allowed ? 200 : 422);
        const [row] = await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id));
        expect(row.s).toBe(allowed ? to : from);
        if (!allowed) expect(r.json().errors).toEqual({ STATUS: [ORDER_MSG.statusNotAllowed(from, to)] });
      }
    }
    const any = await order(theirs);
    expect((await call('PUT', `orders/${any}`, { STATUS: 7 })).statusCode).toBe(422);
    expect((await call('PUT', `orders/${any}`, {})).json().errors).toEqual({ STATUS: [ORDER_MSG.nothingToChange] });
  });

  it('changes the shipping site at once and records the change in the audit log', async () => {
    const id = await order(theirs);
    const r = await call('PUT', `orders/${id}`, { SITE: 'Sfax Sud' });
    expect(r.json().data.SITE).toBe('Sfax Sud');
    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'orders'), eq(auditLog.entityId, String(id))));
    expect(trail.changes).toMatchObject({ SITE: [null, 'Sfax Sud'] });
  });
});

describe('points of an order', () => {
  it('credits TOTAL_POINTS once when the order reaches 2 or 4, even on a second or concurrent arrival', async () => {
    const id = await order(mine);
    const start = await balance(mine);
    await t.db.transaction((tx) => applyOrderStatus(tx, id, 2, null));
    expect(await balance(mine)).toBe(start + 16);
    await t.db.transaction((tx) => applyOrderStatus(tx, id, 4, null));
    expect(await balance(mine)).toBe(start + 16);

    const other = await order(mine);
    await Promise.all([2, 4].map((s) => t.db.transaction((tx) => applyOrderStatus(tx, other, s, null))));
    expect(await balance(mine)).toBe(start + 32);
    const rows = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.source, 'order'), eq(pointsLedger.sourceId, other)));
    expect(rows).toHaveLength(1);
    expect(rows[0].reason).toMatch(/^Commande CMD-T-\d+ traitée$/);
    const [{ sum }] = await t.db.select({ sum: sql<number>`sum(amount)::int` }).from(pointsLedger).where(eq(pointsLedger.clientId, mine));
    expect(sum).toBe(await balance(mine));
  });

  it('credits nothing for Traitement en cours or a refusal', async () => {
    const id = await order(mine);
    const start = await balance(mine);
    await call('PUT', `orders/${id}`, { STATUS: 1 });
    expect(await balance(mine)).toBe(start);
  });
});

describe('DELETE orders/{id}', () => {
  it('deletes a new or refused order with its lines, keeps the others (409), and only for an admin', async () => {
    const fresh = await order(theirs);
    expect((await call('DELETE', `orders/${fresh}`, undefined, chef)).statusCode).toBe(403);
    expect((await call('DELETE', `orders/${fresh}`)).statusCode).toBe(200);
    expect(await t.db.select().from(orderItems).where(eq(orderItems.orderId, fresh))).toHaveLength(0);
    const invoiced = await order(theirs, { status: 4 });
    const kept = await call('DELETE', `orders/${invoiced}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe(ORDER_MSG.notDeletable);
    expect((await call('DELETE', 'orders/999999')).statusCode).toBe(404);
  });

  const counted = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0].n;
  it('keeps the unfiltered list’s total equal to the orders there are, through writes and deletes', async () => {
    // The total of a list with no condition is the count the triggers keep (lib/counts).
    const total = async () => (await call('GET', 'orders?page=1')).json().meta.total;
    expect(await total()).toBe(await counted());
    const fresh = await order(theirs);
    expect(await total()).toBe(await counted());
    expect((await call('DELETE', `orders/${fresh}`)).statusCode).toBe(200);
    // A bulk delete of rows of another writer (a sync, a script), in one statement.
    await order(theirs);
    await order(theirs);
    await t.db.execute(sql`delete from order_items where order_id in (select id from orders where status = 0 order by id desc limit 2)`);
    await t.db.execute(sql`delete from orders where id in (select id from orders where status = 0 order by id desc limit 2)`);
    expect(await total()).toBe(await counted());
  });

  it('a page past the end has no rows and still the true total, of the whole list and of a search', async () => {
    // The total comes with the page's rows (one statement); a page with no row counts apart.
    const past = (await call('GET', 'orders?page=9999&perPage=50')).json();
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(await counted());
    const searched = (await call('GET', 'orders?page=1&search=sud')).json();
    expect(searched.meta.total).toBeGreaterThan(0);
    const searchedPast = (await call('GET', 'orders?page=9999&search=sud')).json();
    expect(searchedPast.data).toEqual([]);
    expect(searchedPast.meta.total).toBe(searched.meta.total);
    const none = (await call('GET', 'orders?page=1&search=aucune-commande-ainsi')).json();
    expect(none).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe('zone chief and bell', () => {
  it('shows a zone chief only his clients’ orders; another’s is a 404 and stays unchanged', async () => {
    const list = (await call('GET', 'orders?page=1&perPage=500', undefined, chef)).json();
    expect(new Set(list.data.map((o: { CODE_CLIENT: string }) => o.CODE_CLIENT))).toEqual(new Set(['C-MINE']));
    const [{ n: his }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.clientId, mine));
    expect(list.meta.total).toBe(his);
    expect((await call('GET', 'orders?page=1&search=caf', undefined, chef)).json().meta.total).toBe(0);
    const other = await order(theirs);
    expect((await call('GET', `orders/${other}`, undefined, chef)).statusCode).toBe(404);
    expect((await call('GET', `orders/${other}/items`, undefined, chef)).statusCode).toBe(404);
    expect((await call('PUT', `orders/${other}`, { STATUS: 1 }, chef)).statusCode).toBe(404);
    const [row] = await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, other));
    expect(row.s).toBe(0);
    const csv = (await call('GET', 'orders/export/csv', undefined, chef)).body;
    expect(csv).not.toContain('C-OTHER');
  });

  it('counts the new orders and lists the newest; a zone chief’s bell counts only his', async () => {
    const [{ n: all }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.status, 0));
    const [{ n: his }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.status, 0), eq(orders.clientId, mine)));
    const bell = (await call('GET', 'getAskOrders')).json().data;
    expect(bell.count).toBe(all);
    expect(bell.items[0]).toMatchObject({ USER: expect.any(String), TOTAL: 0.7 });
    const dates = bell.items.map((i: { DATE: string }) => i.DATE);
    expect([...dates].sort().reverse()).toEqual(dates);
    const chefBell = (await call('GET', 'getAskOrders', undefined, chef)).json().data;
    expect(chefBell.count).toBe(his);
    expect(chefBell.items.every((i: { CODE_CLIENT: string }) => i.CODE_CLIENT === 'C-MINE')).toBe(true);
  });

  it('refuses orders to roles without them', async () => {
    const magasinier = await t.auth('magasin@demo.tn');
    expect((await call('GET', 'orders?page=1', undefined, magasinier)).statusCode).toBe(403);
    expect((await call('GET', 'getAskOrders', undefined, magasinier)).statusCode).toBe(403);
  });
});

describe('export at volume', () => {
  it('streams every order once and in list order across several batches of rows', async () => {
    await t.db.execute(sql`insert into orders (num_order, client_id, status, created_at)
      select 'CMD-V-' || lpad(g::text, 5, '0'), ${theirs}, g % 5, now() - g * interval '1 minute' from generate_series(1, 4500) g`);
    const total = (await call('GET', 'orders?page=1')).json().meta.total;
    const res = await call('GET', 'orders/export/csv?sort=NUM_ORDER&order=desc');
    expect(res.statusCode).toBe(200);
    const numbers = res.body
      .trim()
      .split('\n')
      .slice(1)
      .map((line) =>
        line
          .replace(/^\uFEFF/, '')
          .split(';')[0]
          .replaceAll('"', ''),
      );
    expect(numbers).toHaveLength(total);
    expect(new Set(numbers).size).toBe(total);
    expect(numbers).toEqual([...numbers].sort().reverse());
    await t.db.execute(sql`delete from orders where num_order like 'CMD-V-%'`);
  });
});
