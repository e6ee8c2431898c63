import { randomBytes } from 'node:crypto';
import { WEBHOOK_TEST_EVENT, type WebhookDeliveryStatus, type WebhookEndpointState, type WebhookEventType } from '@app/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookEvents } from '../../lib/webhooks/outbox.table';
import { webhookDeliveries, type webhookEndpoints } from '../../lib/webhooks/webhooks.table';
import { rowsOf } from '../../db/rows';

const iso = (v: Date | string | null | undefined) => (v == null ? null : (v instanceof Date ? v : new Date(v)).toISOString());

/** A new signing secret: 'whsec_' + 32 random bytes in base64url (the contract). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The secret as every reply but its creation's and its rotation's shows it: `whsec_…` and its last four
 * characters, enough to tell which secret a receiver holds, useless to sign with.
 */
export const maskedSecret = (secret: string) => `whsec_…${secret.slice(-4)}`;

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export const endpointState = (e: Pick<EndpointRow, 'active' | 'pausedAt'>): WebhookEndpointState => (!e.active ? 'disabled' : e.pausedAt ? 'paused' : 'active');

export interface LastDelivery {
  STATUS: WebhookDeliveryStatus;
  HTTP_STATUS: number | null;
  AT: string;
}

export function endpointDto(e: EndpointRow, last: LastDelivery | null) {
  return {
    ID: e.id,
    URL: e.url,
    DESCRIPTION: e.description,
    EVENTS: e.events as WebhookEventType[],
    ACTIVE: e.active,
    STATE: endpointState(e),
    PAUSED_AT: iso(e.pausedAt),
    FAILING_SINCE: iso(e.failingSince),
    CREATED_AT: iso(e.createdAt) as string,
    UPDATED_AT: iso(e.updatedAt) as string,
    LAST_DELIVERY: last,
    SECRET_MASKED: maskedSecret(e.secret),
  };
}

export function deliveryDto(d: DeliveryRow) {
  return {
    ID: d.id,
    EVENT_ID: d.eventId,
    EVENT_TYPE: d.eventType,
    // The attempt made last, or the first one still to come.
    ATTEMPT: Math.max(d.attempt, 1),
    STATUS: d.status as WebhookDeliveryStatus,
    HTTP_STATUS: d.httpStatus,
    DURATION_MS: d.durationMs,
    RESPONSE_EXCERPT: d.responseExcerpt,
    ERROR: d.error,
    CREATED_AT: iso(d.createdAt) as string,
    NEXT_ATTEMPT_AT: iso(d.nextAttemptAt),
  };
}

/** Each endpoint's newest delivery (one index probe per endpoint: endpoints are few). */
export async function lastDeliveries(db: Db, ids: number[]): Promise<Map<number, LastDelivery>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ endpoint_id: number; status: WebhookDeliveryStatus; http_status: number | null; at: string | Date }>(
    await db.execute(sql`
      select e.id as endpoint_id, l.status, l.http_status, l.at from unnest(${sql.param(ids)}::int[]) as e(id)
      join lateral (select d.status, d.http_status, coalesce(d.last_attempt_at, d.created_at) as at from webhook_deliveries d
        where d.endpoint_id = e.id order by d.id desc limit 1) l on true`),
  );
  return new Map(
    rows.map((r) => [Number(r.endpoint_id), { STATUS: r.status, HTTP_STATUS: r.http_status == null ? null : Number(r.http_status), AT: iso(r.at) as string }]),
  );
}

/** One endpoint with its last delivery; its secret masked (SECRET_MASKED) like everywhere. */
export async function endpointDetail(db: Db, e: EndpointRow) {
  const last = (await lastDeliveries(db, [e.id])).get(e.id) ?? null;
  return endpointDto(e, last);
}

/** The reply of the creation and of the rotation, the only ones that carry the whole secret (shown once). */
export async function endpointWithSecret(db: Db, e: EndpointRow) {
  return { ...(await endpointDetail(db, e)), SECRET: e.secret };
}

/** The endpoint's open deliveries end as `cancelled` (it was disabled: they will not go out). */
export async function cancelOpenDeliveries(tx: Db, endpointId: number) {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'cancelled', nextAttemptAt: null, lockedUntil: null })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), inArray(webhookDeliveries.status, ['pending', 'retrying'])));
}

/**
 * The `webhook.test` event of one endpoint: a synthetic row of webhook_events, written already
 * dispatched (the fan-out never sends it to anyone else), and its one delivery, pending now.
 */
export async function queueTestDelivery(tx: Db, endpoint: EndpointRow): Promise<DeliveryRow> {
  const [event] = await tx
    .insert(webhookEvents)
    .values({
      type: WEBHOOK_TEST_EVENT,
      resource: 'webhook',
      resourceId: String(endpoint.id),
      payload: { ID: endpoint.id, URL: endpoint.url, MESSAGE: 'Événement de test envoyé depuis le back-office' },
      dispatchedAt: sql`now()`,
    })
    .returning();
  const [delivery] = await tx
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint.id,
      eventId: event.id,
      eventType: event.type,
      eventSeq: event.seq,
      resourceKey: `${event.resource}:${event.resourceId}`,
      nextAttemptAt: sql`now()`,
    })
    .returning();
  return delivery;
}

/** A new attempt chain of a delivery's event to its endpoint: pending now, attempt 1. */
export async function queueRedelivery(tx: Db, from: DeliveryRow): Promise<DeliveryRow> {
  const [delivery] = await tx
    .insert(webhookDeliveries)
    .values({
      endpointId: from.endpointId,
      eventId: from.eventId,
      eventType: from.eventType,
      eventSeq: from.eventSeq,
      resourceKey: from.resourceKey,
      nextAttemptAt: sql`now()`,
    })
    .returning();
  return delivery;
}

/** An endpoint's deliveries, newest first, one page. */
export async function deliveriesPage(db: Db, endpointId: number, page: number, perPage: number, status?: WebhookDeliveryStatus) {
  const where = and(eq(webhookDeliveries.endpointId, endpointId), status ? eq(webhookDeliveries.status, status) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: Number(n) };
}
