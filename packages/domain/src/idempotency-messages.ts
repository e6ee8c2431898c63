/**
 * `Idempotency-Key`: a client may send it on the calls that move points or value; a
 * replay with the same key and the same request answers the first reply and writes nothing.
 * Optional on the back-office calls. A key is 1 to 255 visible ASCII characters (a UUID fits).
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX = 255;
/** How long a key is remembered: a replay after that runs as a new call. */
export const IDEMPOTENCY_KEPT_HOURS = 24;

export const IDEMPOTENCY_MSG = {
  invalid: `${IDEMPOTENCY_HEADER} invalide : de 1 à ${IDEMPOTENCY_KEY_MAX} caractères visibles (ASCII, sans espace).`,
  reused: `Cette clé ${IDEMPOTENCY_HEADER} a déjà servi pour une autre requête : utilisez une nouvelle clé.`,
  inProgress: 'Requête déjà en cours avec cette clé : réessayez dans un instant.',
  /** The calls where a replay would write twice and the caller is a device that retries (the app's orders). */
  required: `En-tête ${IDEMPOTENCY_HEADER} obligatoire pour cet appel : une clé nouvelle par requête (un UUID par exemple), la même pour la renvoyer.`,
} as const;
