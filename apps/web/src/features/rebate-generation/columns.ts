import { formatPercent, SIMULATION_LABELS, SIMULATION_SORTABLE, type SimulatedVoucher } from '@app/domain';
import { type ColumnDef, withLabels } from '../../components/data-table';

/** The simulated vouchers, client by client; each sortable column is a sort key of the API (SIMULATION_SORTABLE). */
export const simulatedVoucherColumns: ColumnDef<SimulatedVoucher>[] = withLabels(
  { path: 'ristournes/simulation', labels: SIMULATION_LABELS, sortable: SIMULATION_SORTABLE },
  [
    { field: 'CODE_CLIENT', width: '9rem' },
    { field: 'NAME' },
    { field: 'ACTIVITE_NAME', kind: 'custom', render: (r) => r.ACTIVITE_NAME ?? '—' },
    { field: 'TURNOVER', kind: 'money', width: '11rem' },
    { field: 'TIER', width: '8rem' },
    { field: 'PERCENTAGE', kind: 'custom', width: '8rem', render: (r) => formatPercent(r.PERCENTAGE) },
    { field: 'AMOUNT', kind: 'money', width: '10rem' },
  ],
);
