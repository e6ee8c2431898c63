import { CLIENT_MESSAGES, CLIENT_STATUS, clientActiveBody, clientBadgeBody, clientStatusBody, listQuery, queryInteger } from '@app/domain';
import { and, asc, eq, ilike, isNotNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerResource } from '../../lib/crud/crud.routes';
import { likePattern } from '../../lib/crud/list-query';
import { idParams } from '../../lib/crud/schemas';
import { EXPORT_CONTENT_TYPES } from '../../lib/exports';
import { exportReplies } from '../../lib/exports/jobs/export-jobs.schemas';
import { AppError, notFound, ok, paged, unpaged } from '../../lib/http';
import { listReply, okReply } from '../../lib/replies';
import { checkStatusMove, statusMoveReplies } from '../../lib/status-rule';
import { audit } from '../../lib/audit/audit.repository';
import { users } from '../../lib/auth/accounts.table';
import { CLIENT_OWNED, ownClients } from '../../lib/clients/client-ownership';
import { clientsResource } from './clients.resource';
import { clients } from '../../lib/clients/clients.table';
import { assertMayChangeBadge, creditBadge } from './clients.writes';
import { recordClientEvent } from './clients.events';
import { clientsBulkRoutes } from './clients.bulk';

const codeItem = z.object({ id: z.number().int(), CODE_CLIENT: z.string(), NAME: z.string() });
const clientUser = z.object({
  id: z.number().int(),
  FIRSTNAME: z.string(),
  LASTNAME: z.string(),
  EMAIL: z.string(),
  STATUS: z.number().int(),
  CLIENT_ID: z.number().int(),
  CODE_CLIENT: z.string(),
});

/** Clients: the generic resource plus the calls the screens make around it. */
export async function clientsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['clients'];
  const read = { action: 'clients:read' as const, ...CLIENT_OWNED };
  const write = { action: 'clients:write' as const, ...CLIENT_OWNED };

  /** The client, if this user may see it (a zone chief: only his own), else 404. */
  const visible = async (id: number, user: { id: number; role: string }) => {
    const [row] = await app.db
      .select({ id: clients.id, status: clients.status, isActive: clients.isActive, badgeId: clients.badgeId })
      .from(clients)
      .where(and(eq(clients.id, id), ownClients(user)));
    if (!row) throw notFound();
    return row;
  };

  // Static paths first in the file for readers; the router prefers them over /clients/:id anyway.
  app.get(
    '/clients/codes',
    {
      config: read,
      schema: {
        tags,
        summary: 'Codes et noms des clients (sélecteurs ; paginé si page est donné ; IS_ACTIVE=1 : les clients actifs seuls)',
        querystring: listQuery.extend({ IS_ACTIVE: queryInteger({ max: 1 }).optional() }),
        response: { 200: listReply(codeItem) },
      },
    },
    async (req) => {
      const { page, perPage = 10, search, IS_ACTIVE } = req.query;
      const term = search?.trim();
      const where = and(
        ownClients(req.user!),
        term ? or(ilike(clients.code, likePattern(term)), ilike(clients.name, likePattern(term))) : undefined,
        IS_ACTIVE === undefined ? undefined : eq(clients.isActive, IS_ACTIVE),
      );
      const q = () => app.db.select({ id: clients.id, CODE_CLIENT: clients.code, NAME: clients.name }).from(clients).where(where);
      if (!page)
        return unpaged(
          (limit) => q().orderBy(sql`public.sort_key(${clients.code})`, asc(clients.id)).limit(limit),
          async () => (await app.db.select({ n: sql<number>`count(*)::int` }).from(clients).where(where))[0].n,
          (rows) => rows,
        );
      const [rows, [{ n }]] = await Promise.all([
        q()
          .orderBy(sql`public.sort_key(${clients.code})`, asc(clients.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        app.db.select({ n: sql<number>`count(*)::int` }).from(clients).where(where),
      ]);
      return paged(rows, n, page, perPage);
    },
  );

  app.get(
    '/clients/users',
    {
      config: read,
      schema: {
        tags,
        summary: 'Utilisateurs des clients (application mobile), par client si client= est donné',
        querystring: z.object({ client: queryInteger({ min: 1 }).optional() }),
        response: { 200: okReply(z.array(clientUser)) },
      },
    },
    async (req) => {
      const rows = await app.db
        .select({
          id: users.id,
          FIRSTNAME: users.firstname,
          LASTNAME: users.lastname,
          EMAIL: users.email,
          STATUS: users.status,
          CLIENT_ID: clients.id,
          CODE_CLIENT: clients.code,
        })
        .from(users)
        .innerJoin(clients, eq(clients.id, users.clientId))
        .where(and(ownClients(req.user!), req.query.client ? eq(clients.id, req.query.client) : undefined))
        .orderBy(asc(users.lastname), asc(users.id))
        .limit(5000);
      return ok(rows);
    },
  );

  app.get(
    '/clients/sites',
    { config: read, schema: { tags, summary: 'Sites de livraison connus', response: { 200: okReply(z.array(z.string())) } } },
    async (req) => {
      const rows = await app.db
        .selectDistinct({ site: clients.site })
        .from(clients)
        .where(and(isNotNull(clients.site), ownClients(req.user!)))
        .orderBy(clients.site);
      return ok(rows.map((r) => r.site!));
    },
  );

  app.get(
    '/clients/code/:code',
    {
      config: read,
      schema: {
        tags,
        summary: 'Client par son code (404 « Code Client introuvable »)',
        params: z.object({ code: z.string().max(30) }),
        response: { 200: okReply(codeItem) },
      },
    },
    async (req) => {
      const [row] = await app.db
        .select({ id: clients.id, CODE_CLIENT: clients.code, NAME: clients.name })
        .from(clients)
        .where(and(sql`lower(${clients.code}) = lower(${req.params.code})`, ownClients(req.user!)));
      if (!row) throw new AppError(404, CLIENT_MESSAGES.codeNotFound);
      return ok(row);
    },
  );

  const generic = registerResource(app, clientsResource);
  const one = okReply(z.object({ id: z.number().int(), STATUS: z.number().int(), IS_ACTIVE: z.number().int(), BADGES_ID: z.number().int().nullable() }));

  app.put(
    '/clients/status/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change le statut (0 En cours, 1 Validé, 2 Refusé)',
        params: idParams,
        body: clientStatusBody,
        response: { 200: one, ...statusMoveReplies },
      },
    },
    async (req) => {
      const before = await visible(req.params.id, req.user!);
      const STATUS = req.body.STATUS;
      await app.db.transaction(async (tx) => {
        // Under the row lock, so that of two identical changes at once the second is the 409.
        const [{ status }] = await tx.select({ status: clients.status }).from(clients).where(eq(clients.id, before.id)).for('update');
        checkStatusMove(CLIENT_STATUS, status, STATUS);
        await tx.update(clients).set({ status: STATUS, updatedAt: new Date() }).where(eq(clients.id, before.id));
        await audit(tx, req.user, 'update', 'clients', before.id, { STATUS: [status, STATUS] });
        await recordClientEvent(tx, 'client.updated', before.id);
      });
      return ok({ id: before.id, STATUS, IS_ACTIVE: before.isActive, BADGES_ID: before.badgeId });
    },
  );

  // The list's switch: PUT clients/{id} is the form's save and requires the form's fields.
  app.put(
    '/clients/active/:id',
    {
      config: write,
      schema: { tags, summary: 'Active ou désactive le client (interrupteur de la liste)', params: idParams, body: clientActiveBody, response: { 200: one } },
    },
    async (req) => {
      const before = await visible(req.params.id, req.user!);
      const IS_ACTIVE = req.body.IS_ACTIVE;
      await app.db.transaction(async (tx) => {
        await tx.update(clients).set({ isActive: IS_ACTIVE, updatedAt: new Date() }).where(eq(clients.id, before.id));
        await audit(tx, req.user, 'update', 'clients', before.id, { IS_ACTIVE: [before.isActive, IS_ACTIVE] });
        await recordClientEvent(tx, 'client.updated', before.id);
      });
      return ok({ id: before.id, STATUS: before.status, IS_ACTIVE, BADGES_ID: before.badgeId });
    },
  );

  app.put(
    '/clients/badges/:id',
    {
      config: write,
      schema: { tags, summary: 'Attribue un badge (crédite ses points bonus une fois)', params: idParams, body: clientBadgeBody, response: { 200: one } },
    },
    async (req) => {
      const before = await visible(req.params.id, req.user!);
      const badge = req.body.BADGE;
      assertMayChangeBadge(req.user!, before.badgeId, badge);
      await app.db.transaction(async (tx) => {
        await tx.update(clients).set({ badgeId: badge, updatedAt: new Date() }).where(eq(clients.id, before.id));
        if (badge && badge !== before.badgeId) await creditBadge(tx, before.id, badge, req.user!);
        await audit(tx, req.user, 'update', 'clients', before.id, { BADGES_ID: [before.badgeId, badge] });
        await recordClientEvent(tx, 'client.updated', before.id);
      });
      return ok({ id: before.id, STATUS: before.status, IS_ACTIVE: before.isActive, BADGES_ID: badge });
    },
  );

  // The screen's exports live at the top level, the PDF under clients/.
  const exportRoute = (path: string, format: 'csv' | 'xlsx', summary: string) =>
    app.get(
      path,
      { config: read, schema: { tags, summary, querystring: generic.exportQuerySchema, response: exportReplies({ [format]: EXPORT_CONTENT_TYPES[format] }) } },
      (req, reply) => generic.sendExport(req, reply, format),
    );
  exportRoute('/export/csv', 'csv', 'Export CSV de tous les clients filtrés');
  exportRoute('/export/excel', 'xlsx', 'Export Excel (clients.xlsx, une feuille « Clients ») de tous les clients filtrés');
  clientsBulkRoutes(app);
}
