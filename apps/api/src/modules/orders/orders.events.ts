import { type SQL, sql } from 'drizzle-orm';
import { isoSql } from '../../lib/webhooks/outbox';

/**
 * An order as a webhook receiver sees it (the back-office DTO's names), built in SQL from the row
 * alias `o` (an orders row or the rows an UPDATE … RETURNING gave), with more fields when asked
 * (PREVIOUS_STATUS of a status change). Small on purpose: the items stay behind the API.
 */
export const orderPayloadSql = (o: string, extra: SQL = sql``): SQL => sql`jsonb_build_object(
    'ID', ${sql.raw(o)}.id, 'NUM_ORDER', ${sql.raw(o)}.num_order, 'CLIENT_ID', ${sql.raw(o)}.client_id, 'USER_ID', ${sql.raw(o)}.user_id,
    'STATUS', ${sql.raw(o)}.status, 'TOTAL_NET_TTC', ${sql.raw(o)}.total_net_ttc, 'TOTAL_POINTS', ${sql.raw(o)}.total_points,
    'CREATED_AT', ${isoSql(`${o}.created_at`)}, 'UPDATED_AT', ${isoSql(`${o}.updated_at`)}) ${extra}`;
