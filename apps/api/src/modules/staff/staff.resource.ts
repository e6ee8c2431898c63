import {
  backOfficeUserUpdateBody,
  MSG,
  ROLE,
  ROLE_LABELS,
  STAFF_MSG,
  type StaffUser,
  staffUsersMeta,
  type ZoneChief,
  zoneChiefBody,
  zoneChiefsMeta,
  zoneChiefUpdateBody,
} from '@app/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { compileResource } from '../../lib/crud/compile';
import { flag01Field, orEmpty, yesNo } from '../../lib/crud/fields';
import { refNameLike } from '../../lib/crud/list-query';
import { defineResource } from '../../lib/crud/resource';
import { mediaReply } from '../../lib/replies';
import { partialBody } from '../../lib/crud/schemas';
import { mediaFor } from '../../lib/media/media.service';
import { roles, users as u } from '../../lib/auth/accounts.table';
import { clientTypes } from '../../lib/clients/classification.table';
import { clients } from '../../lib/clients/clients.table';
import { assertDeletable, chefZoneRoleId, conflict, prepareAccount } from './staff.service';

/**
 * Staff accounts are rows of `users`, each list a slice of that table. Zone chiefs are a resource of
 * the generic router on the slice of role chefZone (`where`), with the password hook and the
 * account rules of staff.service.ts. The users declaration serves the users lists through the generic
 * list and export (users.routes.ts), and the reads and writes of any account at users/{id}.
 * Fields computed after the query (username, login, societe) are added by `present`.
 */
type ZoneChiefRow = Omit<ZoneChief, 'username'>;
type StaffUserRow = Omit<StaffUser, 'username' | 'login' | 'societe'>;

const name = (d: { FIRSTNAME: string; LASTNAME: string }) => `${d.FIRSTNAME} ${d.LASTNAME}`.trim();

/** Zone chiefs: any other account's id is a 404 there. */
export const zoneChiefsResource = defineResource<ZoneChiefRow>()({
  meta: zoneChiefsMeta,
  tag: 'staff',
  actions: { read: 'chefzone:read', write: 'chefzone:write' },
  table: u,
  idColumn: u.id,
  where: eq(roles.label, ROLE.chefZone),
  // Password and code required on creation; an edit never changes the password and checks only the
  // fields it sends (a chief created without a code can still be switched off).
  body: zoneChiefBody,
  updateBody: partialBody(zoneChiefUpdateBody),
  password: { field: 'PASSWORD', column: u.passwordHash },
  async prepare(values, { user, db, mode, id }) {
    if (mode === 'create') values.roleId = await chefZoneRoleId(db);
    await prepareAccount(db, user, values, id);
  },
  beforeDelete: ({ id, user, db }) => assertDeletable(db, user, id),
  conflict,
  auditAs: 'users',
  present: { shape: { username: z.string() }, apply: (_db, dtos) => dtos.map((d) => ({ ...d, username: name(d) })) },
  joins: [{ table: roles, on: eq(roles.id, u.roleId) }],
  fields: [
    { api: 'CODE_CHEF_ZONE', column: u.codeChefZone, search: true, sort: 'text', export: { width: 1, format: orEmpty } },
    { api: 'FIRSTNAME', column: u.firstname, search: true, sort: 'text' },
    { api: 'LASTNAME', column: u.lastname, search: true, sort: 'text', export: { width: 2, format: (_v, d) => name(d), uses: ['FIRSTNAME'] } },
    { api: 'EMAIL', column: u.email, search: true, sort: true, export: { width: 2 } },
    { api: 'GSM', column: u.gsm, sort: true, export: { width: 1.2, format: orEmpty } },
    { api: 'TYPE_CLIENT_ID', column: u.typeClientId },
    { api: 'STATUS', column: u.status, ...flag01Field, sort: true, export: { width: 0.6, format: yesNo } },
  ],
  inUseMessage: MSG.inUse('ce chef de zone a encore des clients'),
});

export const staffUsers = compileResource(
  defineResource<StaffUserRow>()({
    meta: staffUsersMeta,
    tag: 'users',
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
      { api: 'LASTNAME', column: u.lastname, search: true, sort: 'text', export: { width: 2, format: (_v, d) => name(d), uses: ['FIRSTNAME'] } },
      { api: 'EMAIL', column: u.email, search: true, sort: true, export: { width: 2 } },
      { api: 'GSM', column: u.gsm, sort: true, export: { width: 1.2, format: orEmpty } },
      { api: 'ROLE_ID', column: u.roleId },
      { api: 'role', column: roles.label, sort: 'text', export: { width: 1.2, format: (v) => ROLE_LABELS[String(v)] ?? String(v) } },
      {
        api: 'TYPE_CLIENT_NAME',
        column: clientTypes.name,
        search: (p) => refNameLike(u.typeClientId, clientTypes, p),
        sort: 'text',
        export: { width: 1.5, format: orEmpty },
      },
      { api: 'TYPE_CLIENT_ID', column: u.typeClientId },
      { api: 'STATUS', column: u.status, ...flag01Field, sort: true, export: { width: 0.6, format: yesNo } },
      { api: 'CLIENT_ID', column: u.clientId },
      { api: 'CODE_CLIENT', column: clients.code },
      { api: 'CODE_CHEF_ZONE', column: u.codeChefZone },
      { api: 'GOUVERNORAT', column: u.gouvernorat },
      { api: 'GENDER', column: u.gender },
      { api: 'BIRTHDAY', column: u.birthday, schema: z.string() },
    ],
    inUseMessage: STAFF_MSG.chiefHasClients(1),
    // The display name and login, and the company with its image (looked up for the page at once).
    present: {
      shape: { username: z.string(), login: z.string(), societe: z.object({ NAME: z.string(), MEDIA: mediaReply.nullable() }).nullable() },
      async apply(db, dtos) {
        const typeIds = [...new Set(dtos.map((d) => d.TYPE_CLIENT_ID).filter((id): id is number => id != null))];
        const images = await mediaFor(db, 'typeclients', typeIds, 'image');
        return dtos.map((d) => ({
          ...d,
          username: name(d),
          login: d.EMAIL,
          societe: d.TYPE_CLIENT_ID != null && d.TYPE_CLIENT_NAME != null ? { NAME: d.TYPE_CLIENT_NAME, MEDIA: images.get(d.TYPE_CLIENT_ID) ?? null } : null,
        }));
      },
    },
  }),
);
