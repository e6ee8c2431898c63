import { MSG, productCategoriesMeta, type ProductCategory, productCategoryBody, productCategoryUpdateBody } from '@app/domain';
import { defineResource } from '../../lib/crud/resource';
import { productCategories as t } from './catalogue.table';

/**
 * Product categories. POST takes form data
 * with the image (MEDIA); CODE_CATEGORIE is set once: a PUT ignores it (read-only when editing).
 */
export const productCategoriesResource = defineResource<ProductCategory>()({
  meta: productCategoriesMeta,
  tag: 'catalogue',
  actions: { read: 'catalogue:read', write: 'catalogue:write' },
  table: t,
  idColumn: t.id,
  body: productCategoryBody,
  updateBody: productCategoryUpdateBody,
  fields: [
    { api: 'CODE_CATEGORIE', column: t.code, search: true, sort: 'text', export: { width: 1 } },
    { api: 'NAME', column: t.name, search: true, sort: 'text', export: { width: 2 } },
    { api: 'LABEL', column: t.label, export: { width: 2.5 } },
    { api: 'Ordre', column: t.ordre, sort: true, export: { width: 0.7 } },
  ],
  unique: { product_categories_code_unique: { field: 'CODE_CATEGORIE', message: MSG.codeExists } },
  inUseMessage: MSG.inUse('cette catégorie est encore utilisée par des produits ou des gammes'),
  media: { names: { image: 'image' }, export: { header: 'Image', width: 1.5 } },
  formCreate: true,
});
