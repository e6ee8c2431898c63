import { can, formatDateTime, formatMoney, VOUCHER_PURCHASE_STATUS, type VoucherPurchase, voucherPurchasesMeta } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { ResourceTable, resourceKey } from '../../components/data-table';
import { KeyValues } from '../../components/key-values';
import { StatusTag } from '../../components/status';
import { useSessionUser } from '../../lib/useSession';
import { voucherPurchaseColumns } from './columns';
import { ConsumeDialog } from './ConsumeDialog';
import { VOUCHER_PURCHASES_PATH as PATH } from './vouchers.api';
import './vouchers.css';

const ORIGIN = { gift: 'Cadeau', ristourne: 'Ristourne', voucher: 'Voucher' } as const;

/**
 * Clients' vouchers (`/layout/vouchers`): 50 rows, searched by client
 * code, view; « Consommer des vouchers » opens the consumption dialog.
 */
export default function VouchersPage() {
  const user = useSessionUser();
  const qc = useQueryClient();
  const [consuming, setConsuming] = useState(false);
  const [viewing, setViewing] = useState<VoucherPurchase | null>(null);
  return (
    <>
      <ResourceTable<VoucherPurchase>
        resource={voucherPurchasesMeta}
        columns={voucherPurchaseColumns((v) => <StatusTag set={VOUCHER_PURCHASE_STATUS} code={v.STATUS} />)}
        onView={setViewing}
        readOnly
        emptyMessage="Aucun voucher."
        minWidth="60rem"
        toolbarExtra={
          can(user?.role, 'voucher-purchases:write') ? (
            <Button type="button" icon="pi pi-check-square" label="Consommer des vouchers" onClick={() => setConsuming(true)} />
          ) : undefined
        }
      />
      <ConsumeDialog visible={consuming} onHide={() => setConsuming(false)} onDone={() => void qc.invalidateQueries({ queryKey: resourceKey(PATH) })} />
      <Dialog
        visible={viewing != null}
        onHide={() => setViewing(null)}
        header={viewing ? `Voucher ${viewing.VOCHER_REF}` : ''}
        style={{ width: '36rem' }}
        breakpoints={{ '767px': '95vw' }}
        baseZIndex={10000}
        draggable={false}
      >
        {viewing && (
          <KeyValues
            rows={[
              ['N° voucher', viewing.VOCHER_REF],
              ['Client', `${viewing.CODE_CLIENT} — ${viewing.CLIENT_NAME}`],
              ['Origine', viewing.ORIGIN ? ORIGIN[viewing.ORIGIN] : '—'],
              ['Montant', formatMoney(viewing.SOLDE_USED)],
              ['Date', formatDateTime(viewing.CREATED_AT)],
              ['Statut', <StatusTag key="s" set={VOUCHER_PURCHASE_STATUS} code={viewing.STATUS} />],
              ['Consommé le', formatDateTime(viewing.SCAN_DATE) || '—'],
              ['Consommation', viewing.STATUS === 1 ? (viewing.SCAN ? 'Scan du code QR' : 'Manuelle') : '—'],
              ['Motif', viewing.MANUAL_REASON ?? '—'],
            ]}
          />
        )}
      </Dialog>
    </>
  );
}
