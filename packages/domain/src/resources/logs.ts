import { AUDIT_PAGE_SIZE, type AuditEntry, type ConnectionLog, LOGS_PAGE_SIZE } from '../logs';
import type { ResourceMeta } from './meta';

export const auditTrailMeta = {
  path: 'audit',
  noun: 'cette entrée',
  perPage: AUDIT_PAGE_SIZE,
  defaultSort: { field: 'AT', order: 'desc' },
  sortable: ['AT', 'USER_EMAIL', 'ACTION', 'ENTITY'],
  labels: {
    AT: 'Date',
    USER_EMAIL: 'Utilisateur',
    ACTION: 'Action',
    ENTITY: 'Entité',
    ENTITY_ID: 'Id',
    CHANGES: 'Modifications (avant → après)',
    USER: 'Utilisateur',
  },
  export: { fileName: 'journal-audit', title: "Journal d'audit", orientation: 'landscape' },
} as const satisfies ResourceMeta<AuditEntry>;

export const logsMeta = {
  path: 'logs',
  noun: 'ce journal',
  perPage: LOGS_PAGE_SIZE,
  defaultSort: { field: 'DATE_LOGIN', order: 'desc' },
  sortable: ['PLATFORM', 'DEVICE_NAME', 'CLIENT', 'USER', 'DATE_LOGIN'],
  labels: {
    PLATFORM: 'Plateforme',
    DEVICE_NAME: 'Appareil',
    CLIENT: 'Client',
    USER: 'Utilisateur',
    DATE_LOGIN: 'Date',
  },
  export: { fileName: 'journal-connexions', title: 'Journal des connexions', orientation: 'portrait' },
} as const satisfies ResourceMeta<ConnectionLog>;
