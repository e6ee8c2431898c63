import { z } from 'zod';
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENT_TYPES, WEBHOOK_MSG, WEBHOOK_URL_MAX, type WebhookEventType } from './webhooks';

/*
 * The endpoint form's body, apart from webhooks.ts: the screen reads the events and labels there
 * without pulling zod into its chunk.
 */
export const webhookEndpointBody = z.object({
  URL: z.string().trim().min(1, WEBHOOK_MSG.urlInvalid).max(WEBHOOK_URL_MAX),
  DESCRIPTION: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).nullable().optional(),
  EVENTS: z
    .array(z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]], { error: WEBHOOK_MSG.eventUnknown }))
    .min(1, WEBHOOK_MSG.eventsRequired)
    .max(WEBHOOK_EVENT_TYPES.length * 2),
  ACTIVE: z.boolean(),
});
export type WebhookEndpointBody = z.infer<typeof webhookEndpointBody>;
