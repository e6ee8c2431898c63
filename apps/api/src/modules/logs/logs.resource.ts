import { type ConnectionLog, formatDateTime, logFilters, logsMeta } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { dateTimeField, orEmpty } from '../../lib/crud/fields';
import { fkIn } from '../../lib/crud/list-query';
import { defineResource } from '../../lib/crud/resource';
import { users } from '../../lib/auth/accounts.table';
import { connectionLogs as l } from '../auth';
import { clients } from '../../lib/clients/clients.table';

const who = alias(users, 'log_user');
const fullName = sql<string>`nullif(trim(${who.firstname} || ' ' || ${who.lastname}), '')`;
/** The first instant of a Tunis calendar year. */
const yearStart = (year: number) => sql`make_timestamptz(${year}::int, 1, 1, 0, 0, 0, 'Africa/Tunis')`;

/**
 * Connection logs: every successful sign-in, from the back-office (the
 * sign-in writes it) or the mobile app. Read only: the spec's add dialog "that does nothing
 * visible" is not built. Filters `platform` and `year` (Tunis), newest first, 50 rows, exports
 * (PDF portrait).
 */
export const logsResource = defineResource<ConnectionLog>()({
  meta: logsMeta,
  tag: 'logs',
  listOnly: true,
  actions: { read: 'logs:read', write: 'logs:read' },
  table: l,
  idColumn: l.id,
  body: z.object({}),
  joins: [
    { table: clients, on: eq(clients.id, l.clientId), kind: 'left' },
    { table: who, on: eq(who.id, l.userId), kind: 'left' },
  ],
  filters: {
    platform: { schema: logFilters.platform, where: (v: string) => eq(l.platform, v) },
    year: { schema: logFilters.year, where: (v: number) => sql`${l.dateLogin} >= ${yearStart(v)} and ${l.dateLogin} < ${yearStart(v + 1)}` },
  },
  fields: [
    { api: 'PLATFORM', column: l.platform, sort: true, export: { width: 1.2 } },
    { api: 'DEVICE_NAME', column: l.deviceName, search: true, sort: true, export: { width: 1.6, format: orEmpty } },
    { api: 'DEVICE_ID', column: l.deviceId },
    { api: 'IP', column: l.ip },
    { api: 'CLIENT_ID', column: l.clientId },
    {
      api: 'CLIENT',
      column: clients.name,
      search: (p) => fkIn(l.clientId, sql`select id from clients where name ilike ${p} or code_client ilike ${p}`),
      sort: 'text',
      export: { width: 1.6, format: orEmpty },
    },
    { api: 'USER_ID', column: l.userId },
    {
      api: 'USER',
      column: fullName,
      schema: z.string().nullable(),
      search: (p) => fkIn(l.userId, sql`select id from users where lastname ilike ${p} or firstname ilike ${p} or email ilike ${p}`),
      sort: sql`public.sort_key(${fullName})`,
      export: { width: 1.6, format: orEmpty },
    },
    { api: 'DATE_LOGIN', column: l.dateLogin, ...dateTimeField, sort: true, export: { width: 1.3, format: (v) => formatDateTime(v as string) } },
  ],
  inUseMessage: 'Ce journal est utilisé.',
});
