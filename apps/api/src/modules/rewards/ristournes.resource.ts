import {
  formatMoney,
  formatPercent,
  minExceedsMax,
  MSG,
  overlapMessage,
  overlappingTier,
  type Ristourne,
  RISTOURNE_MSG,
  ristourneBody,
  ristournesMeta,
  ristourneUpdateBody,
} from '@app/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { flag01Field, orEmpty, yesNo } from '../../lib/crud/fields';
import { refNameLike } from '../../lib/crud/list-query';
import { defineResource } from '../../lib/crud/resource';
import { AppError } from '../../lib/http';
import { clientActivities as activities } from '../../lib/clients/classification.table';
import { ristournes as t } from './vouchers.table';

/** numeric given out as the decimal text Postgres returns ("4999.999"), as the Ristourne DTO types it. */
const decimalText = { schema: z.string() };

const refuse = (field: string, message: string) => new AppError(422, message, { [field]: [message] });

/**
 * Rebate tiers (PDF portrait). Two active
 * tiers of one year and one activity (no activity being a group of its own) never overlap on
 * [VAL_MIN, VAL_MAX]: checked after the write, inside its transaction, under a lock on the year, so
 * of two concurrent writes the second one reads the first and is refused.
 */
export const ristournesResource = defineResource<Ristourne>()({
  meta: ristournesMeta,
  tag: 'ristournes',
  actions: { read: 'ristournes:read', write: 'ristournes:write' },
  table: t,
  idColumn: t.id,
  body: ristourneBody,
  updateBody: ristourneUpdateBody,
  joins: [{ table: activities, on: eq(activities.id, t.activiteId), kind: 'left' }],
  prepare: async (_values, { body, mode, id, db }) => {
    if (body.ACTIVITE != null) {
      const [found] = await db
        .select({ id: activities.id })
        .from(activities)
        .where(eq(activities.id, Number(body.ACTIVITE)));
      if (!found) throw refuse('ACTIVITE', RISTOURNE_MSG.activityUnknown);
    }
    // One bound alone is checked against the other one stored (the table's check would answer 500).
    if (mode === 'update' && (body.VAL_MIN === undefined) !== (body.VAL_MAX === undefined)) {
      const [row] = await db.select({ min: t.valMin, max: t.valMax }).from(t).where(eq(t.id, id!));
      if (minExceedsMax(body.VAL_MIN ?? row.min, body.VAL_MAX ?? row.max)) throw refuse('VAL_MAX', MSG.minGreaterThanMax);
    }
  },
  afterWrite: async (tx, { id }) => {
    const [row] = await tx.select({ year: t.year, activity: t.activiteId, min: t.valMin, max: t.valMax, active: t.isActive }).from(t).where(eq(t.id, id));
    if (row.active !== 1) return;
    // A lock per year rather than row locks: a concurrent insert has no row to lock yet. The read
    // below is a new statement, so it sees what a write that held the lock before us committed.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ristournes'), ${row.year})`);
    const others = await tx
      .select({ id: t.id, name: t.name, valMin: t.valMin, valMax: t.valMax })
      .from(t)
      .where(and(eq(t.year, row.year), eq(t.isActive, 1), sql`${t.activiteId} is not distinct from ${row.activity}`, ne(t.id, id)));
    const clash = overlappingTier(row.min, row.max, others, id);
    if (clash) throw refuse('VAL_MIN', overlapMessage(clash));
  },
  fields: [
    { api: 'NUM_RISTOURNE', column: t.numRistourne, sort: true, export: { width: 0.6 } },
    { api: 'NAME', column: t.name, search: true, sort: 'text', export: { width: 1.6 } },
    { api: 'YEAR', column: t.year, sort: true, export: { width: 0.7 } },
    { api: 'VAL_MIN', column: t.valMin, ...decimalText, sort: true, export: { width: 1.2, format: (v) => formatMoney(v as string) } },
    { api: 'VAL_MAX', column: t.valMax, ...decimalText, sort: true, export: { width: 1.2, format: (v) => formatMoney(v as string) } },
    { api: 'PERCENTAGE', column: t.percentage, ...decimalText, sort: true, export: { width: 0.9, format: (v) => formatPercent(v as string) } },
    { api: 'REMISE', column: t.remise, ...decimalText, sort: true, export: { width: 0.8, format: (v) => formatPercent(v as string) } },
    { api: 'ACTIVITE', column: t.activiteId },
    {
      api: 'ACTIVITE_NAME',
      column: activities.name,
      search: (p) => refNameLike(t.activiteId, activities, p),
      sort: 'text',
      export: { width: 1.3, format: orEmpty },
    },
    { api: 'IS_ACTIVE', column: t.isActive, ...flag01Field, export: { width: 0.6, format: yesNo } },
  ],
  inUseMessage: MSG.inUse('cette ristourne est encore utilisée'),
});
