import { z } from 'zod';
import { queryInteger } from './fields';

/** Connection logs: the two sources, 50 rows, years from 2021. */
export const LOG_PLATFORMS = ['Back-Office', 'Application Mobile'] as const;
export type LogPlatform = (typeof LOG_PLATFORMS)[number];
export const BACK_OFFICE_PLATFORM: LogPlatform = 'Back-Office';
export const MOBILE_PLATFORM: LogPlatform = 'Application Mobile';
export const LOGS_PAGE_SIZE = 50;
export const LOGS_FIRST_YEAR = 2021;

/** The year filter's choices: the current year first, down to 2021. */
export function logYears(now = new Date()): number[] {
  const years: number[] = [];
  for (let y = Math.max(now.getFullYear(), LOGS_FIRST_YEAR); y >= LOGS_FIRST_YEAR; y--) years.push(y);
  return years;
}

/** `GET logs` filters: `platform` one of the two sources, `year` a calendar year of Tunis. */
export const logFilters = {
  platform: z.enum(LOG_PLATFORMS, { error: 'Source inconnue' }),
  year: queryInteger({ min: LOGS_FIRST_YEAR, max: 2100 }),
};

/** One connection: who signed in, from which source and device, when. */
export interface ConnectionLog {
  id: number;
  PLATFORM: string;
  DEVICE_NAME: string | null;
  DEVICE_ID: string | null;
  IP: string | null;
  CLIENT_ID: number | null;
  CLIENT: string | null;
  USER_ID: number | null;
  USER: string | null;
  DATE_LOGIN: string;
}

/**
 * The actions the audit trail records, with their French labels (the viewer, its filter, the export).
 * The security events are recorded with the account, the IP (in CHANGES.ip) and the time.
 */
export const AUDIT_ACTION_LABELS = {
  create: 'Création',
  update: 'Modification',
  delete: 'Suppression',
  reorder: 'Réordonnancement',
  media: 'Fichier',
  password: 'Mot de passe',
  profile: 'Profil',
  login: 'Connexion',
  login_failed: 'Connexion refusée',
  login_locked: 'Connexion bloquée',
  logout: 'Déconnexion',
  reset_code_sent: 'Code de réinitialisation envoyé',
  reset_code_failed: 'Code de réinitialisation refusé',
  password_reset: 'Mot de passe réinitialisé',
  email_changed: 'E-mail modifié',
  invitation: 'Invitation',
  badge_mail: 'Envoi de badge',
  secret: 'Secret renouvelé',
  resume: 'Reprise des envois',
  token_reuse: 'Jeton de l’application réutilisé (session révoquée)',
  app_register: "Inscription depuis l'application",
  app_register_taken: "Inscription depuis l'application avec un e-mail déjà utilisé (rien n'est créé)",
  // Bulk actions: one entry per call, naming the rows changed and the params (bulk.ts).
  'bulk:activate': 'Action groupée : activation',
  'bulk:deactivate': 'Action groupée : désactivation',
  'bulk:status': 'Action groupée : statut',
  'bulk:chef-zone': 'Action groupée : chef de zone',
  'bulk:badge': 'Action groupée : badge',
  'bulk:points': 'Action groupée : points offerts',
  'bulk:invite': 'Action groupée : invitation',
  'bulk:delete': 'Action groupée : suppression',
  'bulk:site': 'Action groupée : site d’expédition',
  'bulk:prepare': 'Action groupée : préparation',
  'bulk:ship': 'Action groupée : expédition',
  'bulk:visible': 'Action groupée : visible',
  'bulk:hidden': 'Action groupée : masqué',
  'bulk:new': 'Action groupée : nouveauté',
  'bulk:not-new': 'Action groupée : retrait des nouveautés',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];
export const auditActionLabel = (a: string) => (Object.hasOwn(AUDIT_ACTION_LABELS, a) ? AUDIT_ACTION_LABELS[a as AuditAction] : a);

/** The security events: sign-ins and their failures, locks, reset codes, logouts, invitation and badge mails. */
export const SECURITY_AUDIT_ACTIONS = [
  'login',
  'login_failed',
  'login_locked',
  'logout',
  'reset_code_sent',
  'reset_code_failed',
  'password_reset',
  'email_changed',
  'invitation',
  'badge_mail',
  'token_reuse',
  'app_register',
  'app_register_taken',
] as const satisfies readonly AuditAction[];

/** The action filter's group value: every security event at once (an action code otherwise). */
export const AUDIT_SECURITY_FILTER = 'security';
export const AUDIT_SECURITY_LABEL = 'Sécurité (tous les événements)';

export const AUDIT_PAGE_SIZE = 50;

/** One recorded write. CHANGES is what the write recorded: { field: [before, after] } for an update, the row for a create or delete. */
export interface AuditEntry {
  id: number;
  USER_ID: number | null;
  USER_EMAIL: string | null;
  USER: string | null;
  ACTION: string;
  ENTITY: string;
  ENTITY_ID: string | null;
  CHANGES: unknown;
  AT: string;
}

/** A field's before and after, read from a CHANGES value whatever its shape. */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The changed fields of an entry, for the viewer: an update's { field: [before, after] } pairs; a
 * create's row as afters; a delete's row as befores; anything else (a reorder's ids) as one value.
 */
export function auditChanges(action: string, changes: unknown): AuditChange[] {
  if (changes == null) return [];
  if (typeof changes !== 'object' || Array.isArray(changes)) return [{ field: '—', before: null, after: changes }];
  const entries = Object.entries(changes as Record<string, unknown>);
  if (action === 'update' && entries.every(([, v]) => Array.isArray(v) && v.length === 2)) {
    return entries.map(([field, v]) => ({ field, before: (v as unknown[])[0], after: (v as unknown[])[1] }));
  }
  if (action === 'delete') return entries.map(([field, v]) => ({ field, before: v, after: null }));
  if (action === 'create') return entries.map(([field, v]) => ({ field: apiFieldName(field), before: null, after: v }));
  return entries.map(([field, v]) => ({ field, before: null, after: v }));
}

/**
 * An early create named its fields as the table's properties (`name`,
 * `circuitId`); later ones, like updates, use the API's names (`NAME`, `CIRCUIT_ID`). The viewer reads
 * an old camelCase name as its API spelling so one record's history names a field one way.
 */
const apiFieldName = (field: string) => (/^[a-z][a-zA-Z0-9]*$/.test(field) ? field.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase() : field);

/** A recorded value as one line of text: dates and numbers as stored, objects as JSON, none as a dash. */
export function auditValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}
