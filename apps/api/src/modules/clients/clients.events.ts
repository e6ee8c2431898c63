import type { WebhookEventType } from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isoSql, outboxInsertSql, recordEventsFrom } from '../../lib/webhooks/outbox';

/**
 * A client as a webhook receiver sees it (the back-office DTO's names), from the row alias `c`:
 * who it is, its classification, its state and its points, not its whole commercial record.
 */
export const clientPayloadSql = (c: string): SQL => {
  const f = (col: string) => sql.raw(`${c}.${col}`);
  return sql`jsonb_build_object(
    'ID', ${f('id')}, 'CODE_CLIENT', ${f('code_client')}, 'NAME', ${f('name')}, 'STATUS', ${f('status')}, 'IS_ACTIVE', ${f('is_active')},
    'TYPE_CLIENT_ID', ${f('type_client_id')}, 'CIRCUIT', ${f('circuit_id')}, 'ACTIVITE', ${f('activity_id')}, 'CATEGORY', ${f('category_id')},
    'BADGES_ID', ${f('badge_id')}, 'CHEF_ZONE_ID', ${f('chef_zone_id')}, 'EMAIL', ${f('email')}, 'GSM', ${f('gsm')}, 'CITY', ${f('city')},
    'GOUVERNORAT', ${f('gouvernorat')}, 'POINTS_FID', ${f('points_fid')}, 'CREATED_AT', ${isoSql(`${c}.created_at`)}, 'UPDATED_AT', ${isoSql(`${c}.updated_at`)})`;
};

/** client.created / client.updated for the rows of `rowsAlias` (a CTE over clients rows), in one statement. */
export const clientEventsSql = (type: Extract<WebhookEventType, 'client.created' | 'client.updated'>, rowsAlias: string): SQL =>
  outboxInsertSql(type, 'client', sql`select c.id, ${clientPayloadSql('c')} as payload from ${sql.raw(rowsAlias)} c order by c.id`);

/** The event of one client written in the caller's transaction, built from its row as it now stands. */
export async function recordClientEvent(tx: Db, type: Extract<WebhookEventType, 'client.created' | 'client.updated'>, id: number): Promise<void> {
  await recordEventsFrom(tx, type, 'client', sql`select c.id, ${clientPayloadSql('c')} as payload from clients c where c.id = ${id}::int`);
}
