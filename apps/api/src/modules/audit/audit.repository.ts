import type { AuditAction } from '@app/domain';
import type { Db } from '../../db/client';
import type { CurrentUser } from '../../plugins/auth';
import { auditLog } from './audit.table';

type Tx = Pick<Db, 'insert'>;

/** Records one staff write. Called inside the write's transaction so the trail and the data agree. */
export async function audit(
  tx: Tx,
  user: Pick<CurrentUser, 'id' | 'email'> | null,
  // One list of actions, with their labels, in @app/domain (logs.ts).
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
