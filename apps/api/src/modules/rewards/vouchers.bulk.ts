import { BULK_LISTS } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type BulkRun, registerBulk } from '../../lib/bulk/bulk.routes';
import { alreadySql, outcomeOf } from '../../lib/bulk/bulk.sql';
import { compileResource } from '../../lib/crud/compile';
import { vouchersResource } from './vouchers.resource';

/** IS_ACTIVE of the vouchers on offer (PUT vochers/{id} IS_ACTIVE: vouchers:write, no event). */
const flag = (value: 0 | 1): BulkRun<never> => ({
  run: async ({ tx, ids }) =>
    outcomeOf(
      await tx.execute(sql`
        with t as (select v.id, v.ref as label, ${alreadySql(sql`v.is_active`, value, value ? 'Déjà actif.' : 'Déjà inactif.')} as reason
                   from vochers v where v.id = any(${sql.param(ids)}::int[]) order by v.id for update),
        u as (update vochers v set is_active = ${value}::smallint, updated_at = now() from t where v.id = t.id and t.reason is null returning v.id)
        select id, label, reason from t order by id`),
    ),
});

export function vouchersBulkRoutes(app: FastifyInstance) {
  registerBulk(app, {
    list: BULK_LISTS.vouchers,
    source: { resource: compileResource(vouchersResource) as never },
    entity: 'vochers',
    tag: 'vouchers',
    actions: { activate: flag(1), deactivate: flag(0) },
  });
}
