import { type Brand, brandBody, brandsMeta, MSG } from '@app/domain';
import { orEmpty } from '../../lib/crud/fields';
import { defineResource } from '../../lib/crud/resource';
import { brands as t } from './catalogue.table';

/** Brands (NAME, LABEL); GET products/marques lists them too. */
export const brandsResource = defineResource<Brand>()({
  meta: brandsMeta,
  tag: 'products',
  actions: { read: 'catalogue:read', write: 'catalogue:write' },
  table: t,
  idColumn: t.id,
  body: brandBody,
  fields: [
    { api: 'NAME', column: t.name, search: true, sort: 'text', export: { width: 1.5 } },
    { api: 'LABEL', column: t.label, export: { width: 2.5, format: orEmpty } },
  ],
  unique: { brands_name_unique: { field: 'NAME', message: MSG.nameExists } },
  inUseMessage: MSG.inUse('cette marque est encore utilisée par des produits'),
});
