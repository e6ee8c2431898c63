import { type ClientUser, clientUserBody, clientUsersMeta, ROLE, STAFF_MSG } from '@app/domain';
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { fkIn } from '../../lib/crud/list-query';
import { z } from 'zod';
import { compileResource } from '../../lib/crud/compile';
import { flag01Field, orEmpty, yesNo } from '../../lib/crud/fields';
import { defineResource } from '../../lib/crud/resource';
import { roles, users as u } from '../../lib/auth/accounts.table';
import { auditLog } from '../../lib/audit/audit.table';
import { clients } from '../../lib/clients/clients.table';

/**
 * The clients' users (mobile-app accounts: role patente, CLIENT_ID set) as the users listing
 * (/layout/contacts/users) shows them. Like the other staff lists, a scope of the users table served
 * by the module's own routes (client-users.routes.ts), compiled for its row mapping, search and sort.
 * A registration from the app whose code matched no client is here too, without a client (hence the
 * left join), until staff choose it: REQUESTED_CODE shows the code typed, CODE_OK whether it has one.
 */

/**
 * Search on the client: its code or its name, through a sub-select so the trigram indexes of
 * clients (clients_code_trgm, clients_name_trgm) stay usable.
 */
const clientLike = (pattern: string): SQL =>
  fkIn(u.clientId, sql`select ${clients.id} from ${clients} where ${or(ilike(clients.code, pattern), ilike(clients.name, pattern))}`);

/**
 * The client code typed at self-registration: kept in the registration's audit entry (modules/app
 * registerAppUser), one per account, read through audit_log_entity_idx. Null for accounts staff created.
 */
const registration = sql`${auditLog.entity} = 'client-users' and ${auditLog.action} = 'app_register'`;
const requestedCode = sql<
  string | null
>`(select ${auditLog.changes} ->> 'CODE_CLIENT' from ${auditLog} where ${registration} and ${auditLog.entityId} = ${u.id}::text order by ${auditLog.id} limit 1)`;
/** Searched like the other fields; the changes' trigram index (audit_log_changes_trgm) narrows the entries first. */
const requestedCodeLike = (pattern: string): SQL =>
  sql`${u.id}::text in (select ${auditLog.entityId} from ${auditLog} where ${registration} and (${auditLog.changes}::text) ilike ${pattern} and ${auditLog.changes} ->> 'CODE_CLIENT' ilike ${pattern})`;

export const clientUsers = compileResource(
  defineResource<ClientUser>()({
    meta: clientUsersMeta,
    tag: 'users',
    actions: { read: 'users:read', write: 'users:write' },
    table: u,
    idColumn: u.id,
    body: clientUserBody,
    joins: [
      { table: roles, on: eq(roles.id, u.roleId) },
      { table: clients, on: eq(clients.id, u.clientId), kind: 'left' },
    ],
    fields: [
      // Sorted on the users_name_sort index (sort_key(lastname), id).
      { api: 'LASTNAME', column: u.lastname, search: true, sort: 'text', export: { width: 2, format: (_v, d) => d.NAME, uses: ['NAME'] } },
      { api: 'FIRSTNAME', column: u.firstname, search: true, sort: 'text' },
      { api: 'NAME', column: sql<string>`trim(${u.lastname} || ' ' || ${u.firstname})`, schema: z.string() },
      { api: 'EMAIL', column: u.email, search: true, sort: true, export: { width: 2 } },
      { api: 'GSM', column: u.gsm, search: true, sort: true, export: { width: 1.2, format: orEmpty } },
      { api: 'CLIENT_ID', column: u.clientId },
      {
        api: 'CODE_CLIENT',
        column: clients.code,
        search: clientLike,
        sort: 'text',
        export: { width: 2, format: (_v, d) => `${d.CODE_CLIENT} ${d.CLIENT_NAME}`, uses: ['CLIENT_NAME'] },
      },
      { api: 'CLIENT_NAME', column: clients.name, sort: 'text' },
      { api: 'REQUESTED_CODE', column: requestedCode, schema: z.string().nullable(), search: requestedCodeLike },
      { api: 'CODE_OK', column: sql<boolean>`(${u.clientId} is not null)`, schema: z.boolean() },
      { api: 'GOUVERNORAT', column: u.gouvernorat, sort: true, export: { width: 1.2, format: orEmpty } },
      { api: 'GENDER', column: u.gender },
      { api: 'BIRTHDAY', column: u.birthday },
      { api: 'ROLE_ID', column: u.roleId },
      { api: 'STATUS', column: u.status, ...flag01Field, sort: true, export: { width: 0.6, format: yesNo } },
    ],
    inUseMessage: STAFF_MSG.chiefHasClients(1),
  }),
);

/**
 * Client users, but never the caller: matched by id and by email (the spec's screen matched him by
 * email). Every account of role patente, with its client or, for a registration whose code matched
 * none, still without one (such an account signs in nowhere: neither staff nor a client's user).
 */
export const clientUserScope = (caller: { id: number; email: string }, status?: number): SQL =>
  and(
    eq(roles.label, ROLE.patente),
    sql`${u.id} <> ${caller.id}`,
    sql`lower(${u.email}) <> ${caller.email.toLowerCase()}`,
    status === undefined ? undefined : eq(u.status, status),
  ) as SQL;

/** Fields of the client user's form that the back-office form does not have (PUT users/{id} writes them too). */
export const CLIENT_USER_FIELDS = ['CLIENT_ID', 'BIRTHDAY', 'GENDER', 'GOUVERNORAT'] as const;

/** Column values of the client-only fields present in a (partial) body. */
export function clientFieldValues(body: Record<string, unknown>): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of CLIENT_USER_FIELDS) if (body[key] !== undefined) picked[key] = body[key];
  return clientUsers.toValues(picked);
}
