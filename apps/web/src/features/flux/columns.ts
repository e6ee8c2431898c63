import type { FluxRow } from '@app/domain';
import type { ColumnDef } from '../../components/data-table';

/** Spec 3 §2.8: title and message (its text, HTML stripped), newest first by DATE; the recipients beside. */
export const fluxColumns: ColumnDef<FluxRow>[] = [
  { field: 'TITLE', header: 'Titre', sortable: true, width: '16rem' },
  { field: 'MESSAGE_TEXT', header: 'Message' },
  { field: 'DATE', header: 'Date', sortable: true, kind: 'datetime', width: '11rem' },
  { field: 'RECIPIENTS', header: 'Destinataires', sortable: true, width: '9rem' },
];
