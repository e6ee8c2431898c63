import { randomUUID } from 'node:crypto';
import { CONVERSION_SHIPPED, can, ROLE } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/app';
import { hashPassword } from '../../src/lib/password';
import { roles, sessions, users } from '../../src/lib/auth/accounts.table';
import { hashToken, newToken } from '../../src/plugins/auth';
import { clients } from '../../src/lib/clients/clients.table';
import { applyPoints } from '../../src/modules/loyalty/points.service';
import { giftConversions, giftPurchases, loyaltyGifts, startingGiftPurchases, startingGifts } from '../../src/modules/rewards/gifts.table';
import { voucherPurchases } from '../../src/modules/rewards/vouchers.table';
import { appCatalogue } from '../support/app-fixtures';
import { APP, appAuth } from '../support/app-helpers';
import { createTestApp, DEMO_PASSWORD, multipart, type TestContext } from '../support/helpers';
import { queryRows } from '../../src/db/rows';

/**
 * Role × route matrix generated from the server's route table and the one permission map:
 * for every non-public route and every staff role, a denied action answers 403 and
 * changes nothing; an allowed one is never 403. The hand-written `permissions.test.ts` checks chosen
 * calls with real payloads; this one cannot miss a route. Client users are refused everywhere with
 * 401 (route-access.test.ts). The mobile app's routes take no staff role: their column is a client
 * user of another client, who must never reach the first client's rows (the last describe).
 */
const STAFF = [
  { email: 'admin@demo.tn', role: ROLE.admin },
  { email: 'chef@demo.tn', role: ROLE.chefZone },
  { email: 'magasin@demo.tn', role: ROLE.magasinier },
  { email: 'commercial@demo.tn', role: ROLE.commercial },
  { email: 'inconnu@demo.tn', role: 'roleInconnu' },
] as const;

let t: TestContext;
let routes: RouteEntry[];

beforeAll(async () => {
  t = await createTestApp();
  const [role] = await t.db.insert(roles).values({ label: 'roleInconnu' }).returning();
  await t.db.insert(users).values({ email: 'inconnu@demo.tn', passwordHash: await hashPassword(DEMO_PASSWORD), roleId: role.id });
  const all = t.app.routeTable;
  routes = all
    .filter((r) => r.options.config?.public !== true)
    // The mobile app's routes take no staff role at all (an app token only): route-access.test.ts proves
    // every one of them refuses a staff session with 401.
    .filter((r) => r.options.config?.app !== true)
    .filter((r) => r.method !== 'HEAD' || !all.some((g) => g.method === 'GET' && g.url === r.url))
    // Signing out ends the session the rest of the sweep uses: last.
    .sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
});
afterAll(() => t?.close());

const actionOf = (r: RouteEntry) => r.options.config?.action as string;
const allowed = (role: string, r: RouteEntry) => actionOf(r) === 'self' || can(role, actionOf(r) as Parameters<typeof can>[1]);
const samplePath = (url: string) => url.replace(/:[A-Za-z_]+/g, '999999999').replace(/\*$/, 'x.png');

function call(r: RouteEntry, email: string) {
  const withBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(r.method);
  return t.auth(email).then((auth) =>
    t.app.inject({
      method: r.method as 'GET',
      url: samplePath(r.url),
      headers: { ...auth, ...(withBody ? { 'content-type': 'application/json' } : {}) },
      ...(withBody ? { payload: '{}' } : {}),
    }),
  );
}

/** The rows of a raw query on the test's database. */
const rows = <T>(query: ReturnType<typeof sql>): Promise<T[]> => queryRows<T>(t.db, query);

/**
 * Every row of every table but the sessions (a signed-in call may note its last use), as one digest;
 * `alsoSkip`: the app's token families and the throttle counters, which every app call may touch.
 */
async function fingerprint(alsoSkip: string[] = []): Promise<string> {
  const skip = new Set(['sessions', ...alsoSkip]);
  const names = (await rows<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public' order by 1`))
    .map((x) => x.tablename)
    .filter((n) => !skip.has(n));
  const parts: string[] = [];
  for (const name of names) {
    const [{ d }] = await rows<{ d: string }>(
      sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as d from "${name}" x`),
    );
    parts.push(`${name}=${d}`);
  }
  return parts.join('\n');
}

describe('role × route matrix', () => {
  it('answers 403 to every denied action and changes nothing', async () => {
    const before = await fingerprint();
    const wrong: string[] = [];
    let n = 0;
    for (const r of routes) {
      for (const s of STAFF) {
        if (allowed(s.role, r)) continue;
        const res = await call(r, s.email);
        n++;
        if (res.statusCode !== 403) wrong.push(`${s.role} ${r.method} ${r.url} → ${res.statusCode}`);
      }
    }
    console.log(`${n} denied calls`);
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });

  it('never answers 403 to an allowed action, and prints the matrix', async () => {
    const wrong: string[] = [];
    const lines: string[] = [`${'route'.padEnd(62)} ${STAFF.map((s) => s.role.slice(0, 10).padEnd(10)).join(' ')}`];
    for (const r of routes) {
      const cells: string[] = [];
      for (const s of STAFF) {
        if (!allowed(s.role, r)) {
          cells.push('—'.padEnd(10));
          continue;
        }
        const res = await call(r, s.email);
        if (res.statusCode === 403 || res.statusCode === 401) wrong.push(`${s.role} ${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 80)}`);
        cells.push(`ok ${res.statusCode}`.padEnd(10));
      }
      lines.push(`${`${r.method} ${r.url}`.slice(0, 62).padEnd(62)} ${cells.join(' ')}`);
    }
    console.log(`Matrice rôles × routes (— refusé 403 ; ok = autorisé, avec le statut de l'appel sans données valides)\n${lines.join('\n')}`);
    expect(wrong).toEqual([]);
  });

  it('gives an unknown or "other" role nothing beyond its own account and the conversion screens', () => {
    for (const role of ['roleInconnu', ROLE.commercial, ROLE.patente]) {
      const open = routes.filter((r) => allowed(role, r) && actionOf(r) !== 'self').map((r) => `${r.method} ${r.url}`);
      const extra = open.filter((k) => !/\/(conversions|starter_conversions|conversion_gifts|conversions_starter)/.test(k) && !/(gift|starter)/i.test(k));
      expect(extra, role).toEqual([]);
      expect(
        open.every((k) => k.startsWith('GET ') || k.startsWith('HEAD ')),
        `${role}: read only`,
      ).toBe(true);
    }
  });
});

/**
 * The app's column: a client user of another client. Every app route of the route table is placed in
 * one of these, or the first test below fails, so a new app route cannot escape the column:
 * - BY_ID: its path names a row of the caller's client; called with the FIRST client's ids, it answers
 *   404 and changes nothing (and the first client's own user is answered, so the 404 is the client's);
 * - SHARED_BY_ID (known exceptions): its path names a row every client shares (the catalogue);
 * - BY_BODY: its body names a row of the caller's client; called with the first client's, 404, nothing changed;
 * - a GET without a path parameter (a list, `me`, a count): none of the first client's rows, ids or
 *   words in the reply, and the caller's own rows in it (LISTS);
 * - OWN_WRITES: a write that names no client's row; sent with the first client's CLIENT_ID, it leaves
 *   every row of the first client as it was.
 */
interface Side {
  clientId: number;
  headers: { authorization: string };
  orders: number[];
  giftPurchases: number[];
  vouchers: number[];
  notifications: number[];
}
interface TwoClients {
  /** The first client: its rows are what the other client's user must never reach. */
  a: Side & { qrcodes: string[]; markers: string[] };
  /** The other client, whose user makes the calls. */
  b: Side;
  product: number;
  gift: number;
}
type RowKind = 'orders' | 'giftPurchases' | 'vouchers' | 'notifications';

const BY_ID: Record<string, (f: TwoClients) => number[]> = {
  [`GET ${APP}/orders/:id`]: (f) => f.a.orders,
  [`POST ${APP}/notifications/:id/read`]: (f) => f.a.notifications,
};
const SHARED_BY_ID: Record<string, string> = {
  [`GET ${APP}/products/:id`]: 'le catalogue est le même pour tous les clients (le prix du jour est calculé pour l’appelant)',
};
const BY_BODY: Record<string, (f: TwoClients) => Record<string, unknown>[]> = {
  // A gift unit accepted, one shipped, a starter gift shipped: another client's code is unknown (404), whatever its status.
  [`POST ${APP}/conversions/receive`]: (f) => f.a.qrcodes.map((QRCODE) => ({ QRCODE })),
};
/** null: not sent (signing out ends the caller's own device and names nothing else). */
const OWN_WRITES: Record<string, ((f: TwoClients) => Record<string, unknown>) | null> = {
  [`POST ${APP}/orders`]: (f) => ({ ITEMS: [{ PRODUCT_ID: f.product, QTE: 1 }], CLIENT_ID: f.a.clientId }),
  [`POST ${APP}/gift-purchases`]: (f) => ({ LOYALTY_GIFT_ID: f.gift, QTE: 1, CLIENT_ID: f.a.clientId }),
  [`PUT ${APP}/me`]: (f) => ({ GSM: '+21698000111', CLIENT_ID: f.a.clientId, ID: f.a.clientId }),
  [`POST ${APP}/auth/logout`]: null,
};
/** The lists of the client's rows: which of its rows each shows. */
const LISTS: Record<string, RowKind> = {
  [`GET ${APP}/orders`]: 'orders',
  [`GET ${APP}/gift-purchases`]: 'giftPurchases',
  [`GET ${APP}/vouchers`]: 'vouchers',
  [`GET ${APP}/notifications`]: 'notifications',
};
/** What an app call may write whoever makes it: its family's last use, its per-user count. */
const APP_BOOKKEEPING = ['app_sessions', 'throttles'];
const hasParam = (url: string) => /:[A-Za-z_]+|\*/.test(url);

/** Every row of one client (every table with a CLIENT_ID, its own row, its users' read marks), as one digest. */
async function clientPrint(clientId: number): Promise<string> {
  const tables = await rows<{ table_name: string }>(
    sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'client_id' order by 1`,
  );
  const parts: string[] = [];
  const digest = async (label: string, from: string) => {
    const [{ d }] = await rows<{ d: string }>(
      sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as d from ${from}`),
    );
    parts.push(`${label}=${d}`);
  };
  for (const { table_name } of tables) await digest(table_name, `"${table_name}" x where x.client_id = ${Number(clientId)}`);
  await digest('clients', `clients x where x.id = ${Number(clientId)}`);
  await digest('flux_reads', `flux_reads x where x.user_id in (select id from users where client_id = ${Number(clientId)})`);
  return parts.join('\n');
}

describe('a client user of another client (the app routes’ column)', () => {
  let f: TwoClients;
  let appRoutes: RouteEntry[];
  const as = (headers: { authorization: string }, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    const all = t.app.routeTable;
    appRoutes = all.filter((r) => r.options.config?.app === true && (r.method !== 'HEAD' || !all.some((g) => g.method === 'GET' && g.url === r.url)));
    const cat = await appCatalogue(t.db);
    // A session of its own: the matrix above ends with the admin's sign-out.
    const [adminUser] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.tn'));
    const adminToken = newToken();
    await t.db.insert(sessions).values({ userId: adminUser.id, tokenHash: hashToken(adminToken), expiresAt: new Date(Date.now() + 3600_000) });
    const admin = { authorization: `Bearer ${adminToken}` };
    const [gift] = await t.db
      .insert(loyaltyGifts)
      .values({ ref: 'XC-CADEAU', name: 'Cadeau du test croisé', type: 'bien', qts: 50, nbrOfPoints: 10 })
      .returning({ id: loyaltyGifts.id });
    /** A client's rows, made as the app and the back office make them: an order, a gift request accepted (two units), notifications, a rebate voucher. */
    const side = async (clientId: number, email: string, tag: string, notifications: number): Promise<Side> => {
      const headers = await appAuth(t.db, email);
      await applyPoints(t.db, eq(clients.id, clientId), { amount: 500, source: 'offer', reason: 'Points du test croisé', authorId: null });
      const order = await as(headers, 'POST', `${APP}/orders`, { ITEMS: [{ PRODUCT_ID: cat.products.olive1.id, QTE: 1 }] });
      expect(order.statusCode, order.body).toBe(201);
      const asked = await as(headers, 'POST', `${APP}/gift-purchases`, { LOYALTY_GIFT_ID: gift.id, QTE: 2 });
      expect(asked.statusCode, asked.body).toBe(201);
      const accepted = await as(admin, 'POST', `/api/gift-purchases/accept/${asked.json().data.ID}`);
      expect(accepted.statusCode, accepted.body).toBe(200);
      const sent: number[] = [];
      for (let k = 0; k < notifications; k++) {
        const form = multipart({ TITLE: `Réservée au client ${tag} n° ${k + 1}`, MESSAGE: `<p>Pour ${tag}</p>`, 'DESTINATION[0]': String(clientId) });
        const flux = await t.app.inject({ method: 'POST', url: '/api/flux', payload: form.payload, headers: { ...admin, ...form.headers } });
        expect(flux.statusCode, flux.body).toBe(201);
        sent.push(flux.json().data.id);
      }
      const [voucher] = await t.db
        .insert(voucherPurchases)
        .values({ voucherRef: `RIST-2025-XC-${tag}`, clientId, ristourneYear: 2025, soldeUsed: '77.777', qrcode: `xc-bon-${tag}-${randomUUID()}` })
        .returning({ id: voucherPurchases.id });
      const vouchers = await t.db.select({ id: voucherPurchases.id }).from(voucherPurchases).where(eq(voucherPurchases.clientId, clientId));
      expect(vouchers.map((v) => v.id)).toContain(voucher.id);
      return {
        clientId,
        headers,
        orders: [order.json().data.ID],
        giftPurchases: [asked.json().data.ID],
        vouchers: vouchers.map((v) => v.id),
        notifications: sent,
      };
    };
    const a = await side(cat.clients.a.id, 'sami.a@client.test.tn', 'A', 2);
    const b = await side(cat.clients.b.id, 'sami.b@client.test.tn', 'B', 1);
    // The first client's units: one accepted (not shipped yet), one shipped; and a starter gift shipped.
    const units = await t.db.select().from(giftConversions).where(eq(giftConversions.clientId, a.clientId)).orderBy(giftConversions.id);
    expect(units).toHaveLength(2);
    await t.db.update(giftConversions).set({ status: CONVERSION_SHIPPED }).where(eq(giftConversions.id, units[1].id));
    const [starter] = await t.db
      .insert(startingGifts)
      .values({ ref: 'XC-DEMARRAGE', name: 'Kit de démarrage du test croisé', description: 'Kit' })
      .returning({ id: startingGifts.id });
    const [kit] = await t.db
      .insert(startingGiftPurchases)
      .values({ ref: 'DEM-XC-A-0001', clientId: a.clientId, startingGiftId: starter.id, status: CONVERSION_SHIPPED, qrcode: `xc-kit-A-${randomUUID()}` })
      .returning();
    const aRows = {
      orders: await rows<{ num_order: string }>(sql`select num_order from orders where client_id = ${a.clientId}`),
      purchases: await t.db.select({ ref: giftPurchases.ref }).from(giftPurchases).where(eq(giftPurchases.clientId, a.clientId)),
      vouchers: await t.db
        .select({ ref: voucherPurchases.voucherRef, qr: voucherPurchases.qrcode })
        .from(voucherPurchases)
        .where(eq(voucherPurchases.clientId, a.clientId)),
    };
    const [aUser] = await t.db.select({ gsm: users.gsm }).from(users).where(eq(users.email, 'sami.a@client.test.tn'));
    f = {
      a: {
        ...a,
        qrcodes: [...units.map((u) => u.qrcode), kit.qrcode],
        // Words only the first client's rows hold: its code, name, address, users, references, codes and notification titles.
        markers: [
          cat.clients.a.code,
          cat.clients.a.name,
          cat.clients.a.address!,
          'sami.a@client.test.tn',
          'sami.a2@client.test.tn',
          ...aRows.orders.map((o) => o.num_order),
          ...aRows.purchases.map((p) => p.ref),
          ...units.flatMap((u) => [u.ref, u.qrcode]),
          kit.ref,
          kit.qrcode,
          ...aRows.vouchers.flatMap((v) => [v.ref, v.qr]),
          'Réservée au client A',
          ...(aUser.gsm ? [aUser.gsm] : []),
        ],
      },
      b,
      product: cat.products.olive1.id,
      gift: gift.id,
    };
  }, 120_000);

  it('places every app route of the route table in the column (a new one fails here until it is placed)', () => {
    expect(appRoutes.length).toBeGreaterThan(15);
    const keys = new Set(appRoutes.map((r) => `${r.method} ${r.url}`));
    const unplaced = [...keys].filter((k) => {
      const url = k.slice(k.indexOf(' ') + 1);
      if (hasParam(url)) return !(k in BY_ID) && !(k in SHARED_BY_ID);
      return !k.startsWith('GET ') && !(k in BY_BODY) && !(k in OWN_WRITES);
    });
    expect(unplaced, 'route d’application à classer : BY_ID (ou SHARED_BY_ID), BY_BODY ou OWN_WRITES').toEqual([]);
    // And every entry names a route that still exists.
    const stale = [...Object.keys(BY_ID), ...Object.keys(SHARED_BY_ID), ...Object.keys(BY_BODY), ...Object.keys(OWN_WRITES), ...Object.keys(LISTS)].filter(
      (k) => !keys.has(k),
    );
    expect(stale).toEqual([]);
  });

  it('answers 404 to another client’s user on every route naming the first client’s row, by path or body, and changes nothing', async () => {
    const before = await fingerprint(APP_BOOKKEEPING);
    const wrong: string[] = [];
    const column: string[] = [];
    const leaks = (body: string) => f.a.markers.filter((m) => body.includes(m));
    const byId = appRoutes.filter((r) => `${r.method} ${r.url}` in BY_ID);
    const byBody = appRoutes.filter((r) => `${r.method} ${r.url}` in BY_BODY);
    for (const r of byId) {
      const ids = BY_ID[`${r.method} ${r.url}`](f);
      expect(ids.length, r.url).toBeGreaterThan(0);
      for (const id of ids) {
        const url = r.url.replace(/:[A-Za-z_]+/g, String(id));
        const res = await as(f.b.headers, r.method, url, r.method === 'GET' ? undefined : {});
        if (res.statusCode !== 404 || leaks(res.body).length) wrong.push(`${r.method} ${url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        column.push(`${`${r.method} ${url}`.padEnd(54)} autre client ${res.statusCode}`);
      }
    }
    for (const r of byBody) {
      for (const payload of BY_BODY[`${r.method} ${r.url}`](f)) {
        const res = await as(f.b.headers, r.method, r.url, payload);
        if (res.statusCode !== 404 || leaks(res.body).length)
          wrong.push(`${r.method} ${r.url} ${JSON.stringify(payload)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        column.push(`${`${r.method} ${r.url} (${Object.keys(payload).join(', ')})`.padEnd(54)} autre client ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(APP_BOOKKEEPING)).toBe(before);
    // The first client's own user reaches the same rows: the 404s were the client's, not unknown ids.
    for (const r of byId) {
      for (const id of BY_ID[`${r.method} ${r.url}`](f)) {
        const res = await as(f.a.headers, r.method, r.url.replace(/:[A-Za-z_]+/g, String(id)), r.method === 'GET' ? undefined : {});
        expect(res.statusCode, `${r.method} ${r.url} ${id}: ${res.body.slice(0, 120)}`).toBe(200);
      }
    }
    for (const r of byBody) {
      for (const payload of BY_BODY[`${r.method} ${r.url}`](f)) {
        const res = await as(f.a.headers, r.method, r.url, payload);
        expect(res.statusCode, `${r.method} ${r.url} ${JSON.stringify(payload)}: ${res.body.slice(0, 120)}`).not.toBe(404);
      }
    }
    console.log(`Colonne « utilisateur d’un autre client » (lignes du premier client)\n${column.join('\n')}`);
  });

  it('shows another client’s user none of the first client’s rows on the app’s reads, and its own', async () => {
    const wrong: string[] = [];
    const reads = appRoutes.filter((r) => r.method === 'GET' && !hasParam(r.url));
    expect(reads.length).toBeGreaterThan(8);
    for (const r of reads) {
      const key = `${r.method} ${r.url}`;
      const res = await as(f.b.headers, 'GET', `${r.url}${key in LISTS ? '?perPage=100' : ''}`);
      if (res.statusCode !== 200) {
        wrong.push(`${key} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        continue;
      }
      const leaked = f.a.markers.filter((m) => res.body.includes(m));
      if (leaked.length) wrong.push(`${key}: montre ${leaked.join(', ')}`);
      const kind = LISTS[key];
      if (kind) {
        const ids = (res.json().data as { ID: number }[]).map((x) => x.ID);
        const theirs = ids.filter((id) => f.a[kind].includes(id));
        if (theirs.length) wrong.push(`${key}: montre les lignes ${theirs.join(', ')} du premier client`);
        const missing = f.b[kind].filter((id) => !ids.includes(id));
        if (missing.length) wrong.push(`${key}: ne montre pas ses propres lignes ${missing.join(', ')}`);
      }
    }
    // The unread count is the caller's own (one notification), not the first client's two.
    const unread = await as(f.b.headers, 'GET', `${APP}/notifications/unread-count`);
    expect(unread.json().data).toEqual({ count: f.b.notifications.length });
    console.log(`${reads.length} lectures de l'application par l'utilisateur d'un autre client : aucune ligne du premier client`);
    expect(wrong).toEqual([]);
  });

  it('lets another client’s user write only its own data, even when its body names the first client', async () => {
    const before = await clientPrint(f.a.clientId);
    const wrong: string[] = [];
    for (const r of appRoutes) {
      const make = OWN_WRITES[`${r.method} ${r.url}`];
      if (!make) continue;
      const res = await as(f.b.headers, r.method, r.url, make(f));
      const leaked = f.a.markers.filter((m) => res.body.includes(m));
      if (res.statusCode >= 500 || leaked.length) wrong.push(`${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(await clientPrint(f.a.clientId)).toBe(before);
  });
});
