import { z } from 'zod';
import { calendarDate, queryInteger } from './fields';
import * as resources from './resources';

/**
 * What the audit trail records writes to, with the French label its filter shows: each resource by its
 * API path, labelled by its metadata's `audit` (declared beside the resource, so a new one needs no
 * visit here), and the areas written outside a resource of their own. The API records nothing else:
 * `audit()` takes an AuditEntity, and a written resource whose metadata names no label stops the start-up.
 */
const AREA_LABELS = {
  points: 'Points clients',
  invitations: 'Invitations',
  calculateRistourne: 'Génération des vouchers',
  pages: 'Pages du site',
  banniere: 'Bannière',
  popup: 'Pop-up',
  configs: 'Configurations',
  settings: 'Société',
  programme: 'Programme de fidélité',
  sync: 'Synchronisation',
  webhooks: 'Webhooks',
} as const;

type Meta = (typeof resources)[keyof typeof resources];
type Audited = Extract<Meta, { readonly path: string; readonly audit: string }>;
export type AuditEntity = Audited['path'] | keyof typeof AREA_LABELS;

const audited = (m: unknown): m is Audited => typeof m === 'object' && m !== null && 'path' in m && 'audit' in m;
export const AUDIT_ENTITY_LABELS = {
  ...Object.fromEntries(
    Object.values(resources)
      .filter(audited)
      .map((m) => [m.path, m.audit]),
  ),
  ...AREA_LABELS,
} as Readonly<Record<AuditEntity, string>>;
export const AUDIT_ENTITIES = Object.keys(AUDIT_ENTITY_LABELS) as AuditEntity[];
export const isAuditEntity = (e: string): e is AuditEntity => Object.hasOwn(AUDIT_ENTITY_LABELS, e);
/** An entry's entity as staff read it (an unknown one, from an older version, as stored). */
export const auditEntityLabel = (e: string) => (isAuditEntity(e) ? AUDIT_ENTITY_LABELS[e] : e);

export const AUDIT_MSG = { entityUnknown: 'Entité inconnue : choisissez-la dans la liste.' } as const;

/** Audit trail: the filters of `/layout/logs/audit`. */
export const auditFilters = {
  USER_ID: queryInteger({ min: 1 }),
  ENTITY: z.enum(AUDIT_ENTITIES, { error: AUDIT_MSG.entityUnknown }),
  /** An action code, or AUDIT_SECURITY_FILTER for all the security events. */
  ACTION: z.string().trim().min(1).max(20),
  DATE_DEBUT: calendarDate(),
  DATE_FIN: calendarDate(),
};
