import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '@app/domain';
import type { DeliveryStatus, EndpointState } from './webhooks.types';

type Severity = 'success' | 'info' | 'warning' | 'danger' | 'secondary';

/** An endpoint's state tag. */
export const ENDPOINT_STATE: Record<EndpointState, { label: string; severity: Severity }> = {
  active: { label: 'Actif', severity: 'success' },
  disabled: { label: 'Désactivé', severity: 'secondary' },
  paused: { label: 'En pause', severity: 'warning' },
};

/** A delivery's status tag, in the order of the log's filter. */
export const DELIVERY_STATUS: Record<DeliveryStatus, { label: string; severity: Severity }> = {
  pending: { label: 'En attente', severity: 'info' },
  retrying: { label: 'Nouvel essai prévu', severity: 'warning' },
  succeeded: { label: 'Réussie', severity: 'success' },
  failed: { label: 'Échouée', severity: 'danger' },
  cancelled: { label: 'Annulée', severity: 'secondary' },
};

/** An event type's French label (the test event included); an unknown type shows as sent. */
export const eventLabel = (type: string): string =>
  type === WEBHOOK_TEST_EVENT ? 'Événement de test' : ((WEBHOOK_EVENTS as Record<string, string>)[type] ?? type);
