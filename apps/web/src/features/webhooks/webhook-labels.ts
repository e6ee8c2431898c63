import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_ENDPOINT_STATES, WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT, WEBHOOK_TEST_EVENT_LABEL } from '@app/domain';

/** An endpoint's state tag (label and colour: the domain's one definition). */
export const ENDPOINT_STATE = WEBHOOK_ENDPOINT_STATES;

/** A delivery's status tag, in the order of the log's filter. */
export const DELIVERY_STATUS = WEBHOOK_DELIVERY_STATUSES;

/** An event type's French label (the test event included); an unknown type shows as sent. */
export const eventLabel = (type: string): string =>
  type === WEBHOOK_TEST_EVENT ? WEBHOOK_TEST_EVENT_LABEL : ((WEBHOOK_EVENTS as Record<string, string>)[type] ?? type);
