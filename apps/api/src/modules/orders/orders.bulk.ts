import { BULK_LISTS, ORDER_DELETABLE_STATUSES, ORDER_MSG, ORDER_POINTS_STATUSES, ORDER_STATUS } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bulkDelete } from '../../lib/bulk/bulk.delete';
import { type BulkRun, registerBulk } from '../../lib/bulk/bulk.routes';
import { outcomeOf, statusRefusalSql } from '../../lib/bulk/bulk.sql';
import { compileResource } from '../../lib/crud/compile';
import type { Db } from '../../db/client';
import { outboxInsertSql } from '../../lib/webhooks/outbox';
import { CLIENT_OWNED } from '../../lib/clients/client-ownership';
import { pointsEventsCte } from '../loyalty';
import { orderPayloadSql } from './orders.events';
import { ordersResource } from './orders.resource';

const tunisYear = sql`extract(year from now() at time zone 'Africa/Tunis')::smallint`;

/**
 * The points of the orders just accepted, as applyOrderStatus credits one order's (orders.service.ts),
 * for many orders in ONE statement: each order's credit is claimed once (points_credited_at), each
 * client's balance moves by the sum of its orders, and one ledger row per order is written with the
 * running balance (so the rows of a client still add up to its POINTS_FID), with their points.changed
 * events. Through the ledger: the lots trigger sees every credit.
 */
async function creditOrders(tx: Db, ids: number[], authorId: number): Promise<void> {
  await tx.execute(sql`
    with claim as (
      update orders set points_credited_at = now()
      where id = any(${sql.param(ids)}::int[]) and points_credited_at is null and total_points > 0
      returning id, client_id, total_points, num_order
    ), per as (select client_id, sum(total_points)::int as total from claim group by client_id),
    changed as (
      update clients set
        points_fid = points_fid + per.total,
        points_fid_n = (case when points_year = ${tunisYear} then points_fid_n else 0 end) + per.total,
        points_year = ${tunisYear},
        updated_at = now()
      from per where clients.id = per.client_id
      returning clients.id, clients.points_fid
    ), rows as (
      insert into points_ledger (client_id, amount, balance_after, source, source_id, reason, author_id)
      select c.client_id, c.total_points,
             ch.points_fid - per.total + sum(c.total_points) over (partition by c.client_id order by c.id),
             'order', c.id, 'Commande ' || c.num_order || ' traitée', ${authorId}::int
      from claim c join changed ch on ch.id = c.client_id join per on per.client_id = c.client_id
      order by c.client_id, c.id
      returning id, client_id, amount, balance_after, source, source_id, reason, created_at
    ), events as (${pointsEventsCte('rows')})
    select count(*) from rows`);
}

/**
 * The staff's move (PUT orders/{id} STATUS): allowed only from the statuses ORDER_STATUS lets reach
 * the target (« Passage du statut « X » à « Y » non autorisé. » otherwise), one order.status_changed
 * event per order moved, and the points of orders reaching 2 or 4 credited once.
 */
const status: BulkRun<{ STATUS: number }> = {
  example: { STATUS: 1 },
  run: async ({ tx, ids, user, params }) => {
    const to = params.STATUS;
    const from = ORDER_STATUS.codes.filter((c) => ORDER_STATUS.canMove(c, to));
    const res = await tx.execute(sql`
      with t as (select o.id, o.num_order as label, o.status as prev, ${statusRefusalSql(ORDER_STATUS, sql`o.status`, to, from)} as reason
                 from orders o where o.id = any(${sql.param(ids)}::int[]) order by o.id for update),
      u as (update orders o set status = ${to}::smallint, updated_at = now() from t where o.id = t.id and t.reason is null returning o.*, t.prev as prev_status),
      ev as (${outboxInsertSql(
        'order.status_changed',
        'order',
        sql`select u.id, ${orderPayloadSql('u', sql`|| jsonb_build_object('PREVIOUS_STATUS', u.prev_status)`)} as payload from u order by u.id`,
      )})
      select id, label, reason from t order by id`);
    const out = outcomeOf(res);
    if (out.changed.length && ORDER_POINTS_STATUSES.includes(to)) await creditOrders(tx, out.changed, user.id);
    return out;
  },
};

/** The shipping site (PUT orders/{id} SITE); an order already on that site is refused as unchanged. */
const site: BulkRun<{ SITE: string | null }> = {
  example: { SITE: 'Dépôt Sfax' },
  run: async ({ tx, ids, params }) => {
    const res = await tx.execute(sql`
      with t as (select o.id, o.num_order as label,
                   (case when o.site is not distinct from ${params.SITE}::text then 'Déjà sur ce site.'::text end) as reason
                 from orders o where o.id = any(${sql.param(ids)}::int[]) order by o.id for update),
      u as (update orders o set site = ${params.SITE}::text, updated_at = now() from t where o.id = t.id and t.reason is null returning o.id)
      select id, label, reason from t order by id`);
    return outcomeOf(res);
  },
};

/** DELETE orders/{id}: only a new or refused order (ORDER_DELETABLE_STATUSES); its lines go with it. */
const remove = bulkDelete({
  table: 'orders',
  label: sql`r.num_order`,
  refusal: sql`(case when not (r.status = any(${sql.param([...ORDER_DELETABLE_STATUSES])}::int[])) then ${ORDER_MSG.notDeletable}::text end)`,
  inUse: ordersResource.inUseMessage,
});

export function ordersBulkRoutes(app: FastifyInstance) {
  registerBulk(app, {
    list: BULK_LISTS.orders,
    source: { resource: compileResource(ordersResource) as never },
    entity: 'orders',
    tag: 'orders',
    ownedBy: CLIENT_OWNED.ownedBy,
    actions: { status, site, delete: remove } as never,
  });
}
