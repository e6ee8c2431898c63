import { clientsMeta, clientYearLabels } from '@app/domain';
import type { Client } from '@app/domain';
import type { ReactNode } from 'react';
import { type ColumnDef, withLabels } from '../../components/data-table';
import { formatPoints, formatSeniority } from './format';

/**
 * The listing's 19 columns, in the older product's order; `_N_1` headers carry the previous year
 * and `_N` the current one. Then the active switch and the status (drawn by the screen: a coloured
 * tag, a dropdown for those who may change it). Every column sorts on the server.
 */
export function clientColumns(year: number, renderStatus: (row: Client) => ReactNode): ColumnDef<Client>[] {
  return withLabels({ path: clientsMeta.path, labels: { ...clientsMeta.labels, ...clientYearLabels(year) } }, [
    { field: 'CODE_CLIENT', sortable: true },
    { field: 'NAME', sortable: true },
    { field: 'GSM', sortable: true },
    { field: 'GSM_SYS', sortable: true },
    { field: 'GSM_FID', sortable: true },
    { field: 'CHEF_ZONE_NAME', sortable: true },
    { field: 'BADGE_NAME', sortable: true },
    { field: 'ANCIENNETE', sortable: true, kind: 'custom', render: (c) => formatSeniority(c.ANCIENNETE) },
    { field: 'POINTS_FID', sortable: true, kind: 'custom', render: (c) => formatPoints(c.POINTS_FID) },
    { field: 'POINTS_FID_N', sortable: true, kind: 'custom', render: (c) => formatPoints(c.POINTS_FID_N) },
    { field: 'REMISE_GLOBAL', sortable: true, kind: 'money' },
    { field: 'REMISE_N', sortable: true, kind: 'money' },
    { field: 'REMISE_N_1', sortable: true, kind: 'money' },
    { field: 'CA_N_1', sortable: true, kind: 'money' },
    { field: 'RISTOURNE_SOLDE_N_1', sortable: true, kind: 'money' },
    { field: 'RISTOURNE_N_1', sortable: true, kind: 'money' },
    { field: 'RISTOURNE_RESTE', sortable: true, kind: 'money' },
    { field: 'INSCRIPTION', sortable: true, kind: 'date' },
    { field: 'LASTUSE', sortable: true, kind: 'datetime' },
    { field: 'IS_ACTIVE', sortable: true, kind: 'switch' },
    { field: 'STATUS', sortable: true, kind: 'custom', render: renderStatus },
  ]);
}
