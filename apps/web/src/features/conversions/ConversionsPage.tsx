import { can, CONVERSION_STATUS, conversionAction, giftConversionsMeta, startingGiftPurchasesMeta } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ResourceTable, resourceKey } from '../../components/data-table';
import { StatusTag } from '../../components/status';
import { notify } from '../../lib/toast';
import { useSessionUser } from '../../lib/useSession';
import { conversionColumns } from './columns';
import { CONVERSION_PATH, type ConversionKind, type ConversionRow, downloadExitSlip, exitSlipBlob, setConversionStatus } from './conversions.api';
import { ConversionStatusDialog } from './ConversionStatusDialog';
import { printSlip } from './print-slip';
import { ScannerDialog } from './ScannerDialog';
import './conversions.css';

/**
 * Gift conversions (`/layout/conversions`, `/layout/starter_gifts/conversions`) and starter-gift
 * requests (`?dem=start`): the prepare/ship action by role, the exit slip
 * printed from the view, the QR scanner, and for admin the status edit and delete. A zone chief sees
 * his own clients' rows (server).
 */
export default function ConversionsPage() {
  const [params] = useSearchParams();
  const kind: ConversionKind = params.get('dem') === 'start' ? 'starter' : 'gift';
  const user = useSessionUser();
  const role = user?.role;
  const admin = can(role, 'conversions:admin');
  const qc = useQueryClient();
  const [scanning, setScanning] = useState(false);
  const [editing, setEditing] = useState<ConversionRow | null>(null);
  const path = CONVERSION_PATH[kind];
  const refresh = () => qc.invalidateQueries({ queryKey: resourceKey(path) });

  const act = (row: ConversionRow) => {
    const action = conversionAction(role, row.STATUS);
    if (!action) return;
    const run = async () => {
      try {
        await setConversionStatus(kind, row.id, action.to);
        notify.success('Statut modifié', `${row.REF} : ${CONVERSION_STATUS.label(action.to)}.`);
      } finally {
        await refresh();
      }
    };
    if (!action.confirm) return void run();
    confirmDialog({
      header: 'Confirmation',
      message: `Voulez-vous vraiment expédier ${row.REF} (${row.GIFT_NAME}, ${row.CLIENT_NAME}) ?`,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Oui',
      rejectLabel: 'Non',
      defaultFocus: 'reject',
      accept: () => void run(),
    });
  };

  const rowActions = (row: ConversionRow) => {
    const action = can(role, 'conversions:prepare') ? conversionAction(role, row.STATUS) : null;
    return (
      <>
        {action && (
          <Button
            type="button"
            icon={action.to === 1 ? 'pi pi-box' : 'pi pi-send'}
            rounded
            text
            severity="success"
            aria-label={`${action.label} ${row.REF}`}
            title={action.label}
            onClick={() => act(row)}
          />
        )}
        <Button
          type="button"
          icon="pi pi-print"
          rounded
          text
          aria-label={`Imprimer le bon de sortie ${row.REF}`}
          title="Bon de sortie"
          onClick={() => void printSlip(() => exitSlipBlob(kind, row.id))}
        />
        <Button
          type="button"
          icon="pi pi-download"
          rounded
          text
          aria-label={`Télécharger le bon de sortie ${row.REF}`}
          title="Télécharger le bon de sortie"
          onClick={() => void downloadExitSlip(kind, row.id)}
        />
      </>
    );
  };

  return (
    <>
      <ResourceTable<ConversionRow>
        key={kind}
        resource={kind === 'gift' ? giftConversionsMeta : startingGiftPurchasesMeta}
        columns={conversionColumns(kind, (row) => <StatusTag set={CONVERSION_STATUS} code={row.STATUS} />)}
        rowActions={rowActions}
        bulk={{ list: kind === 'gift' ? 'giftConversions' : 'starterConversions', rowLabel: (row) => row.REF }}
        onEdit={admin ? (row) => setEditing(row) : undefined}
        deletable={admin}
        readOnly={!admin}
        toolbarExtra={
          can(role, 'conversions:receive') ? <Button type="button" icon="pi pi-qrcode" label="Scanner" onClick={() => setScanning(true)} /> : undefined
        }
        emptyMessage={kind === 'gift' ? 'Aucune conversion.' : 'Aucun cadeau de bienvenue.'}
        minWidth="80rem"
      />
      <ScannerDialog kind={kind} visible={scanning} onHide={() => setScanning(false)} onReceived={() => void refresh()} />
      <ConversionStatusDialog kind={kind} row={editing} onHide={() => setEditing(null)} onSaved={() => void refresh()} />
    </>
  );
}
