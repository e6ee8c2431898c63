import type { WebhookEventType } from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookEvents } from './outbox.table';

export interface EventSubject {
  /** The resource's kind as receivers read it: order, gift_purchase, conversion, voucher, client, sync… */
  resource: string;
  id: number | string;
}

export interface OutboxEvent {
  type: WebhookEventType;
  subject: EventSubject;
  data: Record<string, unknown>;
}

/**
 * Records a webhook event in the caller's transaction: call it with the `tx` that writes
 * the change, never after the commit. `data` is the resource as receivers see it (API field names).
 * One insert, no read: the delivery worker does the fan-out.
 */
export async function recordEvent(tx: Db, type: WebhookEventType, subject: EventSubject, data: Record<string, unknown>): Promise<void> {
  await tx.insert(webhookEvents).values({ type, resource: subject.resource, resourceId: String(subject.id), payload: data });
}

/** Several events known in TypeScript (the rows a multi-row insert returned), in ONE insert. */
export async function recordEvents(tx: Db, events: readonly OutboxEvent[]): Promise<void> {
  if (!events.length) return;
  await tx.insert(webhookEvents).values(events.map((e) => ({ type: e.type, resource: e.subject.resource, resourceId: String(e.subject.id), payload: e.data })));
}

/**
 * The INSERT … SELECT that writes one event per row of `rows` (a query, or a CTE's name, giving
 * `id` and `payload` jsonb): a bulk write (an offer to thousands of clients, a sync, the expiry run)
 * emits its events in one statement, or as one more CTE of the statement that changes the rows,
 * so no event is read back or built in JavaScript. Rows keep their order (seq follows it).
 */
export function outboxInsertSql(type: WebhookEventType, resource: string, rows: SQL): SQL {
  return sql`insert into webhook_events (type, resource, resource_id, payload)
    select ${type}, ${resource}, e.id::text, e.payload from (${rows}) e`;
}

/** outboxInsertSql run on its own, in the caller's transaction. */
export async function recordEventsFrom(tx: Db, type: WebhookEventType, resource: string, rows: SQL): Promise<void> {
  await tx.execute(outboxInsertSql(type, resource, rows));
}

/** A timestamptz as the API shows it (Date.toISOString: UTC, milliseconds, Z), inside a jsonb payload. */
export const isoSql = (column: SQL | string): SQL =>
  sql`to_char(${typeof column === 'string' ? sql.raw(column) : column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
