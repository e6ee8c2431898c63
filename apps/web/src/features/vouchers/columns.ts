import { voucherPurchasesMeta } from '@app/domain';
import type { VoucherPurchase } from '@app/domain';
import type { ReactNode } from 'react';
import { type ColumnDef, withLabels } from '../../components/data-table';

/** Voucher conversions: voucher number, client code, date, amount, status, consumption date. */
export function voucherPurchaseColumns(status: (v: VoucherPurchase) => ReactNode): ColumnDef<VoucherPurchase>[] {
  return withLabels(voucherPurchasesMeta, [
    { field: 'VOCHER_REF', width: '11rem' },
    { field: 'CODE_CLIENT', width: '9rem' },
    { field: 'CLIENT_NAME' },
    { field: 'CREATED_AT', kind: 'datetime', width: '11rem' },
    { field: 'SOLDE_USED', kind: 'money', width: '9rem' },
    { field: 'STATUS', kind: 'custom', width: '8rem', render: status },
    { field: 'SCAN_DATE', kind: 'datetime', width: '11rem' },
  ]);
}
