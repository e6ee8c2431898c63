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
  return withLabels({ path: clientsMeta.path, sortable: clientsMeta.sortable, labels: { ...clientsMeta.labels, ...clientYearLabels(year) } }, [
    { field: 'CODE_CLIENT' },
    { field: 'NAME' },
    { field: 'GSM' },
    { field: 'GSM_SYS' },
    { field: 'GSM_FID' },
    { field: 'CHEF_ZONE_NAME' },
    { field: 'BADGE_NAME' },
    { field: 'ANCIENNETE', kind: 'custom', render: (c) => formatSeniority(c.ANCIENNETE) },
    { field: 'POINTS_FID', kind: 'custom', render: (c) => formatPoints(c.POINTS_FID) },
    { field: 'POINTS_FID_N', kind: 'custom', render: (c) => formatPoints(c.POINTS_FID_N) },
    { field: 'REMISE_GLOBAL', kind: 'money' },
    { field: 'REMISE_N', kind: 'money' },
    { field: 'REMISE_N_1', kind: 'money' },
    { field: 'CA_N_1', kind: 'money' },
    { field: 'RISTOURNE_SOLDE_N_1', kind: 'money' },
    { field: 'RISTOURNE_N_1', kind: 'money' },
    { field: 'RISTOURNE_RESTE', kind: 'money' },
    { field: 'INSCRIPTION', kind: 'date' },
    { field: 'LASTUSE', kind: 'datetime' },
    { field: 'IS_ACTIVE', kind: 'switch' },
    { field: 'STATUS', kind: 'custom', render: renderStatus },
  ]);
}
