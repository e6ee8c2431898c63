import { randomBytes } from 'node:crypto';
import { type ClientUser, clientUserBody, clientUserListQuery, MSG, ROLE, STAFF_MSG } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { registerList } from '../../lib/crud/crud.routes';
import { AppError, notFound, ok } from '../../lib/http';
import { okReply } from '../../lib/replies';
import { roles, users } from '../../lib/auth/accounts.table';
import { assertClientExists, findClientUser } from './client-users.repository';
import { clientUserScope, clientUsers as r } from './client-users.resource';
import { roleById, roleIdByLabel } from './staff.repository';
import { createAccount } from './staff.service';

const item = r.dto as unknown as z.ZodType<ClientUser>;
const read = { action: 'users:read' as const };
const write = { action: 'users:write' as const };
const tags = ['users'];
const invalid = (errors: Record<string, string[]>) => new AppError(422, MSG.invalidPayload, errors);

/** "New users of a client may only take the role named patente": absent, it is given; another is 422. */
async function patenteRole(db: Db, requested: number | null | undefined): Promise<number> {
  const patente = await roleIdByLabel(db, ROLE.patente);
  // ensureRoles runs at every start: a missing role is a broken installation, not bad input.
  if (patente == null) throw new Error(`Rôle ${ROLE.patente} absent de la table roles`);
  if (requested == null || requested === patente) return patente;
  if (!(await roleById(db, requested))) throw invalid({ ROLE_ID: [STAFF_MSG.roleUnknown] });
  throw invalid({ ROLE_ID: [STAFF_MSG.roleClientUser] });
}

/**
 * The users listing (/layout/contacts/users): the clients' mobile-app
 * accounts. GET client-users?status=1 is the "Équipe" tab, status=0 the "Demandes" tab (accounts
 * waiting for validation); the caller is never listed. A new path rather than GET users?role=patente:
 * that call gives back-office rows (StaffUser) and its other callers keep their meaning. Edits and the
 * STATUS switch go through PUT users/{id}, which also takes the client user's fields.
 */
export async function clientUsersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  registerList(app, r, {
    path: '/client-users',
    summary: 'Utilisateurs des clients (application mobile), hors appelant ; status=1 Équipe, status=0 Demandes',
    querystring: clientUserListQuery,
    where: (req) => clientUserScope(req.user!, req.query.status),
  });

  app.get(
    '/client-users/counts',
    {
      config: read,
      schema: {
        tags,
        summary: 'Nombre d’utilisateurs des clients par onglet : team (STATUS 1), requests (STATUS 0), hors appelant',
        response: { 200: okReply(z.object({ team: z.number().int(), requests: z.number().int() })) },
      },
    },
    async (req) => {
      const counts = await app.db
        .select({ status: users.status, n: sql<number>`count(*)::int` })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(clientUserScope(req.user!))
        .groupBy(users.status);
      const of = (s: number) => Number(counts.find((c) => c.status === s)?.n ?? 0);
      return ok({ team: of(1), requests: of(0) });
    },
  );

  app.post(
    '/client-users',
    {
      config: write,
      schema: {
        tags,
        summary: 'Créer un utilisateur de client (rôle patente ; sans mot de passe : il le choisit par le lien d’invitation)',
        body: clientUserBody,
        response: { 201: okReply(item) },
      },
    },
    async (req, reply) => {
      const { ROLE_ID, ...body } = req.body;
      const roleId = await patenteRole(app.db, ROLE_ID);
      await assertClientExists(app.db, body.CLIENT_ID as number);
      // An unusable password: 256 random bits nobody ever sees. The invitation's link sets the real one.
      const id = await createAccount(app.db, req.user!, { ...r.toValues(body), roleId }, randomBytes(32).toString('base64url'), {
        fields: Object.keys(req.body),
        read: findClientUser,
      });
      reply.code(201);
      const created = await findClientUser(app.db, id);
      if (!created) throw notFound();
      return ok(created);
    },
  );
}
