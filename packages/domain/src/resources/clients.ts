import type { Client } from '../clients';
import type { ResourceMeta } from './meta';

export const clientsMeta = {
  path: 'clients',
  noun: 'ce client',
  perPage: 100,
  defaultSort: { field: 'CODE_CLIENT', order: 'asc' },
  sortable: ['CODE_CLIENT', 'NAME', 'GSM', 'GSM_SYS', 'GSM_FID', 'CHEF_ZONE_NAME', 'BADGE_NAME', 'ANCIENNETE', 'POINTS_FID', 'POINTS_FID_N', 'REMISE_GLOBAL', 'REMISE_N', 'REMISE_N_1', 'CA_N_1', 'RISTOURNE_SOLDE_N_1', 'RISTOURNE_N_1', 'RISTOURNE_RESTE', 'INSCRIPTION', 'LASTUSE', 'IS_ACTIVE', 'STATUS'],
  export: { fileName: 'clients', title: 'Clients', orientation: 'landscape' },
} as const satisfies ResourceMeta<Client>;
