import type { WebhookDeliveryStatus, WebhookEndpointState, WebhookEventType } from '@app/domain';

/** The webhooks API's shapes (served by the webhooks module under /api/webhooks). */
export type EndpointState = WebhookEndpointState;
export type DeliveryStatus = WebhookDeliveryStatus;

export interface WebhookEndpoint {
  ID: number;
  URL: string;
  DESCRIPTION: string | null;
  EVENTS: WebhookEventType[];
  ACTIVE: boolean;
  STATE: EndpointState;
  PAUSED_AT: string | null;
  FAILING_SINCE: string | null;
  CREATED_AT: string;
  UPDATED_AT: string;
  LAST_DELIVERY: { STATUS: DeliveryStatus; HTTP_STATUS: number | null; AT: string } | null;
  /** The signing secret masked, `whsec_…` and its last four characters: what every reply shows. */
  SECRET_MASKED: string;
}
/** The replies of the creation (POST) and of the secret's rotation only: the whole signing secret, shown once. */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  SECRET: string;
}
export interface EndpointBody {
  URL: string;
  DESCRIPTION?: string | null;
  EVENTS: WebhookEventType[];
  ACTIVE: boolean;
}
export interface Delivery {
  ID: number;
  EVENT_ID: string;
  EVENT_TYPE: string;
  ATTEMPT: number;
  STATUS: DeliveryStatus;
  HTTP_STATUS: number | null;
  DURATION_MS: number | null;
  RESPONSE_EXCERPT: string | null;
  ERROR: string | null;
  CREATED_AT: string;
  NEXT_ATTEMPT_AT: string | null;
}
export interface EventOption {
  TYPE: string;
  LABEL: string;
}
