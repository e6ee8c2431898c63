import { backOfficeUserUpdateBody, MSG, ROLE_LABELS, STAFF_MSG, type StaffUser, type ZoneChief, zoneChiefUpdateBody } from '@app/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { compileResource } from '../../lib/crud/compile';
import { flag01Field, orEmpty, yesNo } from '../../lib/crud/fields';
import { refNameLike } from '../../lib/crud/list-query';
import { defineResource } from '../../lib/crud/resource';
import { roles, users as u } from '../../lib/auth/accounts.table';
import { clientTypes } from '../classification/classification.table';
import { clients } from '../contacts/clients.table';

/**
 * Staff accounts are rows of `users`: each list is a scope of that table (staff.routes.ts adds it to
 * every query), so these declarations are compiled for their row mapping, search, sort, export and
 * reply schema, and served by the module's own routes rather than the generic router (which
 * cannot scope a table, nor hash a password).
 * Fields computed after the query (username, login, societe) are added by the routes.
 */
type ZoneChiefRow = Omit<ZoneChief, 'username'>;
type StaffUserRow = Omit<StaffUser, 'username' | 'login' | 'societe'>;

const name = (d: { FIRSTNAME: string; LASTNAME: string }) => `${d.FIRSTNAME} ${d.LASTNAME}`.trim();

export const zoneChiefs = compileResource(
  defineResource<ZoneChiefRow>()({
    path: 'chef-zone',
    tag: 'staff',
    noun: 'ce chef de zone',
    actions: { read: 'chefzone:read', write: 'chefzone:write' },
    table: u,
    idColumn: u.id,
    body: zoneChiefUpdateBody,
    joins: [{ table: roles, on: eq(roles.id, u.roleId) }],
    fields: [
      { api: 'CODE_CHEF_ZONE', column: u.codeChefZone, search: true, sort: 'text', export: { header: 'Code', width: 1, format: orEmpty } },
      { api: 'FIRSTNAME', column: u.firstname, search: true, sort: 'text' },
      { api: 'LASTNAME', column: u.lastname, search: true, sort: 'text', export: { header: 'Nom', width: 2, format: (_v, d) => name(d), uses: ['FIRSTNAME'] } },
      { api: 'EMAIL', column: u.email, search: true, sort: true, export: { header: 'Email', width: 2 } },
      { api: 'GSM', column: u.gsm, sort: true, export: { header: 'Téléphone', width: 1.2, format: orEmpty } },
      { api: 'TYPE_CLIENT_ID', column: u.typeClientId },
      { api: 'STATUS', column: u.status, ...flag01Field, sort: true, export: { header: 'Actif', width: 0.6, format: yesNo } },
    ],
    defaultSort: { field: 'CODE_CHEF_ZONE', order: 'asc' },
    defaultPerPage: 50,
    inUseMessage: MSG.inUse('ce chef de zone a encore des clients'),
    export: { fileName: 'chefs-de-zone', title: 'Chefs de zone', orientation: 'landscape' },
  }),
);

export const staffUsers = compileResource(
  defineResource<StaffUserRow>()({
    path: 'users',
    tag: 'users',
    noun: 'cet utilisateur',
    actions: { read: 'users:read', write: 'users:write' },
    table: u,
    idColumn: u.id,
    body: backOfficeUserUpdateBody,
    joins: [
      { table: roles, on: eq(roles.id, u.roleId) },
      { table: clientTypes, on: eq(clientTypes.id, u.typeClientId), kind: 'left' },
      { table: clients, on: eq(clients.id, u.clientId), kind: 'left' },
    ],
    fields: [
      { api: 'FIRSTNAME', column: u.firstname, search: true, sort: 'text' },
      { api: 'LASTNAME', column: u.lastname, search: true, sort: 'text', export: { header: 'Nom', width: 2, format: (_v, d) => name(d), uses: ['FIRSTNAME'] } },
      { api: 'EMAIL', column: u.email, search: true, sort: true, export: { header: 'Email', width: 2 } },
      { api: 'GSM', column: u.gsm, sort: true, export: { header: 'Téléphone', width: 1.2, format: orEmpty } },
      { api: 'ROLE_ID', column: u.roleId },
      { api: 'role', column: roles.label, sort: 'text', export: { header: 'Rôle', width: 1.2, format: (v) => ROLE_LABELS[String(v)] ?? String(v) } },
      {
        api: 'TYPE_CLIENT_NAME',
        column: clientTypes.name,
        search: (p) => refNameLike(u.typeClientId, clientTypes, p),
        sort: 'text',
        export: { header: 'Société', width: 1.5, format: orEmpty },
      },
      { api: 'TYPE_CLIENT_ID', column: u.typeClientId },
      { api: 'STATUS', column: u.status, ...flag01Field, sort: true, export: { header: 'Actif', width: 0.6, format: yesNo } },
      { api: 'CLIENT_ID', column: u.clientId },
      { api: 'CODE_CLIENT', column: clients.code },
      { api: 'CODE_CHEF_ZONE', column: u.codeChefZone },
      { api: 'GOUVERNORAT', column: u.gouvernorat },
      { api: 'GENDER', column: u.gender },
      { api: 'BIRTHDAY', column: u.birthday, schema: z.string() },
    ],
    defaultSort: { field: 'LASTNAME', order: 'asc' },
    defaultPerPage: 50,
    inUseMessage: STAFF_MSG.chiefHasClients(1),
    export: { fileName: 'utilisateurs-back-office', title: 'Utilisateurs back-office', orientation: 'landscape' },
  }),
);
