import {
  ACCOUNT_CODES,
  backOfficeUserBody,
  backOfficeUserUpdateBody,
  CLIENT_USER_MSG,
  clientUserBody,
  emailUniqueBody,
  listQuery,
  MSG,
  ROLE,
  type StaffUser,
} from '@app/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { itemSchema, registerList, toReplies } from '../../lib/crud/crud.routes';
import { deletedReply, idParams, partialBody } from '../../lib/crud/schemas';
import { AppError, notFound, ok } from '../../lib/http';
import { okReply } from '../../lib/replies';
import { emailTakenByOther } from '../auth';
import { users } from '../../lib/auth/accounts.table';
import { clientFieldValues } from './client-users.resource';
import { assertClientExists } from './client-users.repository';
import { SCOPE } from './staff.repository';
import { staffUsers as r } from './staff.resource';
import { usersBulkRoutes } from './users.bulk';
import { checkRoleChange, createAccount, deleteAccount, roleForNewUser, updateAccount } from './staff.service';

const one = okReply(itemSchema(r) as unknown as z.ZodType<StaffUser>);

/** Any account, as the users calls show it (the users declaration's DTO with its `present` fields). */
async function findStaffUser(db: Db, id: number): Promise<StaffUser | null> {
  const [row] = await r.select(db).rows.where(eq(users.id, id)).limit(1);
  return row ? ((await toReplies(db, r, [row]))[0] as StaffUser) : null;
}

/**
 * POST userBO: the back-office form's fields, plus the birthday, civility and governorate the users
 * table keeps (stored as PUT users/{id} stores them). Never a client: a client's
 * user is created by POST client-users (invited, role patente); a CLIENT_ID here was dropped while
 * the reply said 201, so it is refused.
 */
const backOfficeCreateBody = backOfficeUserBody.extend({
  CLIENT_ID: z.null({ error: CLIENT_USER_MSG.staffNoClient }).optional(),
  BIRTHDAY: clientUserBody.shape.BIRTHDAY.nullish(),
  GENDER: clientUserBody.shape.GENDER.nullish(),
  GOUVERNORAT: clientUserBody.shape.GOUVERNORAT,
});
/** PUT users/{id}: the back-office form's fields, plus those of the client user's form. */
const accountUpdateBody = backOfficeUserUpdateBody.extend({
  CLIENT_ID: clientUserBody.shape.CLIENT_ID,
  BIRTHDAY: clientUserBody.shape.BIRTHDAY,
  GENDER: clientUserBody.shape.GENDER,
  GOUVERNORAT: clientUserBody.shape.GOUVERNORAT,
});
const read = { action: 'users:read' as const };
const write = { action: 'users:write' as const };
const tags = ['users'];

/**
 * Accounts: the back-office staff list, admins, by role, one account, create
 * (POST userBO), update, delete, and the email check of the forms. Passwords are written here and
 * never read back: no reply schema has them, so they cannot leave even by mistake.
 */
export async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const mustFind = async (id: number) => {
    const user = await findStaffUser(app.db, id);
    if (!user) throw notFound();
    return user;
  };

  // The lists are the generic router's list and export, each on its slice of the users table.
  registerList(app, r, {
    path: '/back-office/users',
    summary: 'Utilisateurs back-office : comptes sans client, hors rôle patente',
    where: () => SCOPE.backOffice,
    export: 'Export des utilisateurs back-office filtrés (CSV, XLSX, PDF)',
  });
  registerList(app, r, { path: '/users/admins', summary: 'Comptes de rôle admin', where: () => SCOPE.admins });
  registerList(app, r, {
    path: '/users',
    summary: 'Comptes d’un rôle, par son libellé (ex. role=chefZone)',
    querystring: listQuery.extend({ role: z.string().trim().min(1).max(60) }),
    where: (req) => SCOPE.role(req.query.role),
  });

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
      // A client user's own fields; a back-office account is never attached to a client. A registration
      // whose code matched no client (role patente, no client yet) gets its client here, before it may be switched on.
      const request = before.role === ROLE.patente && before.CLIENT_ID == null;
      if (body.CLIENT_ID != null && body.CLIENT_ID !== before.CLIENT_ID) {
        if (before.CLIENT_ID == null && !request) throw new AppError(422, MSG.invalidPayload, { CLIENT_ID: [CLIENT_USER_MSG.staffNoClient] });
        await assertClientExists(app.db, body.CLIENT_ID as number);
      }
      if (request && body.STATUS === ACCOUNT_CODES.ACTIVE && body.CLIENT_ID == null)
        throw new AppError(422, MSG.invalidPayload, { CLIENT_ID: [CLIENT_USER_MSG.requestNeedsClient] });
      const values = { ...r.toValues(body), ...clientFieldValues(body) };
      await updateAccount(app.db, req.user!, before.id, values, before, (db) => findStaffUser(db, before.id));
      return ok(await mustFind(before.id));
    },
  );

  app.delete(
    '/users/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Supprimer un compte (jamais le sien ; 409 pour un chef de zone qui a encore des clients)',
        params: idParams,
        response: { 200: deletedReply },
      },
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
  usersBulkRoutes(app);
}
