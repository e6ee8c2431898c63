import { type ClientType, clientTypeBody, clientTypesMeta, MSG } from '@app/domain';
import { defineResource } from '../../lib/crud/resource';
import { clientTypes as t } from '../../lib/clients/classification.table';

export const clientTypesResource = defineResource<ClientType>()({
  meta: clientTypesMeta,
  tag: 'classification',
  actions: { read: 'classification:read', write: 'classification:write' },
  table: t,
  idColumn: t.id,
  body: clientTypeBody,
  fields: [
    { api: 'position', column: t.position, sort: true, export: { width: 0.5 } },
    { api: 'NAME', column: t.name, search: true, sort: 'text', export: { width: 2 } },
  ],
  unique: { client_types_name_unique: { field: 'NAME', message: MSG.nameExists } },
  inUseMessage: MSG.inUse('ce type de client est encore attribué à des clients ou des utilisateurs'),
  position: t.position,
  media: { names: { image: 'image' }, export: { header: 'Image', width: 2 } },
});
