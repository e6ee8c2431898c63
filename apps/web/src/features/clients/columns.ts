import type { Client } from '@app/domain';
import type { ReactNode } from 'react';
import type { ColumnDef } from '../../components/data-table';
import { formatPoints, formatSeniority } from './format';

/**
 * The 19 columns of spec 1 "Clients listing", in its order; `_N_1` headers carry the previous year
 * and `_N` the current one. Then the active switch and the status (drawn by the screen: a coloured
 * tag, a dropdown for those who may change it). Every column sorts on the server.
 */
export function clientColumns(year: number, renderStatus: (row: Client) => ReactNode): ColumnDef<Client>[] {
  const prev = year - 1;
  return [
    { field: 'CODE_CLIENT', header: 'Code client', sortable: true },
    { field: 'NAME', header: 'Client', sortable: true },
    { field: 'GSM', header: 'GSM', sortable: true },
    { field: 'GSM_SYS', header: 'GSM système', sortable: true },
    { field: 'GSM_FID', header: 'GSM fidélité', sortable: true },
    { field: 'CHEF_ZONE_NAME', header: 'Chef de zone', sortable: true },
    { field: 'BADGE_NAME', header: 'Badge', sortable: true },
    { field: 'ANCIENNETE', header: 'Ancienneté', sortable: true, kind: 'custom', render: (c) => formatSeniority(c.ANCIENNETE) },
    { field: 'POINTS_FID', header: 'Points', sortable: true, kind: 'custom', render: (c) => formatPoints(c.POINTS_FID) },
    { field: 'POINTS_FID_N', header: `Points ${year}`, sortable: true, kind: 'custom', render: (c) => formatPoints(c.POINTS_FID_N) },
    { field: 'REMISE_GLOBAL', header: 'Remise globale', sortable: true, kind: 'money' },
    { field: 'REMISE_N', header: `Remise ${year}`, sortable: true, kind: 'money' },
    { field: 'REMISE_N_1', header: `Remise ${prev}`, sortable: true, kind: 'money' },
    { field: 'CA_N_1', header: `CA ${prev}`, sortable: true, kind: 'money' },
    { field: 'RISTOURNE_SOLDE_N_1', header: `Solde ristourne ${prev}`, sortable: true, kind: 'money' },
    { field: 'RISTOURNE_N_1', header: `Ristourne ${prev}`, sortable: true, kind: 'money' },
    { field: 'RISTOURNE_RESTE', header: 'Reste ristourne', sortable: true, kind: 'money' },
    { field: 'INSCRIPTION', header: 'Inscription', sortable: true, kind: 'date' },
    { field: 'LASTUSE', header: 'Dernière utilisation', sortable: true, kind: 'datetime' },
    { field: 'IS_ACTIVE', header: 'Actif', sortable: true, kind: 'switch' },
    { field: 'STATUS', header: 'Statut', sortable: true, kind: 'custom', render: renderStatus },
  ];
}
