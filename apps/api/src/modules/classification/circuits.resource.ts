import { type Circuit, circuitBody, circuitsMeta, MSG } from '@app/domain';
import { orEmpty } from '../../lib/crud/fields';
import { defineResource } from '../../lib/crud/resource';
import { clientCircuits as c } from '../../lib/clients/classification.table';

export const circuitsResource = defineResource<Circuit>()({
  meta: circuitsMeta,
  tag: 'classification',
  actions: { read: 'classification:read', write: 'classification:write' },
  table: c,
  idColumn: c.id,
  body: circuitBody,
  fields: [
    { api: 'NAME', column: c.name, search: true, sort: 'text', export: { width: 1 } },
    { api: 'DESCRIPTION', column: c.description, search: true, sort: true, export: { width: 3, format: orEmpty } },
  ],
  unique: { client_circuits_name_unique: { field: 'NAME', message: MSG.nameExists } },
  inUseMessage: MSG.inUse('ce circuit est encore utilisé par des activités'),
});
