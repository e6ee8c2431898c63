/**
 * Webhooks: what the programme tells other systems. Every event is written to the
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
export const WEBHOOK_TEST_EVENT_LABEL = 'Événement de test';

/** The colour of a state or status tag (PrimeReact Tag severities). */
export type WebhookTagSeverity = 'success' | 'info' | 'warning' | 'danger' | 'secondary';

/**
 * A delivery: one attempt chain of one event to one endpoint (lib/webhooks). `pending` waits for its
 * first attempt, `retrying` for another after a failure, then `succeeded` or `failed` for good;
 * `cancelled` when its endpoint was disabled before it went out.
 */
export const WEBHOOK_DELIVERY_STATUSES = {
  pending: { label: 'En attente', severity: 'info' },
  retrying: { label: 'Nouvel essai prévu', severity: 'warning' },
  succeeded: { label: 'Réussie', severity: 'success' },
  failed: { label: 'Échouée', severity: 'danger' },
  cancelled: { label: 'Annulée', severity: 'secondary' },
} as const satisfies Record<string, { label: string; severity: WebhookTagSeverity }>;
export type WebhookDeliveryStatus = keyof typeof WEBHOOK_DELIVERY_STATUSES;
export const WEBHOOK_DELIVERY_STATUS_CODES = Object.keys(WEBHOOK_DELIVERY_STATUSES) as WebhookDeliveryStatus[];

/** An endpoint's state: `paused` when the circuit breaker opened (an hour of failures), until `resume`. */
export const WEBHOOK_ENDPOINT_STATES = {
  active: { label: 'Actif', severity: 'success' },
  disabled: { label: 'Désactivé', severity: 'secondary' },
  paused: { label: 'En pause', severity: 'warning' },
} as const satisfies Record<string, { label: string; severity: WebhookTagSeverity }>;
export type WebhookEndpointState = keyof typeof WEBHOOK_ENDPOINT_STATES;

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 500;

/** The form's and the server's messages (422 field errors) and the delivery errors the log shows. */
export const WEBHOOK_MSG = {
  urlInvalid: 'URL invalide',
  urlHttps: 'L’URL doit commencer par https://',
  urlCredentials: 'L’URL ne doit pas contenir d’identifiant ni de mot de passe',
  urlPrivate: 'Adresse privée, locale ou réservée refusée',
  urlUnresolved: 'Nom de domaine introuvable',
  eventsRequired: 'Choisissez au moins un événement',
  eventUnknown: 'Événement inconnu',
  deleted: 'Webhook supprimé',
  /** Beside the signing secret, the one time it is shown (after the creation or a renewal). */
  secretShownOnce: 'Copiez ce secret maintenant : il ne sera plus affiché.',
} as const;

export const WEBHOOK_DELIVERY_ERRORS = {
  timeout: 'Délai dépassé',
  refused: 'Connexion refusée',
  dns: 'Nom de domaine introuvable',
  forbidden: 'Adresse privée, locale ou réservée refusée',
  redirect: 'Redirection non suivie',
  http: 'Réponse en erreur',
  network: 'Erreur réseau',
  expired: 'Abandon : aucune réussite en 24 h',
  /** A reply that cannot be stored as it came: a failure of the endpoint (toward its pause), even with a 2xx. */
  replyNul: 'Réponse illisible : caractère nul',
  replyEncoding: 'Réponse illisible : encodage invalide',
  replyTooLarge: 'Réponse trop volumineuse (plus de 64 Kio) : lecture interrompue',
  replyInterrupted: 'Réponse interrompue avant sa fin',
} as const;

/** Ends a response excerpt that was cut (the reply was longer than what the log keeps). */
export const WEBHOOK_EXCERPT_CUT = '… (tronqué)';

/**
 * The endpoint form (POST and PUT /api/webhooks): the URL's scheme and address are judged by the server
 * (https only, no private address unless WEBHOOKS_ALLOW_PRIVATE), which knows its configuration and DNS.
 */
