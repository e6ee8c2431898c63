import { formatDateTime, formatMoney, VOUCHER_PURCHASE_STATUS, type VoucherPurchase } from '@app/domain';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { StatusTag } from '../../../components/status';

const ORIGIN: Record<NonNullable<VoucherPurchase['ORIGIN']>, string> = { gift: 'Cadeau', ristourne: 'Ristourne', voucher: 'Voucher' };

/** The client's vouchers: available first. */
export function VouchersTab({ vouchers, loading }: { vouchers: VoucherPurchase[]; loading: boolean }) {
  return (
    <DataTable
      value={vouchers}
      dataKey="id"
      loading={loading}
      emptyMessage="Aucun voucher pour ce client."
      className="client-vouchers"
      size="small"
      pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-label': 'Vouchers du client' } }}
    >
      <Column field="VOCHER_REF" header="N° voucher" />
      <Column header="Origine" body={(v: VoucherPurchase) => (v.ORIGIN ? ORIGIN[v.ORIGIN] : '—')} />
      <Column header="Date" body={(v: VoucherPurchase) => formatDateTime(v.CREATED_AT)} />
      <Column header="Montant" body={(v: VoucherPurchase) => formatMoney(v.SOLDE_USED)} />
      <Column header="Statut" body={(v: VoucherPurchase) => <StatusTag set={VOUCHER_PURCHASE_STATUS} code={v.STATUS} />} />
      <Column header="Consommé le" body={(v: VoucherPurchase) => formatDateTime(v.SCAN_DATE) || '—'} />
      <Column field="MANUAL_REASON" header="Motif" body={(v: VoucherPurchase) => v.MANUAL_REASON ?? '—'} />
    </DataTable>
  );
}
