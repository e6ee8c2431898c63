/**
 * Webhooks (issue 24 §2): what the programme tells other systems. Every event is written to the
 * outbox in the transaction of the change it reports (lib/webhooks/outbox.ts), then delivered to the
 * endpoints subscribed to its type.
 */
export const WEBHOOK_EVENTS = {
  'order.created': 'Commande créée',
  'order.status_changed': 'Statut de commande modifié',
  'gift_purchase.created': 'Demande de cadeau créée',
  'gift_purchase.accepted': 'Demande de cadeau acceptée',
  'gift_purchase.refused': 'Demande de cadeau refusée',
  'conversion.status_changed': "Statut d'une conversion modifié",
  'voucher.issued': 'Bon d’achat émis',
  'voucher.consumed': 'Bon d’achat consommé',
  'points.changed': 'Solde de points modifié',
  'client.created': 'Client créé',
  'client.updated': 'Client modifié',
  'sync.finished': 'Synchronisation terminée',
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];
/** The test event an admin sends from the screen: never recorded in the outbox, sent to one endpoint. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
