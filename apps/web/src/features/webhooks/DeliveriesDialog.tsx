import { formatDateTime, formatInteger } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { notify } from '../../lib/toast';
import { DELIVERIES_PAGE_SIZE, deliveriesKey, redeliver, useDeliveries } from './deliveries.api';
import { WEBHOOKS_KEY } from './endpoints.api';
import { DELIVERY_STATUS, eventLabel } from './webhook-labels';
import type { Delivery, DeliveryStatus, WebhookEndpoint } from './webhooks.types';

// PrimeReact's Dropdown shows no label for a null value: « every status » is a word of its own.
const ALL = 'all';
const STATUS_OPTIONS = [{ label: 'Tous les statuts', value: ALL }, ...Object.entries(DELIVERY_STATUS).map(([value, s]) => ({ label: s.label, value }))];
const FILTER_LABEL = 'Filtrer par statut';

/** An endpoint's delivery log (newest first, 20 a page, by status) with « Renvoyer » per row. */
export function DeliveriesDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<DeliveryStatus | null>(null);
  const log = useDeliveries(endpoint.ID, page, status);
  const qc = useQueryClient();
  const [sending, setSending] = useState<number | null>(null);

  const resend = async (d: Delivery) => {
    setSending(d.ID);
    try {
      await redeliver(endpoint.ID, d.ID);
      notify.success('Événement renvoyé', `${eventLabel(d.EVENT_TYPE)} : un nouvel envoi est en file.`);
      await qc.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    } catch {
      // Reported by the error catalogue's toast.
    } finally {
      setSending(null);
    }
  };

  return (
    <Dialog
      header={`Journal des envois — ${endpoint.URL}`}
      visible
      onHide={onClose}
      maximizable
      pt={{ maximizableButton: { 'aria-label': 'Agrandir ou réduire la fenêtre' } }}
      breakpoints={{ '960px': '98vw' }}
      style={{ width: '72rem' }}
    >
      <div className="webhook-log-toolbar">
        <Dropdown
          value={status ?? ALL}
          options={STATUS_OPTIONS}
          onChange={(e) => {
            setStatus(e.value === ALL ? null : (e.value as DeliveryStatus));
            setPage(1);
          }}
          aria-label={FILTER_LABEL}
          ariaLabel={FILTER_LABEL}
          pt={{ select: { 'aria-label': FILTER_LABEL }, root: { 'aria-activedescendant': undefined } }}
        />
        <Button
          icon="pi pi-refresh"
          label="Actualiser"
          outlined
          size="small"
          loading={log.isFetching}
          onClick={() => qc.invalidateQueries({ queryKey: deliveriesKey(endpoint.ID) })}
        />
      </div>
      <DataTable
        value={log.data?.rows ?? []}
        dataKey="ID"
        size="small"
        lazy
        paginator
        rows={DELIVERIES_PAGE_SIZE}
        first={(page - 1) * DELIVERIES_PAGE_SIZE}
        totalRecords={log.data?.meta?.total ?? 0}
        onPage={(e) => setPage((e.page ?? 0) + 1)}
        loading={log.isLoading}
        emptyMessage="Aucun envoi."
        scrollable
        pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-label': 'Journal des envois' } }}
      >
        <Column header="Date" body={(d: Delivery) => formatDateTime(d.CREATED_AT)} style={{ whiteSpace: 'nowrap' }} />
        <Column header="Événement" body={(d: Delivery) => eventLabel(d.EVENT_TYPE)} />
        <Column header="Essai" field="ATTEMPT" />
        <Column
          header="Statut"
          body={(d: Delivery) => <Tag value={DELIVERY_STATUS[d.STATUS]?.label ?? d.STATUS} severity={DELIVERY_STATUS[d.STATUS]?.severity} />}
        />
        <Column header="HTTP" body={(d: Delivery) => d.HTTP_STATUS ?? '—'} />
        <Column header="Durée" body={(d: Delivery) => (d.DURATION_MS == null ? '—' : `${formatInteger(d.DURATION_MS)} ms`)} style={{ whiteSpace: 'nowrap' }} />
        <Column
          header="Réponse"
          body={(d: Delivery) => (
            <span className="webhook-excerpt" title={d.RESPONSE_EXCERPT ?? undefined}>
              {d.RESPONSE_EXCERPT ?? ''}
            </span>
          )}
        />
        <Column header="Erreur" body={(d: Delivery) => d.ERROR ?? ''} />
        <Column
          header="Prochain essai"
          body={(d: Delivery) => (d.NEXT_ATTEMPT_AT ? formatDateTime(d.NEXT_ATTEMPT_AT) : '—')}
          style={{ whiteSpace: 'nowrap' }}
        />
        <Column
          header="Actions"
          body={(d: Delivery) => (
            <Button
              label="Renvoyer"
              icon="pi pi-replay"
              text
              size="small"
              loading={sending === d.ID}
              onClick={() => resend(d)}
              aria-label={`Renvoyer l’envoi ${d.ID}`}
            />
          )}
        />
      </DataTable>
    </Dialog>
  );
}
