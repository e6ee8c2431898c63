import { type Circuit, circuitBody, MSG } from '@app/domain';
import { countExpr, sortKey } from '../../lib/crud/list-query';
import type { ResourceDef } from '../../lib/crud/resource';
import { clientCircuits } from './classification.table';

type Row = typeof clientCircuits.$inferSelect;

export const circuitsResource: ResourceDef<Row, Circuit> = {
  path: 'clients_circuits',
  tag: 'classification',
  noun: 'ce circuit',
  actions: { read: 'classification:read', write: 'classification:write' },
  table: clientCircuits,
  idColumn: clientCircuits.id,
  body: circuitBody,
  toValues: (b) => ({
    ...(b.NAME !== undefined && { name: b.NAME }),
    ...(b.DESCRIPTION !== undefined && { description: b.DESCRIPTION }),
  }),
  select: (db) => ({
    rows: db.select().from(clientCircuits).$dynamic() as never,
    count: db.select({ n: countExpr }).from(clientCircuits).$dynamic() as never,
  }),
  toDto: (r) => ({ id: r.id, ID: r.id, NAME: r.name, DESCRIPTION: r.description }),
  searchColumns: [clientCircuits.name, clientCircuits.description],
  sortable: { NAME: sortKey(clientCircuits.name), DESCRIPTION: clientCircuits.description, id: clientCircuits.id },
  defaultSort: { field: 'NAME', order: 'asc' },
  defaultPerPage: 50,
  unique: { client_circuits_name_unique: { field: 'NAME', message: MSG.nameExists } },
  inUseMessage: MSG.inUse('ce circuit est encore utilisé par des activités'),
  export: {
    fileName: 'circuits',
    title: 'Circuits',
    orientation: 'landscape',
    columns: [
      { header: 'Nom', value: (d) => d.NAME, width: 1 },
      { header: 'Description', value: (d) => d.DESCRIPTION ?? '', width: 3 },
    ],
  },
};
