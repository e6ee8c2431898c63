/**
 * Orders at volume: the orders list (page 1, a status filter, a client code filter and
 * search) and the header's bell, each API figure beside the route's own SQL run bare through the same
 * driver in the same run, printed as a ratio. Volume: BENCH_ORDERS (default 1,000,000; 0 skips),
 * PostgreSQL only (generating a million orders in the embedded database would take most of an hour).
 */
import { rowCount } from '../src/lib/counts/row-counts';
import { desc, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../src/db/client';
import { seedLarge } from '../src/modules/seed-large';
import { compileResource } from '../src/lib/crud/compile';
import { searchWhere } from '../src/lib/crud/list-query';
import { ordersResource } from '../src/modules/orders/orders.resource';
import { waitingOrders } from '../src/modules/orders/orders.service';
import { orders } from '../src/modules/orders/orders.table';
import { sessionUser } from '../src/plugins/auth';
import { bearer, CLIENTS, compare, RUNS, row } from './clients';
import { queryRows } from '../src/db/rows';

export const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);

/** Tops the database up to CLIENTS clients and ORDERS orders with their items; returns the time taken. */
export async function seedOrders(handle: DbHandle) {
  const t0 = performance.now();
  await seedLarge(handle.db, { clients: Math.max(CLIENTS, 1), orders: ORDERS }, 'Demo1234!', () => {});
  await handle.db.execute(sql`analyze`);
  return performance.now() - t0;
}

export async function benchOrders(app: FastifyInstance, handle: DbHandle, auth: Record<string, string>) {
  const r = compileResource(ordersResource);
  const db = handle.db;
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: auth });
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode}`);
    return res;
  };
  const token = bearer(auth);
  /** The list call's SQL alone: the session check, then the page rows beside the count, as crud.routes.ts runs them. */
  /** `where`, or the search read as the API reads it (its reference targets first), inside the timed work. */
  const bare =
    (condition: SQL | undefined | (() => Promise<SQL | undefined>), page = 1, perPage = 50) =>
    async () => {
      await sessionUser(db, token, undefined, app.sessionCache);
      const where = typeof condition === 'function' ? await condition() : condition;
      await Promise.all([
        r
          .select(db)
          .rows.where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        // As the API counts: the kept count for the list with no condition (lib/counts), else count(*).
        where === undefined ? rowCount(db, 'orders') : r.select(db).count.where(where),
      ]);
    };
  // A client with many orders, searched as a user types its code.
  const [{ code }] = await queryRows<{ code: string }>(
    db,
    sql`select c.code_client code from orders o join clients c on c.id = o.client_id group by c.code_client order by count(*) desc limit 1`,
  );
  const filters = ordersResource.filters!;
  const measures: [string, string, () => Promise<unknown>][] = [
    ['commandes page 1 (50 lignes)', '/api/orders?page=1&perPage=50', bare(undefined)],
    ['filtre STATUS=0 (Nouveau)', '/api/orders?page=1&perPage=50&STATUS=0', bare(filters.STATUS.where(0 as never))],
    [`filtre CODE_CLIENT=${code}`, `/api/orders?page=1&perPage=50&CODE_CLIENT=${encodeURIComponent(code)}`, bare(filters.CODE_CLIENT.where(code as never))],
    [`recherche « ${code} »`, `/api/orders?page=1&perPage=50&search=${encodeURIComponent(code)}`, bare(() => searchWhere(db, r.searchTargets, code))],
    ['page profonde (page 2000)', '/api/orders?page=2000&perPage=50', bare(undefined, 2000)],
    [
      'cloche getAskOrders',
      '/api/getAskOrders',
      async () => {
        const user = await sessionUser(db, token, undefined, app.sessionCache);
        await waitingOrders(db, user!);
      },
    ],
  ];
  for (const [label, url, bareFn] of measures) {
    const [api, sqlMs] = await compare(RUNS, () => get(url), bareFn);
    console.log(row(label, api, sqlMs));
  }
}
