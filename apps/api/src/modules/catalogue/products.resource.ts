import {
  can,
  formatMoney,
  MSG,
  type Product,
  PRODUCT_MANAGED_FIELDS,
  PRODUCT_MSG,
  PRODUCT_SECTION_ID,
  productBody,
  productsMeta,
  productUpdateBody,
  queryInteger,
  ttcBelowHt,
} from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { flag01Field, moneyField, orEmpty, yesNo } from '../../lib/crud/fields';
import { refNameLike } from '../../lib/crud/list-query';
import { defineResource } from '../../lib/crud/resource';
import { AppError } from '../../lib/http';
import { brands, productCategories as categories, products as t } from './catalogue.table';
import { pointsOfDay } from './terms-of-day';

/** The points of the period covering today, else the base points: terms-of-day.ts. */
export const effectivePoints = pointsOfDay(t.id, t.points);

/**
 * Products. Several images (MEDIA is a list); a zone chief
 * reads only: creating and editing need products:write, deleting and the flags IS_NEW, ORDER_NEW and
 * VISIBLE need products:manage ('Vous n'avez pas le droit sur cette action' otherwise).
 */
export const productsResource = defineResource<Product>()({
  meta: productsMeta,
  tag: 'products',
  wholeCount: 'products',
  actions: { read: 'products:read', write: 'products:write', delete: 'products:manage' },
  table: t,
  idColumn: t.id,
  body: productBody,
  updateBody: productUpdateBody,
  joins: [
    { table: categories, on: eq(categories.id, t.categoryId), kind: 'left' },
    { table: brands, on: eq(brands.id, t.brandId), kind: 'left' },
  ],
  prepare: async (values, { user, mode, id, body, db }) => {
    // POINTS is read as the points of today's period; what is written is the base.
    if (body.POINTS !== undefined) values.points = body.POINTS;
    // A product flagged new goes last among the new ones; one no longer new leaves their order.
    if (body.IS_NEW === 0) values.orderNew = null;
    else if (body.IS_NEW === 1 && body.ORDER_NEW == null) values.orderNew = sql`(select coalesce(max(order_new), 0) + 1 from products where is_new = 1)`;
    if (mode === 'create') {
      values.sectionsId = PRODUCT_SECTION_ID;
      // A new product goes to the end of the list.
      values.position = sql`(select coalesce(max(position), 0) + 1 from products)`;
      return;
    }
    if (PRODUCT_MANAGED_FIELDS.some((f) => body[f] !== undefined) && !can(user.role, 'products:manage')) throw new AppError(403, MSG.forbidden);
    // One price sent alone is checked against the stored other one.
    if ((body.PRICE_HT === undefined) !== (body.PRICE_TTC === undefined)) {
      const [stored] = await db.select({ ht: t.priceHt, ttc: t.priceTtc }).from(t).where(eq(t.id, id!));
      if (stored && ttcBelowHt(body.PRICE_HT ?? stored.ht, body.PRICE_TTC ?? stored.ttc)) {
        throw new AppError(422, PRODUCT_MSG.ttcBelowHt, { PRICE_TTC: [PRODUCT_MSG.ttcBelowHt] });
      }
    }
  },
  filters: {
    // The new products alone, for their drag reorder.
    IS_NEW: { schema: queryInteger({ max: 1 }), where: (v: number) => eq(t.isNew, v) },
  },
  fields: [
    { api: 'position', column: t.position, sort: true, export: { width: 0.6 } },
    { api: 'REF', column: t.ref, search: true, sort: 'text', export: { width: 1.1 } },
    { api: 'LABEL', column: t.label, search: true, sort: 'text', export: { width: 2.6 } },
    { api: 'LABEL_AR', column: t.labelAr, search: true, export: { width: 3, format: orEmpty } },
    {
      api: 'CATEGORY_NAME',
      column: categories.name,
      search: (p) => refNameLike(t.categoryId, categories, p),
      sort: 'text',
      export: { width: 1.3, format: orEmpty },
    },
    { api: 'PRICE_HT', column: t.priceHt, ...moneyField, sort: true, export: { width: 1, format: (v) => formatMoney(v as number) } },
    { api: 'PRICE_TTC', column: t.priceTtc, ...moneyField, sort: true, export: { width: 1, format: (v) => formatMoney(v as number) } },
    { api: 'POINTS', column: effectivePoints, schema: z.number().int(), sort: effectivePoints, export: { width: 0.7 } },
    { api: 'IS_NEW', column: t.isNew, ...flag01Field, sort: true, export: { width: 0.7, format: yesNo } },
    { api: 'VISIBLE', column: t.visible, ...flag01Field, sort: true, export: { width: 0.7, format: yesNo } },
    { api: 'ORDER_NEW', column: t.orderNew, sort: true },
    { api: 'BASE_POINTS', column: t.points },
    { api: 'DESCRIPTION', column: t.description },
    { api: 'DESCRIPTION_AR', column: t.descriptionAr },
    { api: 'CATEGORY', column: t.categoryId },
    { api: 'BRAND_ID', column: t.brandId },
    { api: 'BRAND_NAME', column: brands.name },
    { api: 'TYPE', column: t.type },
    { api: 'NATURE', column: t.nature },
    { api: 'QTE', column: t.qte, sort: true },
    { api: 'UNITE_VENTE', column: t.uniteVente },
    { api: 'sections_id', column: t.sectionsId },
  ],
  unique: { products_ref_unique: { field: 'REF', message: PRODUCT_MSG.refExists } },
  inUseMessage: MSG.inUse('ce produit figure dans des commandes, des retours ou des tarifs'),
  media: { names: { images: 'image' }, multiple: true, export: { header: 'Image', width: 1.2 } },
});
