import { WEBHOOK_DELIVERY_ERRORS, type WebhookEventType } from '@app/domain';
import type { Db } from '../../db/client';
import { webhookEvents } from '../../lib/webhooks/outbox.table';
import { webhookDeliveries, webhookEndpoints } from '../../lib/webhooks/webhooks.table';
import { newWebhookSecret } from './webhooks.service';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * Demo webhooks: two endpoints on https://exemple.invalid (a name that never resolves),
 * both disabled so that nothing is ever sent, with a log of past deliveries of each outcome the screen
 * shows: delivered, refused for good (404), abandoned after timeouts, cancelled when it was disabled.
 * No delivery is left open: a disabled endpoint's open deliveries are cancelled.
 */
export async function seedWebhooks(db: Db) {
  const [erp, crm] = await db
    .insert(webhookEndpoints)
    .values([
      {
        url: 'https://exemple.invalid/webhooks/erp',
        description: 'ERP : commandes et bons (démonstration, désactivé)',
        secret: newWebhookSecret(),
        events: ['order.created', 'order.status_changed', 'voucher.issued', 'voucher.consumed'],
        active: false,
        createdAt: ago(60 * 24 * 20),
        updatedAt: ago(60 * 2),
      },
      {
        url: 'https://exemple.invalid/hooks/crm',
        description: 'CRM : clients et points (démonstration, désactivé)',
        secret: newWebhookSecret(),
        events: ['client.created', 'client.updated', 'points.changed'],
        active: false,
        createdAt: ago(60 * 24 * 10),
        updatedAt: ago(60 * 24),
      },
    ])
    .returning();
  const story: {
    endpoint: number;
    type: WebhookEventType;
    resource: string;
    id: string;
    minutes: number;
    outcome: Partial<typeof webhookDeliveries.$inferInsert>;
  }[] = [
    {
      endpoint: erp.id,
      type: 'order.created',
      resource: 'order',
      id: '1001',
      minutes: 60 * 30,
      outcome: { status: 'succeeded', attempt: 1, httpStatus: 200, durationMs: 84, responseExcerpt: '{"ok":true}' },
    },
    {
      endpoint: erp.id,
      type: 'order.status_changed',
      resource: 'order',
      id: '1001',
      minutes: 60 * 26,
      outcome: { status: 'succeeded', attempt: 2, httpStatus: 202, durationMs: 131, responseExcerpt: 'accepted' },
    },
    {
      endpoint: erp.id,
      type: 'voucher.issued',
      resource: 'voucher',
      id: '57',
      minutes: 60 * 20,
      outcome: {
        status: 'failed',
        attempt: 1,
        httpStatus: 404,
        durationMs: 47,
        responseExcerpt: 'Not Found',
        error: `${WEBHOOK_DELIVERY_ERRORS.http} (HTTP 404)`,
      },
    },
    {
      endpoint: erp.id,
      type: 'order.created',
      resource: 'order',
      id: '1002',
      minutes: 60 * 28,
      outcome: { status: 'failed', attempt: 11, durationMs: 10_000, error: WEBHOOK_DELIVERY_ERRORS.timeout },
    },
    {
      endpoint: erp.id,
      type: 'voucher.consumed',
      resource: 'voucher',
      id: '57',
      minutes: 60 * 3,
      outcome: {
        status: 'cancelled',
        attempt: 3,
        httpStatus: 503,
        durationMs: 212,
        responseExcerpt: 'Service Unavailable',
        error: `${WEBHOOK_DELIVERY_ERRORS.http} (HTTP 503)`,
      },
    },
    {
      endpoint: crm.id,
      type: 'client.updated',
      resource: 'client',
      id: '12',
      minutes: 60 * 24 * 2,
      outcome: { status: 'succeeded', attempt: 1, httpStatus: 200, durationMs: 66, responseExcerpt: 'OK' },
    },
    {
      endpoint: crm.id,
      type: 'points.changed',
      resource: 'client',
      id: '12',
      minutes: 60 * 30,
      outcome: {
        status: 'failed',
        attempt: 1,
        httpStatus: 400,
        durationMs: 38,
        responseExcerpt: '{"error":"schema"}',
        error: `${WEBHOOK_DELIVERY_ERRORS.http} (HTTP 400)`,
      },
    },
  ];
  for (const s of story) {
    const at = ago(s.minutes);
    const [event] = await db
      .insert(webhookEvents)
      .values({ type: s.type, resource: s.resource, resourceId: s.id, payload: { ID: Number(s.id), DEMO: true }, createdAt: at, dispatchedAt: at })
      .returning();
    await db.insert(webhookDeliveries).values({
      endpointId: s.endpoint,
      eventId: event.id,
      eventType: event.type,
      eventSeq: event.seq,
      resourceKey: `${s.resource}:${s.id}`,
      createdAt: at,
      firstAttemptAt: at,
      lastAttemptAt: at,
      ...s.outcome,
    });
  }
}
