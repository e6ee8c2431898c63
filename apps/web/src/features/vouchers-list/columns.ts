import { vouchersMeta } from '@app/domain';
import type { Voucher } from '@app/domain';
import { type ColumnDef, withLabels } from '../../components/data-table';

/**
 * Vouchers list: voucher number, quantity, balance (DT, 3 decimals),
 * company (the client type), client category, active switch. The API sorts on the number.
 */
export const voucherColumns: ColumnDef<Voucher>[] = withLabels(vouchersMeta, [
  { field: 'REF', width: '11rem' },
  { field: 'QTS', width: '7rem' },
  { field: 'SOLDE', kind: 'money', width: '9rem' },
  { field: 'TYPE_CLIENT_NAME', header: 'Société' },
  { field: 'CATEGORY_NAME', header: 'Catégorie' },
  // Saved at once; a refused save puts the switch back.
  { field: 'IS_ACTIVE', kind: 'switch', width: '5rem' },
]);
