import { BULK_LISTS, ORDER_STATUS, STAFF_MSG, STATUS_MSG } from '@app/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/lib/auth/accounts.table';
import { auditLog } from '../../src/lib/audit/audit.table';
import { webhookEvents } from '../../src/lib/webhooks/outbox.table';
import { products } from '../../src/modules/catalogue/catalogue.table';
import { messageTemplates } from '../../src/modules/communication/templates.table';
import { clients } from '../../src/lib/clients/clients.table';
import { pointsLedger } from '../../src/modules/loyalty/points.table';
import { orders } from '../../src/modules/orders/orders.table';
import { startingGiftPurchases, startingGifts } from '../../src/modules/rewards/gifts.table';
import { vouchers } from '../../src/modules/rewards/vouchers.table';
import { clientFixtures, type Fixtures } from '../support/clients-fixtures';
import { createTestApp, type TestContext } from '../support/helpers';

/**
 * Bulk actions on the orders, conversions, vouchers, products and users lists, through
 * the API on PGlite and PostgreSQL: the same transition, role and zone rules as the single actions,
 * refused rows with their reason, points through the ledger, one audit entry per call.
 */
let t: TestContext;
let f: Fixtures;
let admin: Record<string, string>;
let chef: Record<string, string>;
let magasin: Record<string, string>;
let mine: number;
let other: number;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await clientFixtures(t);
  admin = await t.auth('admin@demo.tn');
  chef = await t.auth('chef@demo.tn');
  magasin = await t.auth('magasin@demo.tn');
  [{ id: mine }] = await t.db.insert(clients).values({ code: 'BL-MINE', name: 'Épicerie du chef', chefZoneId: f.chef.id }).returning();
  [{ id: other }] = await t.db.insert(clients).values({ code: 'BL-OTHER', name: 'Café du Sud', chefZoneId: f.otherChef.id }).returning();
});
afterAll(() => t.close());

const bulk = (path: string, action: string, payload: unknown, headers = admin) =>
  t.app.inject({ method: 'POST', url: `/api/${path}/bulk/${action}`, payload: payload as never, headers });
const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(sql`${auditLog.id} desc`).limit(1))[0];

async function newOrders(statuses: number[], over: Partial<typeof orders.$inferInsert> = {}) {
  const prefix = `CMD-BL${++n}-`;
  const rows = await t.db
    .insert(orders)
    .values(statuses.map((status, i) => ({ numOrder: `${prefix}${i}`, clientId: mine, status, totalPoints: 10 * (i + 1), ...over })))
    .returning({ id: orders.id });
  return { prefix, ids: rows.map((r) => r.id) };
}
const orderRows = (ids: number[]) => t.db.select().from(orders).where(inArray(orders.id, ids)).orderBy(orders.id);

describe('orders', () => {
  it('move status only where the transition is allowed from each row’s status; the others are refused with « Passage … non autorisé »', async () => {
    const { ids } = await newOrders([0, 1, 2, 3]);
    const res = (await bulk('orders', 'status', { ids, STATUS: 1 })).json().data;
    expect(res).toMatchObject({ matched: 4, changed: 1, refusedCount: 3 });
    expect(res.refused.map((r: { id: number; reason: string }) => [r.id, r.reason])).toEqual([
      [ids[1], STATUS_MSG.already(ORDER_STATUS, 1)],
      [ids[2], STATUS_MSG.notAllowed(ORDER_STATUS, 2, 1)],
      [ids[3], STATUS_MSG.notAllowed(ORDER_STATUS, 3, 1)],
    ]);
    expect(res.refused[2].label).toBe(`CMD-BL${n}-3`);
    expect((await orderRows(ids)).map((o) => o.status)).toEqual([1, 1, 2, 3]);
    const entry = await lastAudit();
    expect([entry.action, entry.entity, (entry.changes as { ids: number[] }).ids]).toEqual(['bulk:status', 'orders', [ids[0]]]);
  });

  it('accepted orders credit their points once through the ledger: the balance moves by the sum of the ledger rows', async () => {
    const before = (await t.db.select({ p: clients.pointsFid }).from(clients).where(eq(clients.id, mine)))[0].p;
    const { ids } = await newOrders([1, 1, 1]);
    const events0 = (await t.db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents).where(eq(webhookEvents.type, 'order.status_changed')))[0].n;
    expect((await bulk('orders', 'status', { ids, STATUS: 2 })).json().data.changed).toBe(3);
    const [{ sum, rows }] = await t.db
      .select({ sum: sql<number>`sum(${pointsLedger.amount})::int`, rows: sql<number>`count(*)::int` })
      .from(pointsLedger)
      .where(and(eq(pointsLedger.source, 'order'), inArray(pointsLedger.sourceId, ids)));
    const after = (await t.db.select({ p: clients.pointsFid }).from(clients).where(eq(clients.id, mine)))[0].p;
    expect([rows, sum, after - before]).toEqual([3, 60, 60]);
    // The running balance: the client's last ledger row holds his balance.
    const [last] = await t.db.select().from(pointsLedger).where(eq(pointsLedger.clientId, mine)).orderBy(sql`${pointsLedger.id} desc`).limit(1);
    expect(last.balanceAfter).toBe(after);
    const events1 = (await t.db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents).where(eq(webhookEvents.type, 'order.status_changed')))[0].n;
    expect(events1 - events0).toBe(3);
  });

  it('two staff accepting the same orders at once credit each order’s points once (row locks; a real race on PostgreSQL)', async () => {
    const before = (await t.db.select({ p: clients.pointsFid }).from(clients).where(eq(clients.id, mine)))[0].p;
    const { ids } = await newOrders([1, 1, 1, 1]);
    const [a, b] = await Promise.all([bulk('orders', 'status', { ids, STATUS: 2 }), bulk('orders', 'status', { ids, STATUS: 2 })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // Every order is changed by exactly one of the two; the other sees it already accepted.
    expect(a.json().data.changed + b.json().data.changed).toBe(4);
    const after = (await t.db.select({ p: clients.pointsFid }).from(clients).where(eq(clients.id, mine)))[0].p;
    const [{ rows }] = await t.db
      .select({ rows: sql<number>`count(*)::int` })
      .from(pointsLedger)
      .where(and(eq(pointsLedger.source, 'order'), inArray(pointsLedger.sourceId, ids)));
    expect([rows, after - before]).toEqual([4, 100]);
  });

  it('by filter: STATUS and search as the list takes them, the count equal to the list’s total', async () => {
    const { prefix, ids } = await newOrders([0, 0, 1]);
    const list = (await t.app.inject({ method: 'GET', url: `/api/orders?page=1&perPage=1&STATUS=0&search=${prefix}`, headers: admin })).json();
    const res = (await bulk('orders', 'site', { filter: { STATUS: '0', search: prefix }, SITE: 'Dépôt Sfax' })).json().data;
    expect(res).toMatchObject({ matched: list.meta.total, changed: 2 });
    expect((await orderRows(ids)).map((o) => o.site)).toEqual(['Dépôt Sfax', 'Dépôt Sfax', null]);
  });

  it('a zone chief reaches his clients’ orders only; another zone’s are « Introuvable » and unchanged; he may not delete', async () => {
    const a = await newOrders([0]);
    const b = await newOrders([0], { clientId: other });
    const res = (await bulk('orders', 'status', { ids: [...a.ids, ...b.ids], STATUS: 1 }, chef)).json().data;
    expect(res).toMatchObject({ changed: 1, refused: [{ id: b.ids[0], reason: 'Introuvable' }] });
    expect((await orderRows(b.ids))[0].status).toBe(0);
    expect((await bulk('orders', 'delete', { ids: a.ids }, chef)).statusCode).toBe(403);
  });

  it('delete: new and refused orders go, the others are refused with the single delete’s message', async () => {
    const { ids } = await newOrders([0, 3, 1]);
    const res = (await bulk('orders', 'delete', { ids })).json().data;
    expect(res).toMatchObject({
      changed: 2,
      refusedCount: 1,
      refused: [{ id: ids[2], reason: 'Seule une commande « Nouveau » ou « Traité et refusé » peut être supprimée.' }],
    });
    expect((await orderRows(ids)).map((o) => o.id)).toEqual([ids[2]]);
  });
});

describe('starter-gift conversions: prepare and ship by role', () => {
  let giftId: number;
  const units = async (statuses: number[], clientId = mine) => {
    if (!giftId) [{ id: giftId }] = await t.db.insert(startingGifts).values({ ref: 'SG-BL', name: 'Tablier', description: 'Tablier brodé' }).returning();
    const rows = await t.db
      .insert(startingGiftPurchases)
      .values(statuses.map((status, i) => ({ ref: `BV-BL-${++n}-${i}`, clientId, startingGiftId: giftId, status, qrcode: `qr-${n}-${i}-${Math.random()}` })))
      .returning({ id: startingGiftPurchases.id });
    return rows.map((r) => r.id);
  };
  const statusOf = async (ids: number[]) =>
    (await t.db.select().from(startingGiftPurchases).where(inArray(startingGiftPurchases.id, ids)).orderBy(startingGiftPurchases.id)).map((r) => r.status);
  const path = BULK_LISTS.starterConversions.path;

  it('a Magasinier prepares (En attente → Préparé) and may not ship', async () => {
    const ids = await units([0, 1, 3]);
    const res = (await bulk(path, 'prepare', { ids }, magasin)).json().data;
    expect(res).toMatchObject({ changed: 1, refusedCount: 2 });
    expect(await statusOf(ids)).toEqual([1, 1, 3]);
    expect((await bulk(path, 'ship', { ids }, magasin)).statusCode).toBe(403);
  });

  it('a zone chief ships his clients’ units (from En attente or Préparé), never another zone’s, and may not prepare', async () => {
    const ids = await units([0, 1, 2]);
    const theirs = await units([0], other);
    const res = (await bulk(path, 'ship', { ids: [...ids, ...theirs] }, chef)).json().data;
    expect(res).toMatchObject({ changed: 2, refusedCount: 2 });
    expect(res.refused.map((r: { reason: string }) => r.reason)).toEqual(['Passage du statut « Refusé » à « Expédié » non autorisé.', 'Introuvable']);
    expect(await statusOf([...ids, ...theirs])).toEqual([3, 3, 2, 0]);
    expect((await bulk(path, 'prepare', { ids }, chef)).statusCode).toBe(403);
  });
});

describe('vouchers and products', () => {
  it('vouchers on offer: deactivate, then activate', async () => {
    const rows = await t.db
      .insert(vouchers)
      .values([1, 2].map((i) => ({ ref: `VB-${i}-${++n}`, solde: '10.000', typeClientId: f.type.id, startDay: '2026-01-01', endDate: '2026-12-31' })))
      .returning({ id: vouchers.id });
    const ids = rows.map((r) => r.id);
    expect((await bulk('vochers', 'deactivate', { ids })).json().data.changed).toBe(2);
    expect((await t.db.select().from(vouchers).where(inArray(vouchers.id, ids))).map((v) => v.isActive)).toEqual([0, 0]);
    expect((await bulk('vochers', 'deactivate', { ids }, chef)).statusCode).toBe(403);
  });

  it('products: visible and new flags (new ones go last in the new order), refused to zone chiefs', async () => {
    const rows = await t.db
      .insert(products)
      .values([1, 2, 3].map((i) => ({ ref: `PB-${i}-${++n}`, label: `Produit ${i}`, visible: 1, isNew: 0 })))
      .returning({ id: products.id });
    const ids = rows.map((r) => r.id);
    expect((await bulk('products', 'hidden', { ids })).json().data.changed).toBe(3);
    expect((await bulk('products', 'new', { ids })).json().data.changed).toBe(3);
    const after = await t.db.select().from(products).where(inArray(products.id, ids)).orderBy(products.id);
    expect(after.map((p) => [p.visible, p.isNew])).toEqual([
      [0, 1],
      [0, 1],
      [0, 1],
    ]);
    const order = after.map((p) => p.orderNew!);
    expect(order[1] - order[0]).toBe(1);
    expect(order[2] - order[1]).toBe(1);
    expect((await bulk('products', 'not-new', { ids: [ids[0]] })).json().data.changed).toBe(1);
    expect((await t.db.select().from(products).where(eq(products.id, ids[0])))[0].orderNew).toBeNull();
    for (const action of ['visible', 'new', 'delete']) expect((await bulk('products', action, { ids }, chef)).statusCode).toBe(403);
    expect((await bulk('products', 'delete', { ids: [ids[2]] })).json().data.changed).toBe(1);
  });
});

describe('users', () => {
  it('back-office users: never one’s own deactivation or deletion; the sessions of a deactivated account end', async () => {
    const [me] = await t.db.select().from(users).where(eq(users.email, 'admin@demo.tn'));
    const [com] = await t.db.select().from(users).where(eq(users.email, 'commercial@demo.tn'));
    const comAuth = await t.auth('commercial@demo.tn');
    const res = (await bulk('back-office/users', 'deactivate', { ids: [me.id, com.id] })).json().data;
    expect(res).toMatchObject({ changed: 1, refused: [{ id: me.id, reason: STAFF_MSG.selfDeactivate }] });
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: comAuth })).statusCode).toBe(401);
    expect((await bulk('back-office/users', 'activate', { ids: [com.id] })).json().data.changed).toBe(1);
    const del = (await bulk('back-office/users', 'delete', { ids: [me.id, f.chef.id] })).json().data;
    expect(del.changed).toBe(0);
    expect(new Set(del.refused.map((r: { reason: string }) => r.reason))).toEqual(new Set([STAFF_MSG.selfDelete, STAFF_MSG.chiefHasClients(1)]));
  });

  it('client users: the list’s `status` filter reaches the same rows as the Demandes tab', async () => {
    const k = ++n;
    const rows = await t.db
      .insert(users)
      .values(
        [0, 0, 1].map((status, i) => ({
          email: `bulk.${i}.${k}@client.tn`,
          passwordHash: 'x',
          firstname: 'Sonia',
          lastname: `Groupe${k}`,
          roleId: f.patenteRole,
          clientId: mine,
          status,
        })),
      )
      .returning({ id: users.id });
    const search = `Groupe${k}`;
    const tab = (await t.app.inject({ method: 'GET', url: `/api/client-users?page=1&perPage=1&status=0&search=${search}`, headers: admin })).json();
    const res = (await bulk('client-users', 'activate', { filter: { status: '0', search } })).json().data;
    expect(res).toMatchObject({ matched: tab.meta.total, changed: 2 });
    expect(
      (
        await t.db
          .select()
          .from(users)
          .where(
            inArray(
              users.id,
              rows.map((r) => r.id),
            ),
          )
      ).every((u) => u.status === 1),
    ).toBe(true);
  });

  it('client users: an invitation to ids none of which is in the list refuses them, invites nobody, and is no server error', async () => {
    // Found by the fuzzer: with no row in reach, the action's mail step got nothing and failed after the commit.
    const [me] = await t.db.select().from(users).where(eq(users.email, 'admin@demo.tn'));
    const [template] = await t.db
      .insert(messageTemplates)
      .values({ type: 'email', name: 'Invitation hors liste', subject: 'Bienvenue', content: '<p>{{LIEN}}</p>' })
      .returning();
    const res = await bulk('client-users', 'invite', { ids: [me.id], template_key: template.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ changed: 0, refusedCount: 1, refused: [{ id: me.id }] });
    // …but a template that does not exist is a 422 all the same, as with rows in reach.
    const bad = await bulk('client-users', 'invite', { ids: [me.id], template_key: 999_999 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['template_key']);
  });
});
