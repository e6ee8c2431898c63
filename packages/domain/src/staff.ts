import { z } from 'zod';
import type { Media } from './classification';
import { governorate } from './clients';
import { email, flag01, integer, password, phone, queryInteger, refId, requiredText } from './fields';
import { listQuery } from './list';
import { MSG } from './messages';

/**
 * An account's STATUS, staff and client users alike: 1 may sign in, 0 may not (not validated yet, or
 * switched off; `validated_at` tells which).
 */
export const ACCOUNT_CODES = { INACTIVE: 0, ACTIVE: 1 } as const;

/**
 * Staff accounts: zone chiefs (role chefZone plus a
 * CODE_CHEF_ZONE) and back-office users. Both are rows of the one users table; the password is sent
 * on creation only and never comes back.
 */
export const STAFF_MSG = {
  selfDeactivate: 'Vous ne pouvez pas désactiver votre propre compte.',
  selfDelete: 'Vous ne pouvez pas supprimer votre propre compte.',
  selfRole: 'Vous ne pouvez pas changer votre propre rôle.',
  roleUnknown: 'Rôle inconnu.',
  roleClientOnly: 'Le rôle patente est réservé aux utilisateurs des clients.',
  roleClientUser: "Un utilisateur d'un client ne peut avoir que le rôle patente.",
  chiefHasClients: (n: number) =>
    `Suppression impossible : ce chef de zone est encore responsable de ${n} client${n > 1 ? 's' : ''}. Réaffectez ${n > 1 ? 'ces clients' : 'ce client'} à un autre chef de zone d'abord.`,
  chiefRoleHasClients: (n: number) => `Ce chef de zone est encore responsable de ${n} client${n > 1 ? 's' : ''} : réaffectez-les avant de changer son rôle.`,
  codeChefZoneExists: 'Ce code de chef de zone est déjà utilisé.',
} as const;

/** A new account's password: empty is "required", then the sign-in rule (at least 8 characters). */
const newPassword = () =>
  z
    .string({ error: MSG.required })
    .min(1, { error: MSG.required, abort: true })
    .max(200, { error: MSG.maxLength(200) })
    .pipe(password());

/** Zone chief, add dialog: password and CODE_CHEF_ZONE required. */
export const zoneChiefBody = z.object({
  CODE_CHEF_ZONE: requiredText(30),
  FIRSTNAME: requiredText(60),
  LASTNAME: requiredText(60),
  EMAIL: email(),
  GSM: phone(),
  PASSWORD: newPassword(),
  TYPE_CLIENT_ID: refId(false),
  STATUS: flag01().default(1),
});

/**
 * Zone chief, edit dialog: the password is hidden and not sent (the chief changes it himself, or
 * through the forgot-password flow). The API takes any subset of it (the STATUS switch sends one field).
 */
export const zoneChiefUpdateBody = zoneChiefBody.omit({ PASSWORD: true });

const backOfficeUserFields = {
  LASTNAME: requiredText(60),
  FIRSTNAME: requiredText(60),
  EMAIL: email(),
  GSM: phone(),
  /** Optional: an admin adder's own role is forced by the server; absent, the adder's role. */
  ROLE_ID: refId(false),
  /** The company (a client type), shown as "société". */
  TYPE_CLIENT_ID: refId(false),
  STATUS: flag01().default(1),
};

/** Back-office user, add dialog (POST userBO). */
export const backOfficeUserBody = z.object({ ...backOfficeUserFields, PASSWORD: newPassword() });
/** Back-office user, edit dialog (PUT users/{id}): no password. The API takes any subset of it. */
export const backOfficeUserUpdateBody = z.object(backOfficeUserFields);

/** POST validations/email/unique: is the address free, not counting user `ignore` (the one being edited)? */
export const emailUniqueBody = z.object({
  email: email(),
  ignore: integer({ min: 1 }).nullish(),
});

export type ZoneChiefBody = z.input<typeof zoneChiefBody>;
export type ZoneChiefUpdateBody = z.input<typeof zoneChiefUpdateBody>;
export type BackOfficeUserBody = z.input<typeof backOfficeUserBody>;
export type BackOfficeUserUpdateBody = z.input<typeof backOfficeUserUpdateBody>;
export type EmailUniqueBody = z.input<typeof emailUniqueBody>;

/** A zone chief as GET chef-zone gives it. */
export interface ZoneChief {
  id: number;
  ID: number;
  /** Set on every chief made here; a user turned chief through PUT users/{id} has none until edited. */
  CODE_CHEF_ZONE: string | null;
  FIRSTNAME: string;
  LASTNAME: string;
  /** FIRSTNAME LASTNAME. */
  username: string;
  EMAIL: string;
  GSM: string | null;
  TYPE_CLIENT_ID: number | null;
  STATUS: 0 | 1;
}

/** Any account as the users calls give it. */
export interface StaffUser {
  id: number;
  ID: number;
  FIRSTNAME: string;
  LASTNAME: string;
  username: string;
  /** The email, as the session calls name it. */
  login: string;
  EMAIL: string;
  GSM: string | null;
  ROLE_ID: number;
  /** Role label (admin, chefZone, …). */
  role: string;
  STATUS: 0 | 1;
  TYPE_CLIENT_ID: number | null;
  TYPE_CLIENT_NAME: string | null;
  /** The company: the client type with its image. */
  societe: { NAME: string; MEDIA: Media | null } | null;
  CLIENT_ID: number | null;
  CODE_CLIENT: string | null;
  CODE_CHEF_ZONE: string | null;
  GOUVERNORAT: string | null;
  GENDER: string | null;
  BIRTHDAY: string | null;
}

/** Display name of an account. */
export const fullName = (u: { FIRSTNAME?: string | null; LASTNAME?: string | null }) => `${u.FIRSTNAME ?? ''} ${u.LASTNAME ?? ''}`.trim();

// ---------------------------------------------------------------------------------------------
// Client users: the mobile-app accounts of the clients.

/**
 * Decision: /layout/contacts/users lists the programme's client users, the mobile-app accounts of
 * the clients (CLIENT_ID set, role patente). Tab "Équipe" holds STATUS 1, tab "Demandes" STATUS 0
 * (accounts waiting for validation; switching one on validates it and moves it to "Équipe"). The
 * signed-in user is never listed (matched by email on the screen, by id on the server). chefZone
 * opening the screen is sent to /layout (redirectFor) and the server refuses him: users:read is
 * admin-only.
 */
export const CLIENT_USER_TABS = [
  { key: 'equipe', label: 'Équipe', status: 1 },
  { key: 'demandes', label: 'Demandes', status: 0 },
] as const;
export type ClientUserTab = (typeof CLIENT_USER_TABS)[number]['key'];

/** Civility. */
export const GENDERS = ['M.', 'Mme'] as const;
export type Gender = (typeof GENDERS)[number];

export const CLIENT_USER_MSG = {
  gender: 'Civilité : M. ou Mme.',
  date: 'Date invalide.',
  birthdayFuture: 'La date de naissance ne peut pas être dans le futur.',
  clientUnknown: 'Client inconnu.',
  staffNoClient: 'Un compte back-office ne peut pas être rattaché à un client.',
  /** A registration whose code matched no client: the requests tab shows the code typed with this mark. */
  codeUnknown: 'Code inconnu',
  requestNeedsClient: "Choisissez le client de ce compte avant de l'activer : le code saisi à l'inscription ne correspond à aucun client.",
  requestedCodeHint: (code: string) => `Code saisi à l'inscription : ${code} (code inconnu). Choisissez le client de cette demande.`,
} as const;

/** A calendar date sent YYYY-MM-DD, a real day between 1900 and today. */
export const birthday = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required, abort: true })
    .max(10, { error: CLIENT_USER_MSG.date, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: CLIENT_USER_MSG.date, abort: true })
    .refine(
      (v) => {
        const [y, m, d] = v.split('-').map(Number);
        const date = new Date(Date.UTC(y, m - 1, d));
        return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
      },
      { error: CLIENT_USER_MSG.date, abort: true },
    )
    // Compared with today's date in the widest time zone, so no legitimate date is refused.
    .refine((v) => v <= new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10), { error: CLIENT_USER_MSG.birthdayFuture });

/** M. or Mme, required. */
export const gender = () =>
  z
    .string({ error: MSG.required })
    .min(1, { error: MSG.required, abort: true })
    .max(10, { error: CLIENT_USER_MSG.gender })
    .pipe(z.enum(GENDERS, { error: CLIENT_USER_MSG.gender }));

/** Optional governorate: empty and null clear it. */
const optionalGovernorate = () => z.preprocess((v) => (v === '' ? null : v), governorate().nullish()).transform((v) => v ?? null);

/**
 * Client user, add dialog (POST client-users) and edit (PUT users/{id}, any subset): LASTNAME,
 * FIRSTNAME, EMAIL, GSM, CLIENT_ID, BIRTHDAY and GENDER required; GOUVERNORAT optional (the client
 * user's form has CLIENT instead of it); the role optional and always patente ("New users of a
 * client may only take the role named patente": the server answers 422 for any other). No password:
 * the account is invited, and the invitation's link lets the user choose one.
 */
export const clientUserBody = z.object({
  LASTNAME: requiredText(60),
  FIRSTNAME: requiredText(60),
  EMAIL: email(),
  GSM: phone(),
  CLIENT_ID: refId(true),
  BIRTHDAY: birthday(),
  GENDER: gender(),
  GOUVERNORAT: optionalGovernorate(),
  ROLE_ID: refId(false),
  STATUS: flag01().default(1),
});
export type ClientUserBody = z.input<typeof clientUserBody>;

/** GET client-users: the list query plus the tab's STATUS (absent: both). */
export const clientUserListQuery = listQuery.extend({
  status: queryInteger({ max: 1 }).optional(),
});
export type ClientUserListQuery = z.input<typeof clientUserListQuery>;

/** A client user as GET client-users gives it. */
export interface ClientUser {
  id: number;
  ID: number;
  LASTNAME: string;
  FIRSTNAME: string;
  /** LASTNAME FIRSTNAME, as the list shows it. */
  NAME: string;
  EMAIL: string;
  GSM: string | null;
  /** Null for a registration whose code matched no client, until staff choose it. */
  CLIENT_ID: number | null;
  CODE_CLIENT: string | null;
  CLIENT_NAME: string | null;
  /** The client code typed at self-registration on the app (null for an account staff created). */
  REQUESTED_CODE: string | null;
  /** Whether the account has its client: false for a registration whose code matched none. */
  CODE_OK: boolean;
  GOUVERNORAT: string | null;
  GENDER: string | null;
  BIRTHDAY: string | null;
  ROLE_ID: number;
  STATUS: 0 | 1;
}

/** Counts of the two tabs (GET client-users/counts). */
export interface ClientUserCounts {
  team: number;
  requests: number;
}

/** The list's name: last name first. */
export const clientUserName = (u: { FIRSTNAME?: string | null; LASTNAME?: string | null }) => `${u.LASTNAME ?? ''} ${u.FIRSTNAME ?? ''}`.trim();

/** A client as pickers and lists name it: CODE_CLIENT followed by NAME. */
export const clientOptionLabel = (c: { CODE_CLIENT?: string | null; NAME?: string | null }) => `${c.CODE_CLIENT ?? ''} ${c.NAME ?? ''}`.trim();
