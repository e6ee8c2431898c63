import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputSwitch } from 'primereact/inputswitch';
import { SWITCH_PT } from '../../components/a11y';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import type { WebhookEventType } from '@app/domain';
import { ApiError } from '../../lib/api';
import { reportFailure } from '../../lib/errors';
import { saveEndpoint, useEndpointMutation, useEventOptions } from './endpoints.api';
import type { EndpointBody, WebhookEndpoint, WebhookEndpointWithSecret } from './webhooks.types';

type Errors = Partial<Record<'URL' | 'DESCRIPTION' | 'EVENTS' | 'ACTIVE', string>>;

/**
 * Add or edit an endpoint: URL, description, events (the server's list with its French labels),
 * active switch. The server checks everything (https, no private address, known events): its
 * 422 field errors show under the fields. On create, the reply's secret (its only showing) goes to `onCreated`.
 */
export function EndpointDialog({
  endpoint,
  onClose,
  onCreated,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (d: WebhookEndpointWithSecret) => void;
}) {
  const options = useEventOptions();
  const [url, setUrl] = useState(endpoint?.URL ?? '');
  const [description, setDescription] = useState(endpoint?.DESCRIPTION ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.EVENTS ?? []);
  const [active, setActive] = useState(endpoint?.ACTIVE ?? true);
  const [errors, setErrors] = useState<Errors>({});
  const save = useEndpointMutation((body: EndpointBody) => saveEndpoint(endpoint?.ID ?? null, body));

  const toggle = (type: WebhookEventType, on: boolean) => setEvents((list) => (on ? [...list, type] : list.filter((t) => t !== type)));
  const submit = async () => {
    setErrors({});
    try {
      const saved = await save.mutateAsync({ URL: url.trim(), DESCRIPTION: description.trim() || null, EVENTS: events, ACTIVE: active });
      if (!endpoint && 'SECRET' in saved) onCreated(saved);
      else onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && Object.keys(err.errors).length) {
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0]])) as Errors);
      } else reportFailure(err, endpoint ? 'PUT' : 'POST');
    }
  };

  const footer = (
    <>
      <Button label="Annuler" text onClick={onClose} />
      <Button label={endpoint ? 'Enregistrer' : 'Ajouter'} icon="pi pi-check" loading={save.isPending} onClick={submit} />
    </>
  );
  return (
    <Dialog
      header={endpoint ? 'Modifier le webhook' : 'Ajouter un webhook'}
      visible
      onHide={onClose}
      footer={footer}
      className="webhook-dialog"
      breakpoints={{ '640px': '95vw' }}
      style={{ width: '40rem' }}
    >
      <div className="webhook-form">
        <label htmlFor="webhook-url">URL *</label>
        <InputText
          id="webhook-url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://…"
          maxLength={2000}
          invalid={!!errors.URL}
          aria-describedby="webhook-url-error"
        />
        {errors.URL && (
          <small id="webhook-url-error" className="p-error">
            {errors.URL}
          </small>
        )}

        <label htmlFor="webhook-description">Description</label>
        <InputText
          id="webhook-description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={255}
          invalid={!!errors.DESCRIPTION}
        />
        {errors.DESCRIPTION && <small className="p-error">{errors.DESCRIPTION}</small>}

        <fieldset className="webhook-events" aria-invalid={!!errors.EVENTS}>
          <legend>Événements *</legend>
          {(options.data ?? []).map((o) => (
            <div key={o.TYPE} className="webhook-event">
              <Checkbox
                inputId={`event-${o.TYPE}`}
                checked={events.includes(o.TYPE as WebhookEventType)}
                onChange={(e) => toggle(o.TYPE as WebhookEventType, !!e.checked)}
              />
              <label htmlFor={`event-${o.TYPE}`}>
                {o.LABEL} <code>{o.TYPE}</code>
              </label>
            </div>
          ))}
        </fieldset>
        {errors.EVENTS && <small className="p-error">{errors.EVENTS}</small>}

        <div className="webhook-switch">
          <InputSwitch inputId="webhook-active" pt={SWITCH_PT} checked={active} onChange={(e) => setActive(!!e.value)} />
          <label htmlFor="webhook-active">Actif</label>
        </div>
      </div>
    </Dialog>
  );
}
