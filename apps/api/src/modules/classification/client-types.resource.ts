import { type ClientType, clientTypeBody, MSG } from '@app/domain';
import { countExpr, sortKey } from '../../lib/crud/list-query';
import type { ResourceDef } from '../../lib/crud/resource';
import { mediaFor } from '../media/media.service';
import { clientTypes } from './classification.table';

type Row = typeof clientTypes.$inferSelect;

export const clientTypesResource: ResourceDef<Row, ClientType> = {
  path: 'typeclients',
  tag: 'classification',
  noun: 'ce type de client',
  actions: { read: 'classification:read', write: 'classification:write' },
  table: clientTypes,
  idColumn: clientTypes.id,
  body: clientTypeBody,
  toValues: (b) => ({ ...(b.NAME !== undefined && { name: b.NAME }) }),
  select: (db) => ({
    rows: db.select().from(clientTypes).$dynamic() as never,
    count: db.select({ n: countExpr }).from(clientTypes).$dynamic() as never,
  }),
  toDto: (r) => ({ id: r.id, ID: r.id, NAME: r.name, position: r.position, MEDIA: null }),
  decorate: async (db, dtos) => {
    const media = await mediaFor(db, 'typeclients', dtos.map((d) => d.id));
    for (const d of dtos) d.MEDIA = media.get(d.id) ?? null;
  },
  searchColumns: [clientTypes.name],
  sortable: { position: clientTypes.position, NAME: sortKey(clientTypes.name), id: clientTypes.id },
  defaultSort: { field: 'position', order: 'asc' },
  defaultPerPage: 50,
  unique: { client_types_name_unique: { field: 'NAME', message: MSG.nameExists } },
  inUseMessage: MSG.inUse('ce type de client est encore attribué à des clients ou des utilisateurs'),
  position: { column: clientTypes.position, key: 'position' },
  media: { names: { image: 'image' } },
  export: {
    fileName: 'types-clients',
    title: 'Types de clients',
    orientation: 'landscape',
    columns: [
      { header: 'Position', value: (d) => d.position, width: 0.5 },
      { header: 'Nom', value: (d) => d.NAME, width: 2 },
      { header: 'Image', value: (d) => d.MEDIA?.file_name ?? '', width: 2 },
    ],
  },
};
