import { formatDateTime, type GoodsReturn, returnsMeta } from '@app/domain';
import { type ColumnDef, withLabels } from '../../components/data-table';

/** DD/MM/YYYY HH:mm, without the « à »: the older product's returns list showed it so. */
export const returnDate = (iso: string) => formatDateTime(iso).replace(' à ', ' ');

/** Returned goods: return number, client, date, address. */
export const returnColumns: ColumnDef<GoodsReturn>[] = withLabels(returnsMeta, [
  { field: 'NUM_RETOUR', width: '11rem' },
  { field: 'CLIENT_NAME', kind: 'custom', render: (r) => `${r.CODE_CLIENT} — ${r.CLIENT_NAME}` },
  { field: 'CREATED_AT', kind: 'custom', width: '10rem', render: (r) => returnDate(r.CREATED_AT) },
  { field: 'ADDRESS' },
]);
