import { PRODUCT_MSG, productOrderNewBody } from '@app/domain';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerResource } from '../../lib/crud/crud.routes';
import { productsBulkRoutes } from './products.bulk';
import { sortKey } from '../../lib/crud/list-query';
import { AppError, ok } from '../../lib/http';
import { okReply } from '../../lib/replies';
import { audit } from '../../lib/audit/audit.repository';
import { brandsResource } from './brands.resource';
import { brands, productCategories, products } from './catalogue.table';
import { productPointsResource } from './product-points.resource';
import { effectivePoints, productsResource } from './products.resource';

const productLine = z.object({
  id: z.number().int(),
  REF: z.string(),
  LABEL: z.string(),
  LABEL_AR: z.string().nullable(),
  CATEGORY_NAME: z.string().nullable(),
  PRICE_TTC: z.number(),
  POINTS: z.number().int(),
  UNITE_VENTE: z.string().nullable(),
});

/**
 * Products and brands: the generic routes plus the lookups of the product form and the
 * one-call reorder of the new products (the older product sent one call per row, 500 ms apart).
 */
export async function productsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['products'];
  const read = { action: 'products:read' as const };

  app.get(
    '/products/all',
    {
      config: read,
      schema: {
        tags,
        summary: 'Tous les produits (référence, libellés, prix TTC, points du jour), par référence',
        response: { 200: okReply(z.array(productLine)) },
      },
    },
    async () => {
      const rows = await app.db
        .select({
          id: products.id,
          REF: products.ref,
          LABEL: products.label,
          LABEL_AR: products.labelAr,
          CATEGORY_NAME: productCategories.name,
          PRICE_TTC: sql<number>`${products.priceTtc}::float8`,
          POINTS: effectivePoints,
          UNITE_VENTE: products.uniteVente,
        })
        .from(products)
        .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
        .orderBy(sortKey(products.ref), asc(products.id));
      return ok(rows.map((r) => ({ ...r, PRICE_TTC: Number(r.PRICE_TTC), POINTS: Number(r.POINTS) })));
    },
  );

  const distinct = (column: typeof products.type | typeof products.nature) => async () => {
    const rows = await app.db.selectDistinct({ v: column }).from(products).where(isNotNull(column)).orderBy(column);
    return ok(rows.map((r) => r.v as string));
  };
  app.get(
    '/products/types',
    { config: read, schema: { tags, summary: 'Types de produits connus', response: { 200: okReply(z.array(z.string())) } } },
    distinct(products.type),
  );
  app.get(
    '/products/natures',
    { config: read, schema: { tags, summary: 'Natures de produits connues', response: { 200: okReply(z.array(z.string())) } } },
    distinct(products.nature),
  );
  app.get(
    '/products/marques',
    {
      config: read,
      schema: {
        tags,
        summary: 'Marques',
        response: { 200: okReply(z.array(z.object({ id: z.number().int(), NAME: z.string(), LABEL: z.string().nullable() }))) },
      },
    },
    async () => ok(await app.db.select({ id: brands.id, NAME: brands.name, LABEL: brands.label }).from(brands).orderBy(sortKey(brands.name))),
  );

  app.put(
    '/products/order-new',
    {
      config: { action: 'products:manage' },
      schema: {
        tags,
        summary: 'Ordre des nouveaux produits : ORDER_NEW = 1..n dans l’ordre des ids, en un appel',
        body: productOrderNewBody,
        response: { 200: okReply(z.object({ ids: z.array(z.number().int()) })) },
      },
    },
    async (req) => {
      const { ids } = req.body;
      if (new Set(ids).size !== ids.length) throw new AppError(422, PRODUCT_MSG.notNew, { ids: ['Identifiants en double.'] });
      await app.db.transaction(async (tx) => {
        const found = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(inArray(products.id, ids), eq(products.isNew, 1)))
          .for('update');
        if (found.length !== ids.length) throw new AppError(422, PRODUCT_MSG.notNew, { ids: [PRODUCT_MSG.notNew] });
        const values = sql.join(
          ids.map((id, i) => sql`(${id}::int, ${i + 1}::int)`),
          sql`, `,
        );
        await tx.execute(sql`update products set order_new = v.pos, updated_at = now() from (values ${values}) as v(id, pos) where products.id = v.id`);
        await audit(tx, req.user, 'reorder', 'products', null, { ORDER_NEW: ids });
      });
      return ok({ ids });
    },
  );

  registerResource(app, productsResource);
  productsBulkRoutes(app);
  registerResource(app, brandsResource);
  registerResource(app, productPointsResource);
}
