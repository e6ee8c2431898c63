import { type Activity, activityBody, MSG } from '@app/domain';
import { eq } from 'drizzle-orm';
import { countExpr, refNameLike, sortKey } from '../../lib/crud/list-query';
import type { ResourceDef } from '../../lib/crud/resource';
import { clientActivities, clientCircuits } from './classification.table';

const a = clientActivities;
const selection = {
  id: a.id,
  name: a.name,
  code: a.code,
  circuitId: a.circuitId,
  circuitName: clientCircuits.name,
  description: a.description,
  eCommerce: a.eCommerce,
  fidelite: a.fidelite,
  remiseRistourne: a.remiseRistourne,
};
type Row = { [K in keyof typeof selection]: (typeof selection)[K]['_']['data'] };

const flag = (v: number) => (v === 1 ? 1 : 0) as 0 | 1;
const yesNo = (v: 0 | 1) => (v ? 'Oui' : 'Non');

export const activitiesResource: ResourceDef<Row, Activity> = {
  path: 'clients_activities',
  tag: 'classification',
  noun: 'cette activité',
  actions: { read: 'classification:read', write: 'classification:write' },
  table: a,
  idColumn: a.id,
  body: activityBody,
  toValues: (b) => ({
    ...(b.NAME !== undefined && { name: b.NAME }),
    ...(b.CODE !== undefined && { code: b.CODE }),
    ...(b.CIRCUIT !== undefined && { circuitId: b.CIRCUIT }),
    ...(b.DESCRIPTION !== undefined && { description: b.DESCRIPTION }),
    ...(b.E_COMMERCE !== undefined && { eCommerce: b.E_COMMERCE }),
    ...(b.FIDELITE !== undefined && { fidelite: b.FIDELITE }),
    ...(b.REMISE_RISTOUNE !== undefined && { remiseRistourne: b.REMISE_RISTOUNE }),
  }),
  select: (db) => ({
    rows: db.select(selection).from(a).innerJoin(clientCircuits, eq(clientCircuits.id, a.circuitId)).$dynamic() as never,
    count: db.select({ n: countExpr }).from(a).innerJoin(clientCircuits, eq(clientCircuits.id, a.circuitId)).$dynamic() as never,
  }),
  toDto: (r) => ({
    id: r.id,
    ID: r.id,
    NAME: r.name,
    CODE: r.code,
    CIRCUIT: r.circuitId,
    CIRCUIT_NAME: r.circuitName,
    DESCRIPTION: r.description,
    E_COMMERCE: flag(r.eCommerce),
    FIDELITE: flag(r.fidelite),
    REMISE_RISTOUNE: flag(r.remiseRistourne),
  }),
  searchColumns: [a.name, a.code, (p) => refNameLike(a.circuitId, clientCircuits, p)],
  sortable: {
    NAME: sortKey(a.name),
    CODE: sortKey(a.code),
    CIRCUIT_NAME: sortKey(clientCircuits.name),
    E_COMMERCE: a.eCommerce,
    FIDELITE: a.fidelite,
    REMISE_RISTOUNE: a.remiseRistourne,
    id: a.id,
  },
  defaultSort: { field: 'NAME', order: 'asc' },
  defaultPerPage: 50,
  unique: { client_activities_code_unique: { field: 'CODE', message: MSG.codeExists } },
  inUseMessage: MSG.inUse('cette activité est encore utilisée par des catégories ou des clients'),
  export: {
    fileName: 'activites',
    title: 'Activités',
    orientation: 'landscape',
    columns: [
      { header: 'Nom', value: (d) => d.NAME, width: 2 },
      { header: 'Code', value: (d) => d.CODE, width: 1 },
      { header: 'Circuit', value: (d) => d.CIRCUIT_NAME, width: 1.5 },
      { header: 'E-commerce', value: (d) => yesNo(d.E_COMMERCE), width: 1 },
      { header: 'Fidélité', value: (d) => yesNo(d.FIDELITE), width: 1 },
      { header: 'Remise / ristourne', value: (d) => yesNo(d.REMISE_RISTOUNE), width: 1.2 },
    ],
  },
};
