import { type Activity, ACTIVITY_FLAG_LABELS, type Category, type Circuit, type ClientType } from '../classification';
import type { ResourceMeta } from './meta';

// The client classification lists show 50 rows.
export const activitiesMeta = {
  path: 'clients_activities',
  audit: 'Activités clients',
  noun: 'cette activité',
  perPage: 50,
  defaultSort: { field: 'NAME', order: 'asc' },
  sortable: ['NAME', 'CODE', 'CIRCUIT_NAME', 'E_COMMERCE', 'FIDELITE', 'REMISE_RISTOUNE'],
  labels: {
    NAME: 'Nom',
    CODE: 'Code',
    CIRCUIT_NAME: 'Circuit',
    ...ACTIVITY_FLAG_LABELS,
  },
  titles: { add: 'Ajouter une activité', edit: "Modifier l'activité", view: "Détails de l'activité" },
  export: { fileName: 'activites', title: 'Activités', orientation: 'landscape' },
} as const satisfies ResourceMeta<Activity>;

export const categoriesMeta = {
  path: 'clients_categories',
  audit: 'Catégories clients',
  noun: 'cette catégorie',
  perPage: 50,
  defaultSort: { field: 'NAME', order: 'asc' },
  sortable: ['NAME', 'ACTIVITE_NAME', 'DESCRIPTION'],
  labels: { NAME: 'Nom', ACTIVITE_NAME: 'Activité', DESCRIPTION: 'Description' },
  titles: { add: 'Ajouter une catégorie', edit: 'Modifier la catégorie', view: 'Détails de la catégorie' },
  export: { fileName: 'categories-clients', title: 'Catégories de clients', orientation: 'landscape' },
} as const satisfies ResourceMeta<Category>;

export const circuitsMeta = {
  path: 'clients_circuits',
  audit: 'Circuits clients',
  noun: 'ce circuit',
  perPage: 50,
  defaultSort: { field: 'NAME', order: 'asc' },
  sortable: ['NAME', 'DESCRIPTION'],
  labels: { NAME: 'Nom', DESCRIPTION: 'Description' },
  titles: { add: 'Ajouter un circuit', edit: 'Modifier le circuit', view: 'Détails du circuit' },
  export: { fileName: 'circuits', title: 'Circuits', orientation: 'landscape' },
} as const satisfies ResourceMeta<Circuit>;

export const clientTypesMeta = {
  path: 'typeclients',
  audit: 'Types de clients',
  noun: 'ce type de client',
  perPage: 50,
  defaultSort: { field: 'position', order: 'asc' },
  sortable: ['position', 'NAME'],
  labels: { 'MEDIA.original_url': 'Image', NAME: 'Nom', position: 'Position' },
  titles: { add: 'Ajouter un type de client', edit: 'Modifier le type de client', view: 'Détails du type de client' },
  export: { fileName: 'types-clients', title: 'Types de clients', orientation: 'landscape' },
} as const satisfies ResourceMeta<ClientType>;
