import { BULK_LISTS } from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bulkDelete } from '../../lib/bulk/bulk.delete';
import { type BulkRun, registerBulk } from '../../lib/bulk/bulk.routes';
import { alreadySql, outcomeOf } from '../../lib/bulk/bulk.sql';
import { compileResource } from '../../lib/crud/compile';
import { productsResource } from './products.resource';

const label = sql`(p.ref || ' ' || p.label)`;

/** One statement: the products locked, those already so refused, the others set. */
const setOnProducts = (column: 'visible' | 'is_new', value: 0 | 1, already: string, extra: SQL = sql``): BulkRun<never> => ({
  run: async ({ tx, ids }) =>
    outcomeOf(
      await tx.execute(sql`
        with t as (select p.id, ${label} as label, ${alreadySql(sql`p.${sql.identifier(column)}`, value, already)} as reason
                   from products p where p.id = any(${sql.param(ids)}::int[]) order by p.id for update),
        u as (update products p set ${sql.identifier(column)} = ${value}::smallint ${extra}, updated_at = now() from t where p.id = t.id and t.reason is null returning p.id)
        select id, label, reason from t order by id`),
    ),
});

/**
 * VISIBLE and IS_NEW (products:manage, refused to zone chiefs as on the single form). As the form
 * does: a product made new goes last among the new ones, in the order of its id; one no longer new
 * leaves their order (ORDER_NEW null).
 */
const actions = {
  visible: setOnProducts('visible', 1, 'Déjà visible.'),
  hidden: setOnProducts('visible', 0, 'Déjà masqué.'),
  new: setOnProducts(
    'is_new',
    1,
    'Déjà parmi les nouveautés.',
    sql`, order_new = (select coalesce(max(order_new), 0) from products where is_new = 1) + (select count(*) from t t2 where t2.reason is null and t2.id <= t.id)::int`,
  ),
  'not-new': setOnProducts('is_new', 0, 'Déjà hors des nouveautés.', sql`, order_new = null`),
  delete: bulkDelete({ table: 'products', label: sql`(r.ref || ' ' || r.label)`, inUse: productsResource.inUseMessage, mediaEntity: 'products' }),
};

export function productsBulkRoutes(app: FastifyInstance) {
  registerBulk(app, {
    list: BULK_LISTS.products,
    source: { resource: compileResource(productsResource) as never },
    entity: 'products',
    tag: 'products',
    actions,
  });
}
