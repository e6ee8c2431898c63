import { fluxMeta } from '@app/domain';
import type { FluxRow } from '@app/domain';
import { type ColumnDef, withLabels } from '../../components/data-table';

/** Title and message (its text, HTML stripped), newest first by DATE; the recipients beside. */
export const fluxColumns: ColumnDef<FluxRow>[] = withLabels(fluxMeta, [
  { field: 'TITLE', width: '16rem' },
  { field: 'MESSAGE_TEXT', header: 'Message' },
  { field: 'DATE', kind: 'datetime', width: '11rem' },
  { field: 'RECIPIENTS', width: '9rem' },
]);
