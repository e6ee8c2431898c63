import { BULK_LISTS, CONVERSION_STATUS, conversionAction } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type BulkRun, registerBulk } from '../../lib/bulk/bulk.routes';
import { outcomeOf, statusRefusalSql } from '../../lib/bulk/bulk.sql';
import { rowsOf } from '../../db/rows';
import { compileResource } from '../../lib/crud/compile';
import { recordEvents } from '../../lib/webhooks/outbox';
import { CLIENT_OWNED } from '../../lib/clients/client-ownership';
import { giftConversionsResource, startingGiftPurchasesResource } from './fulfilment.resources';
import { unitEvent } from './rewards.events';

type Kind = 'gift' | 'starter';
const TABLE = { gift: 'gift_conversions', starter: 'starting_gift_purchases' } as const;

/**
 * The list's prepare / ship action (PUT giftConversion/{id}, startingGift-purchases/{id}) on many
 * units: the same role rule (conversionAction: a Magasinier prepares, → Préparé, from En attente;
 * the others ship, → Expédié, from En attente or Préparé), each other unit refused with the status
 * rule's words; one conversion.status_changed event per unit moved, as the single action writes it.
 * Preparing or shipping moves no points and no purchase status (those follow receipts and refusals).
 */
const move = (kind: Kind, to: number): BulkRun<never> => ({
  run: async ({ tx, ids, user }) => {
    const from = CONVERSION_STATUS.codes.filter((c) => conversionAction(user.role, c)?.to === to);
    const table = sql.identifier(TABLE[kind]);
    const purchase = kind === 'gift' ? sql`u.gift_purchase_id` : sql`null::int`;
    const res = await tx.execute(sql`
      with t as (select x.id, x.ref as label, x.status as prev, ${statusRefusalSql(CONVERSION_STATUS, sql`x.status`, to, from)} as reason
                 from ${table} x where x.id = any(${sql.param(ids)}::int[]) order by x.id for update),
      u as (update ${table} x set status = ${to}::smallint, updated_at = now() from t where x.id = t.id and t.reason is null returning x.*)
      select t.id, t.label, t.reason, t.prev, u.ref, u.client_id, u.status, u.scan_date, u.updated_at, ${purchase} as gift_purchase_id
      from t left join u on u.id = t.id order by t.id`);
    type Row = {
      id: number;
      prev: number;
      ref: string;
      client_id: number;
      status: number;
      scan_date: string | null;
      updated_at: string;
      gift_purchase_id: number | null;
      reason: string | null;
    };
    const moved = rowsOf<Row>(res).filter((r) => r.reason == null);
    await recordEvents(
      tx,
      moved.map((r) =>
        unitEvent(
          kind,
          {
            id: Number(r.id),
            ref: r.ref,
            clientId: Number(r.client_id),
            status: Number(r.status),
            scanDate: r.scan_date ? new Date(r.scan_date) : null,
            updatedAt: new Date(r.updated_at),
            giftPurchaseId: r.gift_purchase_id,
          },
          Number(r.prev),
        ),
      ),
    );
    return outcomeOf(res);
  },
});

export function conversionsBulkRoutes(app: FastifyInstance) {
  for (const [kind, list, resource, entity] of [
    ['gift', BULK_LISTS.giftConversions, giftConversionsResource, 'giftConversion'],
    ['starter', BULK_LISTS.starterConversions, startingGiftPurchasesResource, 'startingGift-purchases'],
  ] as const) {
    registerBulk(app, {
      list,
      source: { resource: compileResource(resource as never) as never },
      entity,
      tag: 'conversions',
      ownedBy: CLIENT_OWNED.ownedBy,
      actions: { prepare: move(kind, 1), ship: move(kind, 3) },
    });
  }
}
