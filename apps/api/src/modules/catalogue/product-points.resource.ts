import { formatDate, MSG, overlappingPeriod, PRODUCT_MSG, type ProductPoint, productPointBody, productPointsMeta } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { fkIn } from '../../lib/crud/list-query';
import { defineResource } from '../../lib/crud/resource';
import { AppError } from '../../lib/http';
import { productPoints as t, products } from './catalogue.table';

/**
 * Points of a product over a period, at the
 * spec's paths. Two periods of one product never overlap: checked after the write, in its
 * transaction, with the product's row locked, so two concurrent writes cannot both pass.
 */
export const productPointsResource = defineResource<ProductPoint>()({
  meta: productPointsMeta,
  writePaths: { create: '/products/addProductPoint', update: '/products/updateProductPoint/:id', delete: '/products/productPoint/:id' },
  tag: 'products',
  actions: { read: 'catalogue:read', write: 'catalogue:write' },
  table: t,
  idColumn: t.id,
  body: productPointBody,
  joins: [{ table: products, on: eq(products.id, t.productId) }],
  prepare: async (_values, { body, db }) => {
    if (body.PRODUCT_ID === undefined) return;
    const [found] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, Number(body.PRODUCT_ID)));
    if (!found) throw new AppError(422, PRODUCT_MSG.productUnknown, { PRODUCT_ID: [PRODUCT_MSG.productUnknown] });
  },
  afterWrite: async (tx, { id }) => {
    const [row] = await tx.select({ productId: t.productId, start: t.dateDebut, end: t.dateFin }).from(t).where(eq(t.id, id));
    // NO KEY UPDATE: the insert's foreign key already holds a KEY SHARE lock on the product, which a
    // FOR UPDATE would wait on in the other transaction (deadlock); this lock queues them instead.
    await tx.execute(sql`select id from products where id = ${row.productId} for no key update`);
    const others = await tx.select({ id: t.id, start: t.dateDebut, end: t.dateFin }).from(t).where(eq(t.productId, row.productId));
    const clash = overlappingPeriod(row.start, row.end, others, id);
    if (clash) {
      const message = PRODUCT_MSG.overlap(clash.start, clash.end);
      throw new AppError(422, message, { DATE_DEBUT: [message] });
    }
  },
  fields: [
    {
      api: 'PRODUCT_REF',
      column: products.ref,
      search: (p) => fkIn(t.productId, sql`select ${products.id} from ${products} where ${products.ref} ilike ${p} or ${products.label} ilike ${p}`),
      sort: 'text',
      export: { width: 1.2 },
    },
    { api: 'LABEL', column: products.label, sort: 'text', export: { width: 2.5 } },
    { api: 'points', column: t.points, sort: true, export: { width: 0.8 } },
    { api: 'DATE_DEBUT', column: t.dateDebut, sort: true, export: { width: 1, format: (v) => formatDate(v as string) } },
    { api: 'DATE_FIN', column: t.dateFin, sort: true, export: { width: 1, format: (v) => formatDate(v as string) } },
    { api: 'PRODUCT_ID', column: t.productId },
  ],
  inUseMessage: MSG.inUse('cette période est encore utilisée'),
});
