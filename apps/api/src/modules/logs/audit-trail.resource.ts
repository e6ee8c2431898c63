import {
  AUDIT_SECURITY_FILTER,
  auditActionLabel,
  auditChanges,
  auditEntityLabel,
  type AuditEntry,
  auditFilters,
  auditTrailMeta,
  auditValue,
  formatDateTime,
  SECURITY_AUDIT_ACTIONS,
} from '@app/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { dateTimeField, orEmpty } from '../../lib/crud/fields';
import { defineResource } from '../../lib/crud/resource';
import { auditLog as a } from '../../lib/audit/audit.table';
import { users } from '../../lib/auth/accounts.table';

const who = alias(users, 'audit_user');
const fullName = sql<string>`nullif(trim(${who.firstname} || ' ' || ${who.lastname}), '')`;
/** A calendar day of Tunis as the instant it starts. */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Africa/Tunis')`;

/**
 * The audit trail, admin only: every staff write the routes record with `audit()`,
 * in the write's own transaction, and the security events. Filters by user, entity (one of
 * AUDIT_ENTITIES, shown by its French label), action and a Tunis date range; the search box matches the
 * e-mail, the entity, its id and the values written (the CHANGES JSON as text: the new name of a circuit
 * finds its rename). Read only: a trail that can be edited is no trail.
 */
export const auditTrailResource = defineResource<AuditEntry>()({
  meta: auditTrailMeta,
  tag: 'audit',
  listOnly: true,
  actions: { read: 'audit:read', write: 'audit:read' },
  table: a,
  idColumn: a.id,
  body: z.object({}),
  joins: [{ table: who, on: eq(who.id, a.userId), kind: 'left' }],
  filters: {
    USER_ID: { schema: auditFilters.USER_ID, where: (v: number) => eq(a.userId, v) },
    ENTITY: { schema: auditFilters.ENTITY, where: (v: string) => eq(a.entity, v) },
    // `security`: every security event at once (sign-ins, failures, locks, reset codes, invitation and badge mails).
    ACTION: {
      schema: auditFilters.ACTION,
      where: (v: string) => (v === AUDIT_SECURITY_FILTER ? inArray(a.action, [...SECURITY_AUDIT_ACTIONS]) : eq(a.action, v)),
    },
    DATE_DEBUT: { schema: auditFilters.DATE_DEBUT, where: (v: string) => sql`${a.at} >= ${dayStart(v)}` },
    DATE_FIN: { schema: auditFilters.DATE_FIN, where: (v: string) => sql`${a.at} < ${dayStart(v)} + interval '1 day'` },
  },
  fields: [
    { api: 'AT', column: a.at, ...dateTimeField, sort: true, export: { width: 1.2, format: (v) => formatDateTime(v as string) } },
    { api: 'USER_ID', column: a.userId },
    { api: 'USER_EMAIL', column: a.userEmail, search: true, sort: true, export: { header: 'E-mail', width: 1.6, format: orEmpty } },
    { api: 'USER', column: fullName, schema: z.string().nullable(), export: { width: 1.4, format: orEmpty } },
    { api: 'ACTION', column: a.action, sort: true, export: { width: 1, format: (v) => auditActionLabel(v as string) } },
    { api: 'ENTITY', column: a.entity, search: true, sort: true, export: { width: 1.2, format: (v) => auditEntityLabel(v as string) } },
    { api: 'ENTITY_ID', column: a.entityId, search: true, export: { width: 0.6, format: orEmpty } },
    {
      api: 'CHANGES',
      column: a.changes,
      schema: z.unknown(),
      // Searched as text, keys and values, through the trigram index on (changes::text) (audit.table.ts).
      search: (p) => sql`${a.changes}::text ilike ${p}`,
      export: {
        header: 'Modifications',
        width: 4,
        format: (v, e) =>
          auditChanges(e.ACTION, v)
            .map((c) => `${c.field} : ${auditValue(c.before)} → ${auditValue(c.after)}`)
            .join(' ; ')
            .slice(0, 2000),
        uses: ['ACTION'],
      },
    },
  ],
  inUseMessage: 'Cette entrée est utilisée.',
});
