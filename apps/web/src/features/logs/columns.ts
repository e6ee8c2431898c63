import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_SECURITY_FILTER,
  AUDIT_SECURITY_LABEL,
  auditActionLabel,
  auditEntityLabel,
  type AuditEntry,
  auditTrailMeta,
  type ConnectionLog,
  logsMeta,
} from '@app/domain';
import type { ReactNode } from 'react';
import { type ColumnDef, withLabels } from '../../components/data-table';
import { ALL } from './FilterDropdown';

/** Platform, device, client, user, date; the client and user cells open their dialog. */
export function logColumns(cells: { client: (l: ConnectionLog) => ReactNode; user: (l: ConnectionLog) => ReactNode }): ColumnDef<ConnectionLog>[] {
  return withLabels(logsMeta, [
    { field: 'PLATFORM', width: '11rem' },
    { field: 'DEVICE_NAME' },
    { field: 'CLIENT', kind: 'custom', render: cells.client },
    { field: 'USER', kind: 'custom', render: cells.user },
    { field: 'DATE_LOGIN', kind: 'datetime', width: '11rem' },
  ]);
}

/** When, who, action, entity and id, and the changed fields before and after. */
export function auditColumns(cells: {
  action: (e: AuditEntry) => ReactNode;
  changes: (e: AuditEntry) => ReactNode;
  user: (e: AuditEntry) => ReactNode;
}): ColumnDef<AuditEntry>[] {
  return withLabels(auditTrailMeta, [
    { field: 'AT', kind: 'datetime', width: '10rem' },
    { field: 'USER_EMAIL', kind: 'custom', render: cells.user, width: '14rem' },
    { field: 'ACTION', kind: 'custom', render: cells.action, width: '9rem' },
    { field: 'ENTITY', kind: 'custom', render: (e) => auditEntityLabel(e.ENTITY), width: '11rem' },
    { field: 'ENTITY_ID', width: '5rem' },
    { field: 'CHANGES', kind: 'custom', render: cells.changes },
  ]);
}

/** Every action, and the security events together (the server expands the group). */
export const AUDIT_ACTION_OPTIONS = [
  { label: 'Toutes les actions', value: ALL },
  { label: AUDIT_SECURITY_LABEL, value: AUDIT_SECURITY_FILTER },
  ...AUDIT_ACTIONS.map((a) => ({ label: auditActionLabel(a), value: a })),
];

/** Every entity by its French label, in alphabetical order: staff need not know the tables' names. */
export const AUDIT_ENTITY_OPTIONS = [
  { label: 'Toutes les entités', value: ALL },
  ...AUDIT_ENTITIES.map((e) => ({ label: auditEntityLabel(e), value: e as string })).sort((a, b) => a.label.localeCompare(b.label, 'fr')),
];
