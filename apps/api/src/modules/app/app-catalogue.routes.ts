import { appProductsQuery, queryInteger } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../lib/crud/schemas';
import { notFound, ok, paged } from '../../lib/http';
import { listReply, okReply } from '../../lib/replies';
import { categoriesList, productById, productsPage, rangesList } from './app-catalogue.queries';

const money = z.number().meta({ description: 'Dinars TTC, exact au millime (3 décimales)' });
const image = z.string().nullable().meta({ description: 'URL de la première image (/uploads/…), ou null' });

const appProduct = z
  .object({
    ID: z.number().int(),
    REF: z.string(),
    LABEL: z.string(),
    LABEL_AR: z.string().nullable(),
    DESCRIPTION: z.string().nullable(),
    DESCRIPTION_AR: z.string().nullable(),
    UNITE_VENTE: z.string().nullable(),
    CATEGORY_ID: z.number().int().nullable(),
    CATEGORY_NAME: z.string().nullable(),
    RANGE_ID: z.number().int().nullable(),
    RANGE_NAME: z.string().nullable(),
    BRAND_NAME: z.string().nullable(),
    IS_NEW: z.union([z.literal(0), z.literal(1)]),
    ORDER_NEW: z.number().int().nullable(),
    PRICE_TTC: money.meta({
      description: "Prix TTC unitaire appliqué aujourd'hui à ce client : tarif de son circuit couvrant le jour, sinon le prix du produit",
    }),
    BASE_PRICE_TTC: money.meta({ description: 'Prix TTC du produit hors tarif' }),
    POINTS: z.number().int().meta({ description: "Points par unité aujourd'hui : période de points couvrant le jour, sinon les points du produit" }),
    IMAGE: image,
  })
  .meta({
    example: {
      ID: 12,
      REF: 'HUI-0003',
      LABEL: 'Huile de tournesol 1 L',
      LABEL_AR: 'زيت دوار الشمس 1 ل',
      DESCRIPTION: 'Huile de tournesol, format 1 L.',
      DESCRIPTION_AR: null,
      UNITE_VENTE: 'Bouteille',
      CATEGORY_ID: 2,
      CATEGORY_NAME: 'Huiles',
      RANGE_ID: 5,
      RANGE_NAME: 'Tournesol',
      BRAND_NAME: 'Safia',
      IS_NEW: 0,
      ORDER_NEW: null,
      PRICE_TTC: 5.824,
      BASE_PRICE_TTC: 6.13,
      POINTS: 6,
      IMAGE: '/uploads/3f2a….png',
    },
  });
const appCategory = z
  .object({ ID: z.number().int(), CODE: z.string(), NAME: z.string(), LABEL: z.string(), ORDRE: z.number().int(), IMAGE: image })
  .meta({ example: { ID: 4, CODE: 'HUI', NAME: 'Huiles', LABEL: 'Huiles', ORDRE: 1, IMAGE: null } });
const appRange = z
  .object({ ID: z.number().int(), NAME: z.string(), LABEL: z.string(), CATEGORY_ID: z.number().int(), IMAGE: image })
  .meta({ example: { ID: 11, NAME: 'Huile d’olive', LABEL: 'Olive', CATEGORY_ID: 4, IMAGE: null } });
const rangesQuery = z.object({ CATEGORY_ID: queryInteger({ min: 1 }).optional() });

/**
 * The app's catalogue: visible products priced for the signed-in client
 * today, categories and ranges ("gammes", the catalogue's sub-categories).
 */
export async function appCatalogueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/products',
    {
      schema: {
        summary:
          "Produits en vente (VISIBLE 1), au prix et aux points du jour pour ce client : recherche (référence, nom), catégorie, gamme, nouveautés (new=true, dans l'ordre ORDER_NEW) ; paginé",
        querystring: appProductsQuery,
        response: { 200: listReply(appProduct) },
      },
    },
    async (req) => {
      const { page, perPage, search, CATEGORY_ID, RANGE_ID } = req.query;
      const { rows, total } = await productsPage(
        app.db,
        req.appUser!.clientId,
        { search, categoryId: CATEGORY_ID, rangeId: RANGE_ID, onlyNew: req.query.new },
        page,
        perPage,
      );
      return paged(rows, total, page, perPage);
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        summary: 'Un produit en vente, au prix et aux points du jour pour ce client (404 s’il est masqué ou inconnu)',
        params: idParams,
        response: { 200: okReply(appProduct) },
      },
    },
    async (req) => {
      const product = await productById(app.db, req.appUser!.clientId, req.params.id);
      if (!product) throw notFound();
      return ok(product);
    },
  );

  app.get('/categories', { schema: { summary: 'Catégories de produits, dans leur ordre', response: { 200: okReply(z.array(appCategory)) } } }, async () =>
    ok(await categoriesList(app.db)),
  );

  app.get(
    '/ranges',
    {
      schema: {
        summary: 'Gammes (sous-catégories) par nom, d’une catégorie si CATEGORY_ID est donné',
        querystring: rangesQuery,
        response: { 200: okReply(z.array(appRange)) },
      },
    },
    async (req) => ok(await rangesList(app.db, req.query.CATEGORY_ID)),
  );
}
