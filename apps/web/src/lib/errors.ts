import { MSG } from '@app/domain';
import { ApiError, configureApi, type Verb } from './api';
import { loading } from './loading';
import { session } from './session';
import { notify } from './toast';

/**
 * The error catalogue, installed once at start. Every failed call lands here unless
 * the caller asked for `silent` (it then shows its own message, and may still fall back on
 * `reportFailure`). An expired session is always handled, silent or not, as long as a session
 * existed: the sign-in screen's own 401 (no session yet) stays the screen's business.
 */
const VERB_SUMMARY: Record<Verb, string> = {
  GET: 'Erreur de chargement',
  POST: "Échec de l'ajout",
  PUT: 'Erreur de mise à jour',
  DELETE: 'Erreur de suppression',
};

/** Friendlier details for the server's short 422 messages. */
const CONFLICT_DETAIL: Record<string, string> = {
  'Email Existe': MSG.emailExists,
  'Nom Existe': 'Ce nom est déjà utilisé.',
};

let onSessionExpired: () => void = () => {};

function firstFieldError(err: ApiError): string | undefined {
  return Object.values(err.errors ?? {}).flat()[0];
}

/** Shows the catalogue's toast for a failure (used by the API hook and by silent callers). */
export function reportFailure(err: unknown, verb: Verb): void {
  if (!(err instanceof ApiError)) {
    notify.error(VERB_SUMMARY[verb], err instanceof Error ? err.message : undefined);
    return;
  }
  if (err.status === 401) {
    expireSession();
    return;
  }
  if (err.status >= 500) {
    notify.error('Erreur du serveur', 'Nous sommes désolés, une erreur inattendue est survenue. Veuillez réessayer plus tard.', 6000);
    return;
  }
  if (err.status === 422) {
    const detail = CONFLICT_DETAIL[err.message] ?? firstFieldError(err);
    notify.warn(err.message || MSG.invalidPayload, detail !== err.message ? detail : undefined, 5000);
    return;
  }
  notify.error(VERB_SUMMARY[verb], err.message);
}

function expireSession(): void {
  if (!session.token()) return;
  session.clear();
  notify.warn(MSG.sessionExpired, 'Veuillez vous reconnecter.', 4000);
  onSessionExpired();
}

export function installErrorCatalogue(opts: { onSessionExpired: () => void }): void {
  onSessionExpired = opts.onSessionExpired;
  configureApi({
    getToken: session.token,
    loading,
    onFailure(err, verb, silent) {
      if (err.status === 401) expireSession();
      else if (!silent) reportFailure(err, verb);
    },
  });
}
