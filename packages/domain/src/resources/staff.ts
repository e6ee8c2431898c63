import type { ClientUser, StaffUser, ZoneChief } from '../staff';
import type { ResourceMeta } from './meta';

// Staff lists (back-office users, zone chiefs, client users): slices of the users table on the
// generic router (modules/staff); the screens' sort columns are checked against these.

export const zoneChiefsMeta = {
  path: 'chef-zone',
  noun: 'ce chef de zone',
  perPage: 50,
  defaultSort: { field: 'CODE_CHEF_ZONE', order: 'asc' },
  sortable: ['CODE_CHEF_ZONE', 'FIRSTNAME', 'LASTNAME', 'EMAIL', 'GSM', 'STATUS'],
  labels: {
    CODE_CHEF_ZONE: 'Code',
    username: 'Nom',
    EMAIL: 'Email',
    GSM: 'Téléphone',
    STATUS: 'Actif',
    LASTNAME: 'Nom',
  },
  export: { fileName: 'chefs-de-zone', title: 'Chefs de zone', orientation: 'landscape' },
} as const satisfies ResourceMeta<ZoneChief>;

export const staffUsersMeta = {
  path: 'users',
  audit: 'Utilisateurs back-office',
  noun: 'cet utilisateur',
  perPage: 50,
  defaultSort: { field: 'LASTNAME', order: 'asc' },
  sortable: ['FIRSTNAME', 'LASTNAME', 'EMAIL', 'GSM', 'role', 'TYPE_CLIENT_NAME', 'STATUS'],
  labels: {
    username: 'Nom',
    EMAIL: 'Email',
    GSM: 'Téléphone',
    TYPE_CLIENT_NAME: 'Société',
    STATUS: 'Actif',
    LASTNAME: 'Nom',
    role: 'Rôle',
  },
  export: { fileName: 'utilisateurs-back-office', title: 'Utilisateurs back-office', orientation: 'landscape' },
} as const satisfies ResourceMeta<StaffUser>;

export const clientUsersMeta = {
  path: 'client-users',
  audit: 'Utilisateurs clients',
  noun: 'cet utilisateur',
  perPage: 50,
  defaultSort: { field: 'LASTNAME', order: 'asc' },
  sortable: ['LASTNAME', 'FIRSTNAME', 'EMAIL', 'GSM', 'CODE_CLIENT', 'CLIENT_NAME', 'GOUVERNORAT', 'STATUS'],
  labels: {
    NAME: 'Nom',
    EMAIL: 'Email',
    GSM: 'GSM',
    CODE_CLIENT: 'Client',
    GOUVERNORAT: 'Gouvernorat',
    STATUS: 'Actif',
    LASTNAME: 'Nom',
  },
  export: { fileName: 'utilisateurs', title: 'Utilisateurs', orientation: 'landscape' },
} as const satisfies ResourceMeta<ClientUser>;
