import { formatPercent, SIMULATION_LABELS, type SimulatedVoucher } from '@app/domain';
import { type ColumnDef, withLabels } from '../../components/data-table';

/** The simulated vouchers, client by client; each sortable column is a sort key of the API (SIMULATION_SORTABLE). */
export const simulatedVoucherColumns: ColumnDef<SimulatedVoucher>[] = withLabels({ path: 'ristournes/simulation', labels: SIMULATION_LABELS }, [
  { field: 'CODE_CLIENT', sortable: true, width: '9rem' },
  { field: 'NAME', sortable: true },
  { field: 'ACTIVITE_NAME', kind: 'custom', render: (r) => r.ACTIVITE_NAME ?? '—' },
  { field: 'TURNOVER', sortable: true, kind: 'money', width: '11rem' },
  { field: 'TIER', sortable: true, width: '8rem' },
  { field: 'PERCENTAGE', sortable: true, kind: 'custom', width: '8rem', render: (r) => formatPercent(r.PERCENTAGE) },
  { field: 'AMOUNT', sortable: true, kind: 'money', width: '10rem' },
]);
