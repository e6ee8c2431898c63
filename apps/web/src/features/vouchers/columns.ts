import type { VoucherPurchase } from '@app/domain';
import type { ReactNode } from 'react';
import type { ColumnDef } from '../../components/data-table';

/** Spec 2 "Voucher conversions": voucher number, client code, date, amount, status, consumption date. */
export function voucherPurchaseColumns(status: (v: VoucherPurchase) => ReactNode): ColumnDef<VoucherPurchase>[] {
  return [
    { field: 'VOCHER_REF', header: 'N° voucher', sortable: true, width: '11rem' },
    { field: 'CODE_CLIENT', header: 'Code client', sortable: true, width: '9rem' },
    { field: 'CLIENT_NAME', header: 'Client', sortable: true },
    { field: 'CREATED_AT', header: 'Date', sortable: true, kind: 'datetime', width: '11rem' },
    { field: 'SOLDE_USED', header: 'Montant', sortable: true, kind: 'money', width: '9rem' },
    { field: 'STATUS', header: 'Statut', sortable: true, kind: 'custom', width: '8rem', render: status },
    { field: 'SCAN_DATE', header: 'Date de consommation', sortable: true, kind: 'datetime', width: '11rem' },
  ];
}
