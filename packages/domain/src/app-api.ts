import { z } from 'zod';
import { email, optionalText, password, phone, requiredText } from './fields';
import { MSG } from './messages';
import { CLIENT_CODES } from './statuses';

/**
 * The mobile app's API, served under /api/app/v1 to the clients' users (role patente,
 * CLIENT_ID set, STATUS 1). Its tokens are not the back-office's: a short-lived access token for every
 * call and a refresh token that is spent once, in a family per device (lib/auth/app-tokens.ts).
 */
export const APP_API_PREFIX = '/api/app/v1';
/** Minutes an access token lasts: the app refreshes it. */
export const APP_ACCESS_TTL_MINUTES = 15;
/** Days a refresh token lasts unused: past them the app signs in again. */
export const APP_REFRESH_TTL_DAYS = 30;
/** Days a token family lasts at most, however often it is refreshed (APP_REFRESH_MAX_DAYS overrides it). */
export const APP_REFRESH_MAX_DAYS = 90;
/**
 * A client whose account is refused (STATUS 2) or switched off (« Actif » off) is suspended: its users'
 * app calls are refused while it is, and come back when staff restore it (their sessions are kept).
 */
export const APP_SUSPENDED_CLIENT_STATUS = CLIENT_CODES.REFUSED;
/** The OpenAPI tag of every app route. */
export const APP_API_TAG = 'Application mobile';

export const APP_MSG = {
  sessionExpired: 'Session expirée : reconnectez-vous.',
  /** A staff account (or any account that is not a client's user) trying the app. */
  clientUsersOnly: "L'application est réservée aux utilisateurs des clients : ce compte est un compte du back-office.",
  /** STATUS 0: a registration not validated yet, or an account staff switched off. */
  accountInactive: "Votre compte n'est pas actif : il attend la validation du programme ou a été désactivé.",
  /** The client's account is refused or switched off (« Actif »): its users' app access stops until it is back. */
  clientSuspended: 'Le compte client est suspendu : l’application n’est plus accessible. Contactez le programme.',
  signedOut: 'Déconnecté',
  registered: 'Demande d’inscription envoyée : votre compte sera actif dès sa validation par le programme.',
  deviceId: "Identifiant d'appareil invalide : 1 à 120 caractères visibles, sans espace.",
  tooManyRegistrations: "Trop de demandes d'inscription depuis cette adresse. Réessayez plus tard.",
  tooManyRefreshes: 'Trop de renouvellements de session depuis cette adresse. Réessayez plus tard.',
  tooManyRequests: (seconds: number) => `Trop de requêtes. Réessayez dans ${seconds} seconde${seconds > 1 ? 's' : ''}.`,
  credentialsChanged: 'Compte modifié',
} as const;

/**
 * Rate limits of the app API, counted in PostgreSQL (`throttles`) so that every node
 * shares them. Sign-in, refresh and registration per client address (a shop's phones may share one,
 * hence the room); every authenticated call per user, per minute (APP_RATE_PER_MINUTE overrides it).
 */
export const APP_RATE = {
  login: { max: 30, windowMinutes: 15 },
  refresh: { max: 120, windowMinutes: 15 },
  register: { max: 5, windowMinutes: 60 },
  perUserPerMinute: 300,
} as const;

/** The app's own identifier of a device: visible ASCII, no space (a UUID, an Android id). */
const DEVICE_ID_PATTERN = /^[\x21-\x7E]{1,120}$/;
const deviceId = () =>
  z.string({ error: APP_MSG.deviceId }).max(120, { error: APP_MSG.deviceId, abort: true }).regex(DEVICE_ID_PATTERN, { error: APP_MSG.deviceId });

export const appLoginBody = z.object({
  email: email(),
  password: z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(200),
  deviceId: deviceId(),
  /** Shown in the connection logs ("Samsung Galaxy A54"). */
  deviceName: optionalText(120),
  captcha: z.string().max(5000).optional(),
});
export type AppLoginBody = z.input<typeof appLoginBody>;

export const appRefreshBody = z.object({
  refreshToken: z.string({ error: MSG.required }).min(20, { error: APP_MSG.sessionExpired }).max(200, { error: APP_MSG.sessionExpired }),
});

/** PUT me: the phone, and/or a new password given with the old one (the staff's password rule). */
export const appMeBody = z.object({
  GSM: phone().optional(),
  password: z
    .object({
      old: z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(200),
      new: password(),
    })
    .optional(),
});
export type AppMeBody = z.input<typeof appMeBody>;

/** Self-registration: a users row (role patente, STATUS 0) of the client whose code is given, or of none when the code matches no client. */
export const appRegisterBody = z.object({
  CODE_CLIENT: requiredText(30),
  LASTNAME: requiredText(60),
  FIRSTNAME: requiredText(60),
  EMAIL: email(),
  GSM: phone(),
  PASSWORD: password(),
  captcha: z.string().max(5000).optional(),
});
export type AppRegisterBody = z.input<typeof appRegisterBody>;
