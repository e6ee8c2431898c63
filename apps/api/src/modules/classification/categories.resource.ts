import { categoriesMeta, type Category, categoryBody, MSG } from '@app/domain';
import { eq } from 'drizzle-orm';
import { orEmpty } from '../../lib/crud/fields';
import { refNameLike } from '../../lib/crud/list-query';
import { defineResource } from '../../lib/crud/resource';
import { clientActivities as activities, clientCategories as c } from '../../lib/clients/classification.table';

export const categoriesResource = defineResource<Category>()({
  meta: categoriesMeta,
  tag: 'classification',
  actions: { read: 'classification:read', write: 'classification:write' },
  table: c,
  idColumn: c.id,
  body: categoryBody,
  joins: [{ table: activities, on: eq(activities.id, c.activityId) }],
  fields: [
    { api: 'NAME', column: c.name, search: true, sort: 'text', export: { width: 1.5 } },
    { api: 'ACTIVITE', column: c.activityId },
    {
      api: 'ACTIVITE_NAME',
      column: activities.name,
      search: (p) => refNameLike(c.activityId, activities, p),
      sort: 'text',
      export: { width: 1.5 },
    },
    { api: 'DESCRIPTION', column: c.description, search: true, sort: true, export: { width: 3, format: orEmpty } },
  ],
  unique: { client_categories_name_unique: { field: 'NAME', message: MSG.nameExists } },
  inUseMessage: MSG.inUse('cette catégorie est encore attribuée à des clients'),
});
