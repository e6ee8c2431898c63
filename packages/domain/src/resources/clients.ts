import type { Client } from '../clients';
import type { ResourceMeta } from './meta';

export const clientsMeta = {
  path: 'clients',
  audit: 'Clients',
  noun: 'ce client',
  perPage: 100,
  defaultSort: { field: 'CODE_CLIENT', order: 'asc' },
  sortable: [
    'CODE_CLIENT',
    'NAME',
    'GSM',
    'GSM_SYS',
    'GSM_FID',
    'CHEF_ZONE_NAME',
    'BADGE_NAME',
    'ANCIENNETE',
    'POINTS_FID',
    'POINTS_FID_N',
    'REMISE_GLOBAL',
    'REMISE_N',
    'REMISE_N_1',
    'CA_N_1',
    'RISTOURNE_SOLDE_N_1',
    'RISTOURNE_N_1',
    'RISTOURNE_RESTE',
    'INSCRIPTION',
    'LASTUSE',
    'IS_ACTIVE',
    'STATUS',
  ],
  labels: {
    CODE_CLIENT: 'Code client',
    NAME: 'Client',
    GSM: 'GSM',
    GSM_SYS: 'GSM système',
    GSM_FID: 'GSM fidélité',
    CHEF_ZONE_NAME: 'Chef de zone',
    BADGE_NAME: 'Badge',
    ANCIENNETE: 'Ancienneté',
    POINTS_FID: 'Points',
    REMISE_GLOBAL: 'Remise globale',
    RISTOURNE_RESTE: 'Reste ristourne',
    INSCRIPTION: 'Inscription',
    LASTUSE: 'Dernière utilisation',
    IS_ACTIVE: 'Actif',
    STATUS: 'Statut',
  },
  export: { fileName: 'clients', title: 'Clients', orientation: 'landscape' },
} as const satisfies ResourceMeta<Client>;

/**
 * The labels that carry a year (`_N` is the current year, `_N_1` the one
 * before), for the list's headers and the export's alike.
 */
export const clientYearLabels = (year: number) =>
  ({
    POINTS_FID_N: `Points ${year}`,
    REMISE_N: `Remise ${year}`,
    REMISE_N_1: `Remise ${year - 1}`,
    CA_N_1: `CA ${year - 1}`,
    RISTOURNE_SOLDE_N_1: `Solde ristourne ${year - 1}`,
    RISTOURNE_N_1: `Ristourne ${year - 1}`,
  }) as const satisfies ResourceMeta<Client>['labels'];
