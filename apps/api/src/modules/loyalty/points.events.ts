import { sql } from 'drizzle-orm';
import { isoSql, outboxInsertSql } from '../../lib/webhooks/outbox';

/**
 * points.changed, one event per ledger row: a CTE reading `ledgerRows` (the rows a
 * points_ledger insert returned: id, client_id, amount, balance_after, source, source_id, reason,
 * created_at) and writing their events in the same statement as the balance and the ledger, so a
 * bulk offer to N clients costs one statement, not N inserts. The resource is the client: its points
 * and its other changes keep one order for a receiver.
 */
export const pointsEventsCte = (ledgerRows: string) =>
  outboxInsertSql(
    'points.changed',
    'client',
    sql`select r.client_id as id, jsonb_build_object(
          'CLIENT_ID', r.client_id, 'DELTA', r.amount, 'BALANCE', r.balance_after, 'SOURCE', r.source,
          'SOURCE_ID', r.source_id, 'REASON', r.reason, 'LEDGER_ID', r.id, 'CREATED_AT', ${isoSql('r.created_at')}) as payload
        from ${sql.raw(ledgerRows)} r order by r.client_id, r.id`,
  );
