import type { AuditAction, SECURITY_AUDIT_ACTIONS } from '@app/domain';
import type { Db } from '../../db/client';
import type { CurrentUser } from '../../plugins/auth';
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
  entity: string,
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
