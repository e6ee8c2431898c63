import { MSG, subCategoriesMeta, type SubCategory, subCategoryBody, TARIF_MSG } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { fkIn, refNameLike } from '../../lib/crud/list-query';
import { defineResource } from '../../lib/crud/resource';
import { AppError } from '../../lib/http';
import { productCategories as categories, subCategories as t } from './catalogue.table';

/** Ranges, "gammes": the category is given by its code. */
export const subCategoriesResource = defineResource<SubCategory>()({
  meta: subCategoriesMeta,
  tag: 'catalogue',
  actions: { read: 'catalogue:read', write: 'catalogue:write' },
  table: t,
  idColumn: t.id,
  body: subCategoryBody,
  joins: [{ table: categories, on: eq(categories.id, t.categoryId) }],
  prepare: async (values, { body, db }) => {
    if (body.CODE_CATEGORIE === undefined) return;
    const [found] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(sql`lower(${categories.code}) = lower(${String(body.CODE_CATEGORIE)})`)
      .limit(1);
    if (!found) throw new AppError(422, TARIF_MSG.categoryUnknown, { CODE_CATEGORIE: [TARIF_MSG.categoryUnknown] });
    values.categoryId = found.id;
  },
  fields: [
    { api: 'NAME', column: t.name, search: true, sort: 'text', export: { width: 2 } },
    { api: 'LABEL', column: t.label, sort: 'text', export: { width: 2.5 } },
    {
      api: 'CODE_CATEGORIE',
      column: categories.code,
      search: (p) => fkIn(t.categoryId, sql`select ${categories.id} from ${categories} where ${categories.code} ilike ${p}`),
      sort: 'text',
      export: { width: 1 },
    },
    { api: 'CATEGORY_ID', column: t.categoryId },
    { api: 'CATEGORY_NAME', column: categories.name, search: (p) => refNameLike(t.categoryId, categories, p) },
  ],
  inUseMessage: MSG.inUse('cette gamme est encore utilisée par des produits'),
  media: { names: { image: 'image' }, export: { header: 'Image', width: 1.5 } },
  formCreate: true,
});
