import type { WebhookEventType } from '@app/domain';
import type { Db } from '../../db/client';
import { webhookEvents } from './outbox.table';

export interface EventSubject {
  /** The resource's kind as receivers read it: order, gift_purchase, conversion, voucher, client, sync… */
  resource: string;
  id: number | string;
}

/**
 * Records a webhook event in the caller's transaction (issue 24 §2): call it with the `tx` that writes
 * the change, never after the commit. `data` is the resource as receivers see it (API field names).
 * One insert, no read: the delivery worker does the fan-out.
 */
export async function recordEvent(tx: Db, type: WebhookEventType, subject: EventSubject, data: Record<string, unknown>): Promise<void> {
  await tx.insert(webhookEvents).values({ type, resource: subject.resource, resourceId: String(subject.id), payload: data });
}
