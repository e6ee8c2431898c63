import { BULK_LISTS, can, canBulk, ROLE } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/app';
import { users } from '../../src/lib/auth/accounts.table';
import { clients } from '../../src/lib/clients/clients.table';
import { applyPoints } from '../../src/modules/loyalty/points.service';
import { orders } from '../../src/modules/orders/orders.table';
import { goodsReturns } from '../../src/modules/orders/returns.table';
import { giftConversions, giftPurchases, loyaltyGifts, startingGiftPurchases, startingGifts } from '../../src/modules/rewards/gifts.table';
import { voucherPurchases } from '../../src/modules/rewards/vouchers.table';
import { clientFixtures, type Fixtures, fullClient } from '../support/clients-fixtures';
import { createTestApp, multipart, type TestContext } from '../support/helpers';

/**
 * The zone chief's row rule on every client-linked route. The routes are the route
 * table's entries marked `ownedBy: 'client'` (every route of a resource declaring an owner, and the
 * hand-written ones that use client-ownership.ts); the table below must name each of them, so a new
 * client-linked route cannot go unchecked. For the zone chief chef@demo.tn: a row of another chief's
 * client is absent from lists and exports and refused on read and write (404, as before the rule was
 * shared; 403 where his role lacks the action), while his own row works.
 */
let t: TestContext;
let f: Fixtures;
let chef: { authorization: string };
let marked: RouteEntry[];

type Side = 'mine' | 'theirs';
type Entity = 'client' | 'order' | 'conversion' | 'starter' | 'purchase' | 'voucher' | 'return';
const ids: Record<Side, Record<Entity, number>> = { mine: {} as Record<Entity, number>, theirs: {} as Record<Entity, number> };
const qr: Record<Side, Record<'conversion' | 'starter' | 'voucher', string>> = {
  mine: { conversion: 'zs-qr-conv-mine', starter: 'zs-qr-start-mine', voucher: 'zs-qr-vou-mine' },
  theirs: { conversion: 'zs-qr-conv-theirs', starter: 'zs-qr-start-theirs', voucher: 'zs-qr-vou-theirs' },
};
const CODE: Record<Side, string> = { mine: 'ZS-MINE', theirs: 'ZS-THEIRS' };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (method: Method, url: string, payload?: unknown, extraHeaders: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api${url}`, payload: payload as never, headers: { ...chef, ...extraHeaders } });

/** How a route is checked for the zone chief. */
type Check =
  /** His role lacks the route's action: 403 (the row rule then never runs). */
  | { kind: 'denied' }
  /** A list or export: his client's code is in it, the other chief's is not. */
  | { kind: 'list'; url?: string }
  /** A file whose bytes cannot be searched (XLSX): answered; its rows come from the generic export. */
  | { kind: 'file' }
  /** One row, by id (`:id` = the entity's id), by code or by QR code: the other's is `status`, his own works. */
  | { kind: 'row'; url: (side: Side) => string | Promise<string>; body?: (side: Side) => unknown; form?: boolean; status?: number }
  /** A create: the new client is his, whatever chief the body names. */
  | { kind: 'create' }
  /**
   * A bulk action: his row and the other's by ids, the other's refused « Introuvable »
   * without a word of it; by the list's filter, none of the other's rows. `status`: refused whole (a
   * role rule beside the permission: a zone chief ships, never prepares).
   */
  | { kind: 'bulk'; entity: Entity; params?: Record<string, unknown>; byFilter?: boolean; status?: number };

const denied: Check = { kind: 'denied' };
const list = (url?: string): Check => ({ kind: 'list', url });
const byId = (entity: Entity, path: string, body?: unknown): Check => ({
  kind: 'row',
  url: (s) => path.replace(':id', String(ids[s][entity])),
  body: body === undefined ? undefined : () => body,
});
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** The id of his client's image (the media delete; an upload above replaces it). */
const currentMedia = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/clients/${ids.mine.client}`, headers: await t.auth('admin@demo.tn') })).json().data.MEDIA.id as number;

const TABLE: Record<string, Check> = {
  // Clients: the generic resource and the calls around it.
  'GET /clients': list(),
  'GET /clients/export/:format': list('/clients/export/csv'),
  'GET /clients/:id': byId('client', '/clients/:id'),
  'POST /clients': { kind: 'create' },
  'PUT /clients/:id': byId('client', '/clients/:id', { NAME: 'Renommé' }),
  'DELETE /clients/:id': { kind: 'row', url: (s) => `/clients/${ids[s].client}`, status: 404 },
  'POST /clients/:id/:name': { kind: 'row', url: (s) => `/clients/${ids[s].client}/image`, form: true },
  'POST /clients/media/:id': { kind: 'row', url: (s) => `/clients/media/${ids[s].client}`, form: true },
  'DELETE /clients/:id/media/:mediaId': { kind: 'row', url: async (s) => `/clients/${ids[s].client}/media/${await currentMedia()}` },
  'GET /clients/codes': list(),
  'GET /clients/users': list(),
  'GET /clients/sites': list(),
  'GET /clients/code/:code': { kind: 'row', url: (s) => `/clients/code/${CODE[s]}` },
  'PUT /clients/status/:id': byId('client', '/clients/status/:id', { STATUS: 1 }),
  'PUT /clients/active/:id': byId('client', '/clients/active/:id', { IS_ACTIVE: 1 }),
  'PUT /clients/badges/:id': byId('client', '/clients/badges/:id', { BADGE: null }),
  'GET /export/csv': list(),
  'GET /export/excel': { kind: 'file' },
  // Points.
  'GET /clients/points': list(),
  'GET /clients/:id/points-history': byId('client', '/clients/:id/points-history'),
  'GET /clients/:id/lots': byId('client', '/clients/:id/lots'),
  'GET /clients/:id/lots/export/:format': byId('client', '/clients/:id/lots/export/csv'),
  'POST /clients/:id/points': denied,
  'GET /offered-points': list(),
  'PUT /users/offerPoints/:clientCode': denied,
  'POST /users/offerPoints/clients': denied,
  'POST /users/offerPoints/activities': denied,
  'POST /users/offerPoints/clients_file': denied,
  // Orders.
  'GET /orders': list(),
  'GET /orders/export/:format': list('/orders/export/csv'),
  'GET /orders/:id': byId('order', '/orders/:id'),
  'PUT /orders/:id': byId('order', '/orders/:id', { SITE: 'Sousse' }),
  'DELETE /orders/:id': denied,
  'GET /orders/:id/items': byId('order', '/orders/:id/items'),
  'GET /getAskOrders': list(),
  // Returned goods: no zone chief action (the rule holds if one is given).
  'GET /retourMarchandises': denied,
  'GET /retourMarchandises/export/:format': denied,
  'GET /retourMarchandises/:id': denied,
  'POST /retourMarchandises': denied,
  'PUT /retourMarchandises/:id': denied,
  'DELETE /retourMarchandises/:id': denied,
  // Gift requests: the warehouse and the administrators decide them.
  'GET /gift-purchases': denied,
  'GET /gift-purchases/all': denied,
  'GET /gift-purchases/export/:format': denied,
  'GET /gift-purchases/:id': denied,
  'POST /gift-purchases': denied,
  'POST /gift-purchases/accept/:id': denied,
  'POST /gift-purchases/refuse/:id': denied,
  'PUT /gift-purchases/:id': denied,
  'GET /gift-purchases/generateQrCode/:id': byId('purchase', '/gift-purchases/generateQrCode/:id'),
  'GET /getAskPurchases': denied,
  'POST /startingGift-purchases': denied,
  // Vouchers of the clients: read only for a zone chief.
  'GET /vocher-purchases': list(),
  'GET /vocher-purchases/all': list(),
  'GET /vocher-purchases/export/:format': list('/vocher-purchases/export/csv'),
  'GET /vocher-purchases/:id': byId('voucher', '/vocher-purchases/:id'),
  'GET /vocher-purchases/client/:code': { kind: 'row', url: (s) => `/vocher-purchases/client/${CODE[s]}` },
  'POST /vocher-purchases/manualPurchase': denied,
  'POST /vocher-purchases/scan': denied,
  'PUT /vocher-purchases/:id': denied,
  'DELETE /vocher-purchases/all/:id': denied,
};
// Gift conversions and starter-gift purchases: the same fulfilment routes.
for (const [base, entity] of [
  ['/giftConversion', 'conversion'],
  ['/startingGift-purchases', 'starter'],
] as const) {
  Object.assign(TABLE, {
    [`GET ${base}`]: list(),
    [`GET ${base}/all`]: list(),
    [`GET ${base}/export/:format`]: list(`${base}/export/csv`),
    [`GET ${base}/:id`]: byId(entity, `${base}/:id`),
    [`PUT ${base}/:id`]: byId(entity, `${base}/:id`, { STATUS: 3 }),
    [`POST ${base}/receive`]: { kind: 'row', url: () => `${base}/receive`, body: (s: Side) => ({ QRCODE: qr[s][entity] }) },
    [`DELETE ${base}/:id`]: denied,
    [`GET ${base}/generateQrCode/:id`]: byId(entity, `${base}/generateQrCode/:id`),
    [`GET ${base}/:id/exit-slip`]: byId(entity, `${base}/:id/exit-slip`),
    ...(entity === 'starter' ? { [`POST ${base}/accept/:id`]: denied, [`POST ${base}/refuse/:id`]: denied } : {}),
  });
}

// The bulk actions of the client-linked lists, read from the domain's declaration.
const BULK_ENTITY: Record<string, Entity> = { clients: 'client', orders: 'order', giftConversion: 'conversion', 'startingGift-purchases': 'starter' };
const BULK_PARAMS: Record<string, Record<string, unknown>> = {
  status: { STATUS: 1 },
  site: { SITE: 'Dépôt Nord' },
  'chef-zone': { CHEF_ZONE_ID: null },
  badge: { BADGES_ID: 1 },
  points: { points: 1, reason: 'x' },
  invite: { template_key: 1 },
};
for (const list of Object.values(BULK_LISTS)) {
  const entity = BULK_ENTITY[list.path];
  if (!entity) continue;
  for (const action of list.actions) {
    TABLE[`POST /${list.path}/bulk/${action.key}`] = !can(ROLE.chefZone, action.permission)
      ? denied
      : { kind: 'bulk', entity, params: BULK_PARAMS[action.key], byFilter: action.key !== 'delete', status: canBulk(ROLE.chefZone, action) ? undefined : 403 };
  }
}

const key = (r: RouteEntry) => `${r.method} ${r.url.replace(/^\/api/, '')}`;

beforeAll(async () => {
  t = await createTestApp();
  f = await clientFixtures(t);
  chef = await t.auth('chef@demo.tn');
  marked = t.app.routeTable.filter((r) => r.options.config?.ownedBy === 'client' && r.method !== 'HEAD');
  const [gift] = await t.db.insert(loyaltyGifts).values({ ref: 'ZS-G', name: 'Mug', type: 'bien', qts: 10, nbrOfPoints: 10 }).returning();
  const [starter] = await t.db.insert(startingGifts).values({ ref: 'ZS-S', name: 'Casquette', description: 'Bienvenue' }).returning();
  for (const side of ['mine', 'theirs'] as const) {
    const chiefId = side === 'mine' ? f.chef.id : f.otherChef.id;
    const [c] = await t.db
      .insert(clients)
      .values({ code: CODE[side], name: `Client ${CODE[side]}`, chefZoneId: chiefId, site: `Site ${CODE[side]}`, pointsOffered: 5 })
      .returning();
    ids[side].client = c.id;
    await applyPoints(t.db, eq(clients.id, c.id), { amount: 100, source: 'offer', reason: 'Départ', authorId: null });
    await t.db.insert(users).values({
      email: `${side}@client.tn`,
      passwordHash: f.chef.passwordHash,
      firstname: CODE[side],
      lastname: 'User',
      roleId: f.patenteRole,
      clientId: c.id,
    });
    [{ id: ids[side].order }] = await t.db
      .insert(orders)
      .values({ numOrder: `O-${CODE[side]}`, clientId: c.id })
      .returning();
    [{ id: ids[side].purchase }] = await t.db
      .insert(giftPurchases)
      .values({ ref: `P-${CODE[side]}`, clientId: c.id, loyaltyGiftId: gift.id, qte: 1, points: 10, status: 1 })
      .returning();
    [{ id: ids[side].conversion }] = await t.db
      .insert(giftConversions)
      .values({
        ref: `GC-${CODE[side]}`,
        giftPurchaseId: ids[side].purchase,
        clientId: c.id,
        loyaltyGiftId: gift.id,
        pointsUsed: 10,
        newPoints: 90,
        status: 1,
        qrcode: qr[side].conversion,
      })
      .returning();
    [{ id: ids[side].starter }] = await t.db
      .insert(startingGiftPurchases)
      .values({ ref: `SP-${CODE[side]}`, clientId: c.id, startingGiftId: starter.id, status: 1, qrcode: qr[side].starter })
      .returning();
    [{ id: ids[side].voucher }] = await t.db
      .insert(voucherPurchases)
      .values({ voucherRef: `V-${CODE[side]}`, clientId: c.id, soldeUsed: '10', qrcode: qr[side].voucher })
      .returning();
    [{ id: ids[side].return }] = await t.db
      .insert(goodsReturns)
      .values({ numRetour: `R-${CODE[side]}`, clientId: c.id, address: 'Tunis' })
      .returning();
  }
  const m = multipart({}, { name: 'logo.png', type: 'image/png', content: png });
  const upload = await t.app.inject({
    method: 'POST',
    url: `/api/clients/${ids.mine.client}/image`,
    payload: m.payload,
    headers: { ...(await t.auth('admin@demo.tn')), ...m.headers },
  });
  expect(upload.statusCode, upload.body).toBe(200);
});
afterAll(() => t?.close());

describe('zone scope on every client-linked route', () => {
  it('names every route marked ownedBy client in the route table, and only those', () => {
    const routes = marked.map(key).sort();
    expect(Object.keys(TABLE).sort()).toEqual(routes);
    // The rule would be pointless on a route the zone chief cannot open; the table says which those are.
    for (const r of marked) expect(TABLE[key(r)].kind === 'denied', key(r)).toBe(!can(ROLE.chefZone, r.options.config!.action as never));
  });

  it('leaves no route of a client-linked path unmarked', () => {
    // Paths beside the client-linked ones that are not a client's rows.
    const apart = [
      '/clients_circuits',
      '/clients_activities',
      '/clients_categories',
      // The yearly rebate of every client at once (admin job; no zone chief action).
      '/clients/calculateRistourne/',
    ];
    const prefixes = [
      '/clients',
      '/orders',
      '/retourMarchandises',
      '/giftConversion',
      '/startingGift-purchases',
      '/gift-purchases',
      '/vocher-purchases',
      '/offered-points',
      '/users/offerPoints',
      '/export/',
    ];
    const unmarked = t.app.routeTable
      .filter((r) => r.method !== 'HEAD' && r.options.config?.ownedBy !== 'client')
      .map(key)
      .filter((k) => prefixes.some((p) => k.split(' ')[1].startsWith(p)) && !apart.some((p) => k.split(' ')[1].startsWith(p)));
    expect(unmarked).toEqual([]);
  });

  for (const [route, check] of Object.entries(TABLE)) {
    const [method, path] = route.split(' ') as [Method, string];
    it(`${route}: ${check.kind}`, async () => {
      if (check.kind === 'denied') {
        const sample = path.replace(/:[A-Za-z]+/g, (p) => (p === ':format' ? 'csv' : String(ids.theirs.client)));
        expect((await call(method, sample, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode).toBe(403);
      } else if (check.kind === 'list') {
        const res = await call(method, check.url ?? path);
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(CODE.mine);
        expect(res.body).not.toContain(CODE.theirs);
      } else if (check.kind === 'bulk') {
        const byIds = await call('POST', path, { ids: [ids.mine[check.entity], ids.theirs[check.entity]], ...check.params });
        if (check.status) {
          expect(byIds.statusCode, byIds.body).toBe(check.status);
          return;
        }
        expect(byIds.statusCode, byIds.body).toBe(200);
        expect(byIds.json().data.refused).toContainEqual({ id: ids.theirs[check.entity], label: `n° ${ids.theirs[check.entity]}`, reason: 'Introuvable' });
        expect(byIds.body).not.toContain(CODE.theirs);
        if (check.byFilter) {
          const byFilter = await call('POST', path, { filter: {}, ...check.params });
          expect(byFilter.statusCode, byFilter.body).toBe(200);
          expect(byFilter.body).not.toContain(CODE.theirs);
          expect(byFilter.json().data.refused.map((r: { id: number }) => r.id)).not.toContain(ids.theirs[check.entity]);
        }
      } else if (check.kind === 'file') {
        expect((await call(method, path)).statusCode).toBe(200);
      } else if (check.kind === 'create') {
        const res = await call('POST', '/clients', fullClient(f, { CHEF_ZONE_ID: f.otherChef.id }));
        expect(res.statusCode).toBe(201);
        expect(res.json().data.CHEF_ZONE_ID).toBe(f.chef.id);
      } else {
        const send = async (side: Side) => {
          if (check.form) {
            const m = multipart({}, { name: 'logo.png', type: 'image/png', content: png });
            return call(method, await check.url(side), m.payload, m.headers);
          }
          return call(method, await check.url(side), check.body?.(side));
        };
        const foreign = await send('theirs');
        expect(foreign.statusCode, foreign.body).toBe(check.status ?? 404);
        const own = await send('mine');
        expect(own.statusCode, own.body).not.toBe(404);
        expect(own.statusCode, own.body).toBeLessThan(500);
        if (method === 'GET') expect(own.statusCode).toBe(200);
      }
    });
  }
});
