import { CONVERSION_STATUS, formatDateTime, GIFT_PURCHASE_STATUS, type GiftConversion, type GiftPurchase, type StarterPurchase } from '@app/domain';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { StatusTag } from '../../../components/status';
import { downloadExitSlip } from '../../../lib/conversions';
import { notify } from '../../../lib/toast';
import { postDecision } from './rewards.api';

/** A table that scrolls sideways on a phone takes the keyboard focus, buttons or not (axe: scrollable-region-focusable). */
const region = (label: string) => ({ wrapper: { tabIndex: 0, role: 'region', 'aria-label': label } });

/** Statuses whose unit has an exit slip: prepared, shipped, received. */
const HAS_SLIP = [1, 3, 4];

interface Props {
  purchases: GiftPurchase[];
  conversions: GiftConversion[];
  starters: StarterPurchase[];
  loading: boolean;
  canDecide: boolean;
  onChanged: () => Promise<unknown>;
}

/**
 * The client's gifts: requests and starter gifts waiting
 * show Accepter / Refuser; validated units download their exit slip.
 */
export function GiftsTab({ purchases, conversions, starters, loading, canDecide, onChanged }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const decide = async (path: string, label: string, what: string) => {
    setBusy(path);
    try {
      await postDecision(path);
      notify.success(label, what);
    } catch {
      // The error catalogue shows the server's message ('Solde de points insuffisant'…).
    } finally {
      await onChanged();
      setBusy(null);
    }
  };
  const decisions = (base: string, id: number, ref: string, waiting: boolean) =>
    waiting && canDecide ? (
      <div className="client-gift-actions">
        <Button
          type="button"
          label="Accepter"
          icon="pi pi-check"
          size="small"
          severity="success"
          loading={busy === `${base}/accept/${id}`}
          onClick={() => void decide(`${base}/accept/${id}`, 'Demande acceptée', ref)}
        />
        <Button
          type="button"
          label="Refuser"
          icon="pi pi-times"
          size="small"
          severity="danger"
          outlined
          loading={busy === `${base}/refuse/${id}`}
          onClick={() => void decide(`${base}/refuse/${id}`, 'Demande refusée', ref)}
        />
      </div>
    ) : null;
  const slip = (kind: 'gift' | 'starter', row: { id: number; REF: string; STATUS: number }) =>
    HAS_SLIP.includes(row.STATUS) ? (
      <Button
        type="button"
        icon="pi pi-file-pdf"
        label="Bon de sortie"
        size="small"
        text
        onClick={() => void downloadExitSlip(kind, row.id)}
        aria-label={`Bon de sortie ${row.REF}`}
      />
    ) : null;

  return (
    <div className="client-gifts">
      <h3 className="client-section-title">Demandes de cadeaux</h3>
      <DataTable value={purchases} dataKey="id" loading={loading} emptyMessage="Aucune demande de cadeau." size="small" pt={region('Demandes de cadeaux')}>
        <Column field="REF" header="N° demande" />
        <Column field="GIFT_NAME" header="Cadeau" />
        <Column field="QTE" header="Quantité" />
        <Column field="POINTS" header="Points" />
        <Column header="Date" body={(p: GiftPurchase) => formatDateTime(p.CREATED_AT)} />
        <Column header="Statut" body={(p: GiftPurchase) => <StatusTag set={GIFT_PURCHASE_STATUS} code={p.STATUS} />} />
        <Column header="Actions" body={(p: GiftPurchase) => decisions('gift-purchases', p.id, p.REF, p.STATUS === 0)} />
      </DataTable>
      <h3 className="client-section-title">Cadeaux à remettre</h3>
      <DataTable value={conversions} dataKey="id" loading={loading} emptyMessage="Aucun cadeau à remettre." size="small" pt={region('Cadeaux à remettre')}>
        <Column field="REF" header="N° conversion" />
        <Column field="GIFT_NAME" header="Cadeau" />
        <Column field="POINTS_USED" header="Points utilisés" />
        <Column header="Statut" body={(c: GiftConversion) => <StatusTag set={CONVERSION_STATUS} code={c.STATUS} />} />
        <Column header="Actions" body={(c: GiftConversion) => slip('gift', c)} />
      </DataTable>
      <h3 className="client-section-title">Cadeaux de bienvenue</h3>
      <DataTable value={starters} dataKey="id" loading={loading} emptyMessage="Aucun cadeau de bienvenue." size="small" pt={region('Cadeaux de bienvenue')}>
        <Column field="REF" header="N° demande" />
        <Column field="GIFT_NAME" header="Cadeau de bienvenue" />
        <Column header="Date" body={(s: StarterPurchase) => formatDateTime(s.CREATED_AT)} />
        <Column header="Statut" body={(s: StarterPurchase) => <StatusTag set={CONVERSION_STATUS} code={s.STATUS} />} />
        <Column header="Actions" body={(s: StarterPurchase) => decisions('startingGift-purchases', s.id, s.REF, s.STATUS === 0) ?? slip('starter', s)} />
      </DataTable>
    </div>
  );
}
