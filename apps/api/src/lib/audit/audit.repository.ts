import { type AuditAction, type AuditEntity, isAuditEntity, type SECURITY_AUDIT_ACTIONS } from '@app/domain';
import type { Db } from '../../db/client';
import type { CurrentUser } from '../auth/current-user';
import { auditLog } from './audit.table';

type Tx = Pick<Db, 'insert'>;
type SecurityAction = (typeof SECURITY_AUDIT_ACTIONS)[number];

/** Records one staff write. Called inside the write's transaction so the trail and the data agree. */
export async function audit(
  tx: Tx,
  /** Who acted; for a security event about an unknown account, only the e-mail that was typed. */
  user: { id: number | null; email: string | null } | Pick<CurrentUser, 'id' | 'email'> | null,
  // One list of actions, with their labels, in @app/domain (logs.ts); the security ones are SECURITY_AUDIT_ACTIONS there.
  action: AuditAction,
  // One list of entities, with the labels of the viewer's filter, in @app/domain (audit-entities.ts: each resource's `audit`).
  entity: AuditEntity,
  entityId: string | number | null,
  changes?: unknown,
) {
  await tx.insert(auditLog).values({
    userId: user?.id ?? null,
    userEmail: user?.email ?? null,
    action,
    entity,
    entityId: entityId == null ? null : String(entityId),
    changes: changes ?? null,
  });
}

/** A resource's path as the entity its writes are recorded under: a path without a label stops the start-up. */
export function auditEntity(path: string): AuditEntity {
  if (!isAuditEntity(path)) throw new Error(`${path} : entité du journal d'audit sans libellé (le champ audit de sa métadonnée dans @app/domain)`);
  return path;
}

/**
 * What a create records: the fields the body gave, named and valued as the API shows the new record
 * (`shown`, its DTO), so that a create and a later update of it name their fields alike.
 */
export function createdFields(fields: readonly string[], shown: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => Object.hasOwn(shown, f)).map((f) => [f, shown[f]]));
}

/** The fields whose value differs between two snapshots, as { field: [before, after] }. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const out: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after)) {
    const a = before[key];
    const b = after[key];
    if (JSON.stringify(a) !== JSON.stringify(b)) out[key] = [a ?? null, b ?? null];
  }
  return out;
}

/**
 * A security event about an account (or the e-mail typed, when no account has it), from an address.
 * The IP goes into `changes`, which the viewer already shows and exports.
 */
export async function auditSecurity(
  tx: Tx,
  action: SecurityAction,
  account: { id: number | null; email: string | null } | null,
  ip: string,
  details: Record<string, unknown> = {},
) {
  await audit(tx, account, action, 'users', account?.id ?? null, { ip: ip.slice(0, 64), ...details });
}
