import { type Category, categoryBody, MSG } from '@app/domain';
import { eq } from 'drizzle-orm';
import { countExpr, refNameLike, sortKey } from '../../lib/crud/list-query';
import type { ResourceDef } from '../../lib/crud/resource';
import { clientActivities, clientCategories } from './classification.table';

const c = clientCategories;
const selection = {
  id: c.id,
  name: c.name,
  activityId: c.activityId,
  activityName: clientActivities.name,
  description: c.description,
};
type Row = { [K in keyof typeof selection]: (typeof selection)[K]['_']['data'] };

export const categoriesResource: ResourceDef<Row, Category> = {
  path: 'clients_categories',
  tag: 'classification',
  noun: 'cette catégorie',
  actions: { read: 'classification:read', write: 'classification:write' },
  table: c,
  idColumn: c.id,
  body: categoryBody,
  toValues: (b) => ({
    ...(b.NAME !== undefined && { name: b.NAME }),
    ...(b.ACTIVITE !== undefined && { activityId: b.ACTIVITE }),
    ...(b.DESCRIPTION !== undefined && { description: b.DESCRIPTION }),
  }),
  select: (db) => ({
    rows: db.select(selection).from(c).innerJoin(clientActivities, eq(clientActivities.id, c.activityId)).$dynamic() as never,
    count: db.select({ n: countExpr }).from(c).innerJoin(clientActivities, eq(clientActivities.id, c.activityId)).$dynamic() as never,
  }),
  toDto: (r) => ({ id: r.id, ID: r.id, NAME: r.name, ACTIVITE: r.activityId, ACTIVITE_NAME: r.activityName, DESCRIPTION: r.description }),
  searchColumns: [c.name, c.description, (p) => refNameLike(c.activityId, clientActivities, p)],
  sortable: { NAME: sortKey(c.name), ACTIVITE_NAME: sortKey(clientActivities.name), DESCRIPTION: c.description, id: c.id },
  defaultSort: { field: 'NAME', order: 'asc' },
  defaultPerPage: 50,
  unique: { client_categories_name_unique: { field: 'NAME', message: MSG.nameExists } },
  inUseMessage: MSG.inUse('cette catégorie est encore attribuée à des clients'),
  export: {
    fileName: 'categories-clients',
    title: 'Catégories de clients',
    orientation: 'landscape',
    columns: [
      { header: 'Nom', value: (d) => d.NAME, width: 1.5 },
      { header: 'Activité', value: (d) => d.ACTIVITE_NAME, width: 1.5 },
      { header: 'Description', value: (d) => d.DESCRIPTION ?? '', width: 3 },
    ],
  },
};
