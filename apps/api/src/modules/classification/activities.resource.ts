import { activitiesMeta, type Activity, activityBody, MSG } from '@app/domain';
import { eq } from 'drizzle-orm';
import { flag01Field, yesNo } from '../../lib/crud/fields';
import { refNameLike } from '../../lib/crud/list-query';
import { defineResource } from '../../lib/crud/resource';
import { clientActivities as a, clientCircuits as circuits } from '../../lib/clients/classification.table';

export const activitiesResource = defineResource<Activity>()({
  meta: activitiesMeta,
  tag: 'classification',
  actions: { read: 'classification:read', write: 'classification:write' },
  table: a,
  idColumn: a.id,
  body: activityBody,
  joins: [{ table: circuits, on: eq(circuits.id, a.circuitId) }],
  fields: [
    { api: 'NAME', column: a.name, search: true, sort: 'text', export: { width: 2 } },
    { api: 'CODE', column: a.code, search: true, sort: 'text', export: { width: 1 } },
    { api: 'CIRCUIT', column: a.circuitId },
    {
      api: 'CIRCUIT_NAME',
      column: circuits.name,
      search: (p) => refNameLike(a.circuitId, circuits, p),
      sort: 'text',
      export: { width: 1.5 },
    },
    { api: 'DESCRIPTION', column: a.description },
    { api: 'E_COMMERCE', column: a.eCommerce, ...flag01Field, sort: true, export: { width: 1, format: yesNo } },
    { api: 'FIDELITE', column: a.fidelite, ...flag01Field, sort: true, export: { width: 1, format: yesNo } },
    { api: 'REMISE_RISTOUNE', column: a.remiseRistourne, ...flag01Field, sort: true, export: { width: 1.2, format: yesNo } },
  ],
  unique: { client_activities_code_unique: { field: 'CODE', message: MSG.codeExists } },
  inUseMessage: MSG.inUse('cette activité est encore utilisée par des catégories ou des clients'),
});
