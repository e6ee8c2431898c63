import { FLUX_FIRST_RECIPIENTS, type FluxDetail, fluxMeta, formatDateTime } from '@app/domain';
import { eq, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { dateTimeField } from '../../lib/crud/fields';
import { idIn } from '../../lib/crud/list-query';
import { defineResource } from '../../lib/crud/resource';
import { clientActivities } from '../../lib/clients/classification.table';
import { clients } from '../../lib/clients/clients.table';
import { flux as f, fluxActivities, fluxRecipients } from './flux.table';

/** The first recipients of each flux of a page, by client code, in one query. */
async function firstRecipients(db: Db, ids: number[]) {
  const ranked = db
    .select({
      fluxId: fluxRecipients.fluxId,
      clientId: clients.id,
      code: clients.code,
      name: clients.name,
      n: sql<number>`row_number() over (partition by ${fluxRecipients.fluxId} order by ${clients.code}, ${clients.id})`.as('n'),
    })
    .from(fluxRecipients)
    .innerJoin(clients, eq(clients.id, fluxRecipients.clientId))
    .where(idIn(fluxRecipients.fluxId, ids))
    .as('ranked');
  const rows = await db.select().from(ranked).where(lte(ranked.n, FLUX_FIRST_RECIPIENTS)).orderBy(ranked.fluxId, ranked.n);
  const out = new Map<number, FluxDetail['DESTINATION']>();
  for (const r of rows) out.set(r.fluxId, [...(out.get(r.fluxId) ?? []), { CLIENT_ID: r.clientId, CODE_CLIENT: r.code, NAME: r.name }]);
  return out;
}

async function activitiesOf(db: Db, ids: number[]) {
  const rows = await db
    .select({ fluxId: fluxActivities.fluxId, id: clientActivities.id, code: clientActivities.code, name: clientActivities.name })
    .from(fluxActivities)
    .innerJoin(clientActivities, eq(clientActivities.id, fluxActivities.activityId))
    .where(idIn(fluxActivities.fluxId, ids))
    .orderBy(fluxActivities.fluxId, clientActivities.name);
  const out = new Map<number, FluxDetail['ACTIVITIES']>();
  for (const r of rows) out.set(r.fluxId, [...(out.get(r.fluxId) ?? []), { id: r.id, CODE: r.code, NAME: r.name }]);
  return out;
}

const recipient = z.object({ CLIENT_ID: z.number().int(), CODE_CLIENT: z.string(), NAME: z.string() });
const activity = z.object({ id: z.number().int(), CODE: z.string().nullable(), NAME: z.string() });

/**
 * Flux notifications: list (newest first, 50 rows, search on the title and
 * the message's text), read with the first recipients and the activities, exports (PDF portrait).
 * The three sends and the delete are in flux.routes.ts: a flux is written with its recipients.
 */
export const fluxResource = defineResource<FluxDetail>()({
  meta: fluxMeta,
  tag: 'flux',
  listOnly: true,
  actions: { read: 'flux:read', write: 'flux:write' },
  table: f,
  idColumn: f.id,
  body: z.object({}),
  fields: [
    { api: 'TITLE', column: f.title, search: true, sort: 'text', export: { width: 1.5 } },
    { api: 'MESSAGE', column: f.message },
    { api: 'MESSAGE_TEXT', column: f.messageText, search: true, export: { width: 3 } },
    { api: 'DATE', column: f.date, ...dateTimeField, sort: true, export: { width: 1.1, format: (v) => formatDateTime(v as string) } },
    { api: 'RECIPIENTS', column: f.recipientCount, sort: true, export: { width: 0.8 } },
    { api: 'DESTINATION', schema: z.array(recipient), load: firstRecipients, read: (v) => v ?? [] },
    { api: 'ACTIVITIES', schema: z.array(activity), load: activitiesOf, read: (v) => v ?? [] },
  ],
  inUseMessage: 'Cette notification est utilisée.',
  media: { names: { image: 'image' } },
});
