import { backOfficeUserBody, backOfficeUserUpdateBody, CLIENT_USER_MSG, clientUserBody, emailUniqueBody, listQuery, MSG, type StaffUser } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletedReply, exportParams, exportQuery, idParams, partialBody } from '../../lib/crud/schemas';
import { EXPORT_CONTENT_TYPES, sendExport } from '../../lib/exports';
import { AppError, notFound, ok } from '../../lib/http';
import { fileReply, listReply, mediaReply, okReply } from '../../lib/replies';
import { emailTakenByOther } from '../auth/auth.repository';
import { clientFieldValues } from './client-users.resource';
import { assertClientExists } from './client-users.repository';
import { findStaffUser, listScoped, SCOPE, scopedRows, toStaffUsers } from './staff.repository';
import { staffUsers as r } from './staff.resource';
import { checkRoleChange, createAccount, deleteAccount, roleForNewUser, updateAccount } from './staff.service';

const item = r.dto.extend({
  username: z.string(),
  login: z.string(),
  societe: z.object({ NAME: z.string(), MEDIA: mediaReply.nullable() }).nullable(),
}) as unknown as z.ZodType<StaffUser>;
const one = okReply(item);
const list = listReply(item);
/**
 * POST userBO: the back-office form's fields, plus the birthday, civility and governorate the users
 * table keeps (spec 1 §5 "User", stored as PUT users/{id} stores them). Never a client: a client's
 * user is created by POST client-users (invited, role patente); a CLIENT_ID here was dropped while
 * the reply said 201, so it is refused (issue 20 §3).
 */
const backOfficeCreateBody = backOfficeUserBody.extend({
  CLIENT_ID: z.null({ error: CLIENT_USER_MSG.staffNoClient }).optional(),
  BIRTHDAY: clientUserBody.shape.BIRTHDAY.nullish(),
  GENDER: clientUserBody.shape.GENDER.nullish(),
  GOUVERNORAT: clientUserBody.shape.GOUVERNORAT,
});
/** PUT users/{id}: the back-office form's fields, plus those of the client user's form (spec 1 §5). */
const accountUpdateBody = backOfficeUserUpdateBody.extend({
  CLIENT_ID: clientUserBody.shape.CLIENT_ID,
  BIRTHDAY: clientUserBody.shape.BIRTHDAY,
  GENDER: clientUserBody.shape.GENDER,
  GOUVERNORAT: clientUserBody.shape.GOUVERNORAT,
});
const read = { action: 'users:read' as const };
const write = { action: 'users:write' as const };
const tags = ['users'];
const sorts = Object.keys(r.sortable).join(', ');

/**
 * Accounts (spec 1 §7 Users): the back-office staff list, admins, by role, one account, create
 * (POST userBO), update, delete, and the email check of the forms. Passwords are written here and
 * never read back: no reply schema has them, so they cannot leave even by mistake.
 */
export async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const finish = (rows: Record<string, unknown>[]) => toStaffUsers(app.db, rows);
  const mustFind = async (id: number) => {
    const user = await findStaffUser(app.db, id);
    if (!user) throw notFound();
    return user;
  };

  app.get(
    '/back-office/users',
    {
      config: read,
      schema: {
        tags,
        summary: `Utilisateurs back-office : comptes sans client, hors rôle patente (paginé si page est donné ; tri : ${sorts})`,
        querystring: listQuery,
        response: { 200: list },
      },
    },
    async (req) => listScoped(app.db, r, SCOPE.backOffice, req.query, finish),
  );

  app.get(
    '/back-office/users/export/:format',
    {
      config: read,
      schema: { tags, summary: 'Export des utilisateurs back-office filtrés (CSV, XLSX, PDF)', params: exportParams, querystring: exportQuery, response: { 200: fileReply(EXPORT_CONTENT_TYPES) } },
    },
    async (req, reply) => {
      const { format } = req.params;
      const rows = scopedRows(app.db, r, SCOPE.backOffice, req.query, finish);
      return sendExport(reply, { format, ...r.def.export, columns: r.exportColumns, rows });
    },
  );

  app.get(
    '/users/admins',
    { config: read, schema: { tags, summary: 'Comptes de rôle admin (paginé si page est donné)', querystring: listQuery, response: { 200: list } } },
    async (req) => listScoped(app.db, r, SCOPE.admins, req.query, finish),
  );

  app.get(
    '/users',
    {
      config: read,
      schema: {
        tags,
        summary: 'Comptes d’un rôle, par son libellé (ex. role=chefZone ; paginé si page est donné)',
        querystring: listQuery.extend({ role: z.string().trim().min(1).max(60) }),
        response: { 200: list },
      },
    },
    async (req) => listScoped(app.db, r, SCOPE.role(req.query.role), req.query, finish),
  );

  app.get('/users/:id', { config: read, schema: { tags, summary: 'Un compte', params: idParams, response: { 200: one } } }, async (req) =>
    ok(await mustFind(req.params.id)),
  );

  app.post(
    '/userBO',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Créer un utilisateur back-office (un admin crée des comptes de son propre rôle ; ROLE_ID inconnu ou patente : 422). BIRTHDAY, GENDER, GOUVERNORAT facultatifs ; CLIENT_ID refusé (422) : un utilisateur de client se crée par POST client-users',
        body: backOfficeCreateBody,
        response: { 201: one },
      },
    },
    async (req, reply) => {
      const { PASSWORD, ROLE_ID, CLIENT_ID: _never, ...body } = req.body;
      const values = { ...r.toValues(body), ...clientFieldValues(body), roleId: await roleForNewUser(app.db, req.user!, ROLE_ID) };
      const id = await createAccount(app.db, req.user!, values, PASSWORD, { fields: [...Object.keys(body), 'ROLE_ID'], read: findStaffUser });
      reply.code(201);
      return ok(await mustFind(id));
    },
  );

  app.put(
    '/users/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Modifier un compte (champs partiels ; pas de mot de passe ; CLIENT_ID, BIRTHDAY, GENDER, GOUVERNORAT pour un utilisateur de client)',
        params: idParams,
        body: partialBody(accountUpdateBody),
        response: { 200: one },
      },
    },
    async (req) => {
      const before = await mustFind(req.params.id);
      const body = { ...(req.body as Record<string, unknown>) };
      // A role cannot be removed, only changed.
      if (body.ROLE_ID == null) delete body.ROLE_ID;
      else await checkRoleChange(app.db, req.user!, before, body.ROLE_ID as number);
      // A client user's own fields; a back-office account is never attached to a client.
      if (body.CLIENT_ID != null && body.CLIENT_ID !== before.CLIENT_ID) {
        if (before.CLIENT_ID == null) throw new AppError(422, MSG.invalidPayload, { CLIENT_ID: [CLIENT_USER_MSG.staffNoClient] });
        await assertClientExists(app.db, body.CLIENT_ID as number);
      }
      const values = { ...r.toValues(body), ...clientFieldValues(body) };
      await updateAccount(app.db, req.user!, before.id, values, before, (db) => findStaffUser(db, before.id));
      return ok(await mustFind(before.id));
    },
  );

  app.delete(
    '/users/:id',
    {
      config: write,
      schema: { tags, summary: 'Supprimer un compte (jamais le sien ; 409 pour un chef de zone qui a encore des clients)', params: idParams, response: { 200: deletedReply } },
    },
    async (req) => {
      const before = await mustFind(req.params.id);
      await deleteAccount(app.db, req.user!, before.id, before);
      return ok({ id: before.id });
    },
  );

  app.post(
    '/validations/email/unique',
    {
      config: read,
      schema: {
        tags,
        summary: 'L’adresse est-elle libre ? (ignore : le compte en cours de modification)',
        body: emailUniqueBody,
        response: { 200: okReply(z.object({ unique: z.boolean() })) },
      },
    },
    async (req) => ok({ unique: !(await emailTakenByOther(app.db, req.body.email, req.body.ignore ?? 0)) }),
  );
}
