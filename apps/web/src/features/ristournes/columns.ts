import { formatPercent, type Ristourne, RISTOURNE_MSG, ristournesMeta, type SegmentationActivity, type SegmentedClient } from '@app/domain';
import { type ColumnDef, withLabels } from '../../components/data-table';

/** Rebate tiers: number, name, year, turnover range (DT), rebate and discount (%), activity, active switch. */
export const tierColumns: ColumnDef<Ristourne>[] = withLabels(ristournesMeta, [
  { field: 'NUM_RISTOURNE', width: '5rem' },
  { field: 'NAME' },
  { field: 'YEAR', width: '6rem' },
  { field: 'VAL_MIN', kind: 'money', width: '10rem' },
  { field: 'VAL_MAX', kind: 'money', width: '10rem' },
  { field: 'PERCENTAGE', kind: 'custom', width: '8rem', render: (r) => formatPercent(r.PERCENTAGE) },
  { field: 'REMISE', kind: 'custom', width: '7rem', render: (r) => formatPercent(r.REMISE) },
  // No activity is a group of its own (its tiers are compared with each other only).
  { field: 'ACTIVITE_NAME', kind: 'custom', render: (r) => r.ACTIVITE_NAME ?? RISTOURNE_MSG.noActivity },
  // Saved at once; an overlap refused by the server puts the switch back.
  { field: 'IS_ACTIVE', kind: 'switch', width: '6rem' },
]);

/** The segmented clients (server-paged, highest CA N-1 first: no column sorts). */
export const segmentedClientColumns: ColumnDef<SegmentedClient>[] = [
  { field: 'CODE_CLIENT', header: 'Code client', width: '9rem' },
  { field: 'NAME', header: 'Client' },
  { field: 'ACTIVITE_NAME', header: 'Activité', kind: 'custom', render: (c) => c.ACTIVITE_NAME ?? RISTOURNE_MSG.noActivity },
  { field: 'CA_N_1', header: 'CA N-1', kind: 'money', width: '11rem' },
];

export const activityLabel = (a: Pick<SegmentationActivity, 'ACTIVITE_NAME'>) => a.ACTIVITE_NAME ?? RISTOURNE_MSG.noActivity;
