import { formatDateTime } from '@app/domain';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { notify } from '../../lib/toast';
import { DeliveriesDialog } from './DeliveriesDialog';
import { deleteEndpoint, resumeEndpoint, rotateSecret, sendTestEvent, useEndpointMutation, useEndpoints } from './endpoints.api';
import { EndpointDialog } from './EndpointDialog';
import { SecretDialog } from './SecretDialog';
import { DELIVERY_STATUS, ENDPOINT_STATE, eventLabel } from './webhook-labels';
import type { WebhookEndpoint } from './webhooks.types';
import './webhooks.css';

/** « En pause depuis le 27/11/2026 à 03:00 : échecs pendant plus d’une heure » (the circuit breaker). */
export const pausedText = (e: WebhookEndpoint) => `En pause depuis le ${formatDateTime(e.PAUSED_AT)} : échecs pendant plus d’une heure`;

function State({ endpoint, onResume, resuming }: { endpoint: WebhookEndpoint; onResume: () => void; resuming: boolean }) {
  const s = ENDPOINT_STATE[endpoint.STATE];
  return (
    <div className="webhook-state">
      <Tag value={s.label} severity={s.severity} />
      {endpoint.STATE === 'paused' && (
        <>
          <small>{endpoint.PAUSED_AT ? pausedText(endpoint) : 'Échecs pendant plus d’une heure'}</small>
          <Button label="Reprendre" icon="pi pi-play" size="small" outlined loading={resuming} onClick={onResume} />
        </>
      )}
    </div>
  );
}

function LastDelivery({ endpoint }: { endpoint: WebhookEndpoint }) {
  const d = endpoint.LAST_DELIVERY;
  if (!d) return <span className="muted">Aucun envoi</span>;
  const s = DELIVERY_STATUS[d.STATUS];
  return (
    <span className="webhook-last">
      <Tag value={s?.label ?? d.STATUS} severity={s?.severity} />
      {d.HTTP_STATUS != null && <code>{d.HTTP_STATUS}</code>}
      <small>{formatDateTime(d.AT)}</small>
    </span>
  );
}

const ask = (message: string, accept: () => void, header = 'Confirmation') =>
  confirmDialog({ header, message, icon: 'pi pi-exclamation-triangle', acceptLabel: 'Oui', rejectLabel: 'Non', defaultFocus: 'reject', accept });

/**
 * Paramètres › Webhooks (`/layout/settings/webhooks`), admin only: the endpoints that
 * hear the programme's events (URL, events, state, last delivery), their signing secret (whole only
 * right after the creation or a renewal, masked in the list), a test event, the circuit breaker's
 * pause and « Reprendre », and each endpoint's delivery log.
 */
export default function WebhooksPage() {
  const list = useEndpoints();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const remove = useEndpointMutation(deleteEndpoint);
  const rotate = useEndpointMutation(rotateSecret);
  const resume = useEndpointMutation(resumeEndpoint);
  const test = useEndpointMutation(sendTestEvent);

  // A failed call is already reported by the error catalogue's toast: nothing more to do here.
  const quietly = (run: () => Promise<void>) => () => void run().catch(() => {});
  const sendTest = (e: WebhookEndpoint) =>
    quietly(async () => {
      await test.mutateAsync(e.ID);
      notify.success('Événement de test envoyé', `Il est en file pour ${e.URL} : le journal des envois le montre.`);
    })();
  const confirmDelete = (e: WebhookEndpoint) =>
    ask(
      `Voulez-vous vraiment supprimer le webhook ${e.URL} ? Son journal des envois sera perdu.`,
      quietly(async () => {
        await remove.mutateAsync(e.ID);
        notify.success('Webhook supprimé');
      }),
    );
  const confirmRotate = (e: WebhookEndpoint) =>
    ask(
      `Renouveler le secret de ${e.URL} ? L’ancien cesse aussitôt de signer les envois : le récepteur devra utiliser le nouveau.`,
      quietly(async () => {
        const d = await rotate.mutateAsync(e.ID);
        setSecret(d.SECRET);
      }),
    );

  return (
    <div className="page webhooks-page">
      <section className="card" aria-labelledby="webhooks-title">
        <header className="webhooks-header">
          <div>
            <h2 id="webhooks-title">Webhooks</h2>
            <p className="muted">Les systèmes externes prévenus des événements du programme, par des requêtes signées (HMAC-SHA256).</p>
          </div>
          <Button label="Ajouter" icon="pi pi-plus" onClick={() => setEditing('new')} />
        </header>
        {list.isError && <p className="p-error">La liste des webhooks n’a pas pu être chargée.</p>}
        <DataTable
          value={list.data ?? []}
          dataKey="ID"
          size="small"
          loading={list.isLoading}
          emptyMessage="Aucun webhook : ajoutez l’URL d’un système à prévenir."
          scrollable
          pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-label': 'Webhooks' } }}
        >
          <Column
            header="URL"
            style={{ minWidth: '14rem' }}
            body={(e: WebhookEndpoint) => (
              <div className="webhook-url">
                <code>{e.URL}</code>
                {e.DESCRIPTION && <small className="muted">{e.DESCRIPTION}</small>}
                <small className="muted">
                  Secret : <code data-testid="webhook-secret-masked">{e.SECRET_MASKED}</code>
                </small>
              </div>
            )}
          />
          <Column
            header="Événements"
            body={(e: WebhookEndpoint) => (
              <span className="webhook-chips" title={e.EVENTS.map(eventLabel).join('\n')}>
                {e.EVENTS.length <= 2 ? (
                  e.EVENTS.map((t) => <Tag key={t} value={eventLabel(t)} severity="info" />)
                ) : (
                  <Tag value={`${e.EVENTS.length} événements`} severity="info" />
                )}
              </span>
            )}
          />
          <Column
            header="État"
            body={(e: WebhookEndpoint) => <State endpoint={e} resuming={resume.isPending && resume.variables === e.ID} onResume={() => resume.mutate(e.ID)} />}
          />
          <Column header="Dernier envoi" body={(e: WebhookEndpoint) => <LastDelivery endpoint={e} />} />
          <Column
            header="Actions"
            body={(e: WebhookEndpoint) => (
              <div className="webhook-actions">
                <Button
                  icon="pi pi-send"
                  text
                  rounded
                  tooltip="Envoyer un événement de test"
                  aria-label="Envoyer un événement de test"
                  loading={test.isPending && test.variables === e.ID}
                  onClick={() => sendTest(e)}
                />
                <Button icon="pi pi-list" text rounded tooltip="Journal des envois" aria-label="Journal des envois" onClick={() => setLogOf(e)} />
                <Button icon="pi pi-pencil" text rounded tooltip="Modifier" aria-label="Modifier" onClick={() => setEditing(e)} />
                <Button icon="pi pi-key" text rounded tooltip="Renouveler le secret" aria-label="Renouveler le secret" onClick={() => confirmRotate(e)} />
                <Button icon="pi pi-trash" text rounded severity="danger" tooltip="Supprimer" aria-label="Supprimer" onClick={() => confirmDelete(e)} />
              </div>
            )}
          />
        </DataTable>
      </section>
      {editing && (
        <EndpointDialog
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(d) => {
            setEditing(null);
            notify.success('Webhook ajouté');
            setSecret(d.SECRET);
          }}
        />
      )}
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(null)} />}
      {logOf && <DeliveriesDialog endpoint={logOf} onClose={() => setLogOf(null)} />}
    </div>
  );
}
