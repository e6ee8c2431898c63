import { INVITATION_MSG, type InviteResult, type MessageTemplate } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { SELECTION_COLUMN_PT } from '../a11y';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useId, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { notify } from '../../lib/toast';
import { allRowsKey } from '../data-table';
import { type InviteRecipient, inviteRequest, sentDetail } from './invite';
import './invite-dialog.css';

export interface InviteDialogProps {
  visible: boolean;
  onHide: () => void;
  /** Who may be invited; all are checked when the dialog opens. */
  recipients: InviteRecipient[];
  /** Dialog title, e.g. 'Inviter administrateur'. */
  title?: string;
}

const TEMPLATES_PATH = 'templating/email';

/**
 * The invitation dialog of the users, clients and back-office users lists: an email
 * template, the recipients (checkboxes, all checked), send. Each recipient gets the template with
 * its own one-time link; the server says who could not be reached.
 */
export function InviteDialog(props: InviteDialogProps) {
  // A fresh selection each time the dialog opens.
  const [opened, setOpened] = useState({ visible: props.visible, count: 0 });
  if (props.visible !== opened.visible) setOpened({ visible: props.visible, count: opened.count + (props.visible ? 1 : 0) });
  return <InviteForm key={opened.count} {...props} />;
}

function InviteForm({ visible, onHide, recipients, title }: InviteDialogProps) {
  const id = useId();
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [selected, setSelected] = useState<InviteRecipient[]>(recipients);
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const templates = useQuery({
    queryKey: allRowsKey(TEMPLATES_PATH),
    queryFn: () => api.get<MessageTemplate[]>(TEMPLATES_PATH),
    enabled: visible,
  });

  const send = async () => {
    const request = inviteRequest(templateId, selected);
    if ('error' in request) {
      setError(request.error);
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const result = await api.post<InviteResult>('invite/mail', request.body, { silent: true });
      notify.success(INVITATION_MSG.sent, sentDetail(result));
      onHide();
    } catch (e) {
      const detail = e instanceof ApiError ? Object.values(e.errors).flat().join(' ; ') || e.message : undefined;
      notify.error(INVITATION_MSG.failed, detail);
    } finally {
      setSending(false);
    }
  };

  const footer = (
    <div className="invite-footer">
      <Button type="button" label="Annuler" severity="secondary" outlined onClick={onHide} disabled={sending} />
      <Button type="button" label="Envoyer" icon="pi pi-send" onClick={() => void send()} loading={sending} />
    </div>
  );

  return (
    <Dialog
      visible={visible}
      onHide={() => {
        if (!sending) onHide();
      }}
      header={title ?? 'Inviter'}
      footer={footer}
      style={{ width: '50vw' }}
      breakpoints={{ '1199px': '75vw', '767px': '95vw' }}
      baseZIndex={10000}
      draggable={false}
      resizable={false}
      blockScroll
      className="invite-dialog"
    >
      <div className="invite-template">
        <label htmlFor={`${id}-template`}>
          Modèle d’email <span aria-hidden="true">*</span>
        </label>
        <Dropdown
          inputId={`${id}-template`}
          value={templateId}
          options={templates.data ?? []}
          optionLabel="NOM_DU_MODÈLE"
          optionValue="id"
          onChange={(e) => {
            setTemplateId(e.value as number);
            setError(undefined);
          }}
          placeholder={templates.isLoading ? 'Chargement…' : 'Choisir un modèle'}
          emptyMessage="Aucun modèle d’email : ajoutez-en un dans Communication > Templates email."
          filter={(templates.data?.length ?? 0) > 8}
          className="w-full"
          invalid={!!error && !templateId}
          pt={{ select: { 'aria-label': 'Modèle d’email' } }}
        />
      </div>
      <DataTable
        value={recipients}
        dataKey="email"
        selectionMode="checkbox"
        selection={selected}
        onSelectionChange={(e) => {
          setSelected(e.value as InviteRecipient[]);
          setError(undefined);
        }}
        paginator={recipients.length > 50}
        rows={50}
        size="small"
        stripedRows
        emptyMessage="Aucun utilisateur à inviter."
        className="invite-recipients"
      >
        <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} pt={SELECTION_COLUMN_PT} />
        <Column field="label" header="Nom" />
        <Column field="email" header="Email" />
      </DataTable>
      <p className="invite-count">
        {selected.length} destinataire{selected.length > 1 ? 's' : ''} sur {recipients.length}
      </p>
      {error && <Message severity="error" text={error} className="invite-error" role="alert" />}
    </Dialog>
  );
}
