import { fluxMeta } from '@app/domain';
import type { FluxRow } from '@app/domain';
import { type ColumnDef, withLabels } from '../../components/data-table';

/** Title and message (its text, HTML stripped), newest first by DATE; the recipients beside. */
export const fluxColumns: ColumnDef<FluxRow>[] = withLabels(fluxMeta, [
  { field: 'TITLE', sortable: true, width: '16rem' },
  { field: 'MESSAGE_TEXT', header: 'Message' },
  { field: 'DATE', sortable: true, kind: 'datetime', width: '11rem' },
  { field: 'RECIPIENTS', sortable: true, width: '9rem' },
]);
