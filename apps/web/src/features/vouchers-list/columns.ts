import type { Voucher } from '@app/domain';
import type { ColumnDef } from '../../components/data-table';

/**
 * Vouchers list (spec 2 "Vouchers list"): voucher number, quantity, balance (DT, 3 decimals),
 * company (the client type), client category, active switch. The API sorts on the number.
 */
export const voucherColumns: ColumnDef<Voucher>[] = [
  { field: 'REF', header: 'Numéro de voucher', sortable: true, width: '11rem' },
  { field: 'QTS', header: 'Quantité', width: '7rem' },
  { field: 'SOLDE', header: 'Solde', kind: 'money', width: '9rem' },
  { field: 'TYPE_CLIENT_NAME', header: 'Société' },
  { field: 'CATEGORY_NAME', header: 'Catégorie' },
  // Saved at once; a refused save puts the switch back.
  { field: 'IS_ACTIVE', header: 'Actif', kind: 'switch', width: '5rem' },
];
