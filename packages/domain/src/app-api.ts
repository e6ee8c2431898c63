/**
 * The mobile app's API (issue 24 §1), served under /api/app/v1 to the clients' users (role patente,
 * CLIENT_ID set, STATUS 1). Its tokens are not the back-office's: a short-lived access token for every
 * call and a refresh token that is spent once, in a family per device (lib/auth/app-tokens.ts).
 */
export const APP_API_PREFIX = '/api/app/v1';
/** Minutes an access token lasts: the app refreshes it. */
export const APP_ACCESS_TTL_MINUTES = 15;
/** Days a refresh token lasts unused: past them the app signs in again. */
export const APP_REFRESH_TTL_DAYS = 30;
/** The OpenAPI tag of every app route. */
export const APP_API_TAG = 'Application mobile';

export const APP_MSG = {
  sessionExpired: 'Session expirée : reconnectez-vous.',
} as const;
