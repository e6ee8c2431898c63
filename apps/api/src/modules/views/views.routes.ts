import { canUseList, savedViewCreateBody, savedViewDefaultBody, savedViewState, savedViewUpdateBody, viewListKey, VIEWS_MSG } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../lib/crud/schemas';
import { AppError, ok } from '../../lib/http';
import { okReply } from '../../lib/replies';
import type { CurrentUser } from '../../lib/auth/current-user';
import { chooseDefault, createView, deleteView, findView, listViews, updateView } from './views.repository';

const STATE_EXAMPLE = { search: 'Sfax', sort: 'DATE_CMD', order: 'desc', perPage: 100, filters: {}, columns: ['REFERENCE', 'CLIENT_NAME', 'TOTAL', 'STATUS'] };
const view = z.object({
  ID: z.number().int(),
  LIST: z.string(),
  NAME: z.string(),
  STATE: savedViewState,
  SHARED: z.boolean(),
  MINE: z.boolean(),
  OWNER: z.string(),
  IS_DEFAULT: z.boolean(),
  UPDATED_AT: z.string(),
});
const viewReply = okReply(view).meta({
  example: {
    success: true,
    data: {
      ID: 12,
      LIST: 'orders:orders',
      NAME: 'Commandes de Sfax',
      STATE: STATE_EXAMPLE,
      SHARED: true,
      MINE: true,
      OWNER: 'Admin Démo',
      IS_DEFAULT: false,
      UPDATED_AT: '2026-11-27T08:00:00.000Z',
    },
  },
});

/**
 * A list's views are visible to whoever may open the list's screen (screens.ts, permissions.ts):
 * anyone else gets the same 404 as for a view that does not exist, so the reply says nothing.
 */
function checkList(user: CurrentUser, listKey: string) {
  if (!canUseList(user.role, listKey)) throw new AppError(404, VIEWS_MSG.notFound);
}

/**
 * Saved views of the lists, open to every signed-in staff member (`self`): each call
 * works on the caller's own views, or reads the shared views of his role. Not audited: a view
 * changes no business data, only how one list is shown (its owner and last change are on the row).
 */
export async function viewsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { action: 'self' as const };
  const tags = ['views'];

  app.get(
    '/views',
    {
      config,
      schema: {
        tags,
        summary: 'Vues enregistrées d’une liste : les miennes et celles que les membres de mon rôle partagent',
        querystring: z.strictObject({ list: viewListKey }),
        response: { 200: okReply(z.array(view)) },
      },
    },
    async (req) => {
      checkList(req.user!, req.query.list);
      return ok(await listViews(app.db, req.user!, req.query.list));
    },
  );

  app.get(
    '/views/:id',
    { config, schema: { tags, summary: 'Une vue enregistrée (404 si elle ne m’est pas visible)', params: idParams, response: { 200: viewReply } } },
    async (req) => {
      const found = await findView(app.db, req.user!, req.params.id);
      if (!found || !canUseList(req.user!.role, found.LIST)) throw new AppError(404, VIEWS_MSG.notFound);
      return ok(found);
    },
  );

  app.post(
    '/views',
    {
      config,
      schema: {
        tags,
        summary: 'Enregistre la vue courante d’une liste (50 vues par liste et par utilisateur)',
        body: savedViewCreateBody.meta({ example: { LIST: 'orders:orders', NAME: 'Commandes de Sfax', STATE: STATE_EXAMPLE, SHARED: true, DEFAULT: false } }),
        response: { 201: viewReply },
      },
    },
    async (req, reply) => {
      const b = req.body;
      checkList(req.user!, b.LIST);
      const created = await createView(app.db, req.user!, {
        listKey: b.LIST,
        name: b.NAME,
        state: b.STATE,
        shared: b.SHARED ?? false,
        isDefault: b.DEFAULT ?? false,
      });
      return reply.code(201).send(ok(created));
    },
  );

  app.put(
    '/views/default',
    {
      config,
      schema: {
        tags,
        summary: 'Choisit ma vue par défaut d’une liste (ID null : aucune)',
        body: savedViewDefaultBody.meta({ example: { LIST: 'orders:orders', ID: 12 } }),
        response: { 200: okReply(z.object({ LIST: z.string(), ID: z.number().int().nullable() })) },
      },
    },
    async (req) => {
      checkList(req.user!, req.body.LIST);
      await chooseDefault(app.db, req.user!, req.body.LIST, req.body.ID);
      return ok({ LIST: req.body.LIST, ID: req.body.ID });
    },
  );

  app.put(
    '/views/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Renomme, met à jour, partage ou retire du partage une de mes vues',
        params: idParams,
        body: savedViewUpdateBody.meta({ example: { NAME: 'Commandes de Sfax (livrées)', SHARED: false } }),
        response: { 200: viewReply },
      },
    },
    async (req) => {
      const b = req.body;
      return ok(await updateView(app.db, req.user!, req.params.id, { name: b.NAME, state: b.STATE, shared: b.SHARED }));
    },
  );

  app.delete(
    '/views/:id',
    { config, schema: { tags, summary: 'Supprime une de mes vues', params: idParams, response: { 200: okReply(z.object({ id: z.number().int() })) } } },
    async (req) => {
      await deleteView(app.db, req.user!, req.params.id);
      return ok({ id: req.params.id });
    },
  );
}
