import { CLIENT_STATUS, can, type Client, hrefFor, ROLE, clientsMeta } from '@app/domain';
import { Button } from 'primereact/button';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ResourceTable } from '../../components/data-table';
import type { InviteRecipient } from '../../components/invite-dialog';
import { useSessionUser } from '../../lib/useSession';
import type { ClientDialogState } from './ClientDialog';
import { clientExportPaths, clientUsers, saveActive } from './clients.api';
import { clientColumns } from './columns';
import { StatusCell } from './StatusCell';
import './clients.css';

// The dialogs load on first use: the list screen stays within its JavaScript budget.
const ClientDialog = lazy(() => import('./ClientDialog').then((m) => ({ default: m.ClientDialog })));
const InviteDialog = lazy(() => import('../../components/invite-dialog').then((m) => ({ default: m.InviteDialog })));

interface InviteState {
  client: Client;
  recipients: InviteRecipient[];
}

/**
 * Clients (/layout/contacts/clients): the paged list with tag search,
 * sort on every column, exports of the whole filtered list, the active switch and the status
 * changed in place, and the three-step dialog. A zone chief sees only his clients (the server
 * scopes every call).
 */
export default function ClientsPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const canWrite = can(user?.role, 'clients:write');
  const canInvite = can(user?.role, 'invitations:send');
  const [dialog, setDialog] = useState<ClientDialogState>({ visible: false, mode: 'add', row: null });
  const [invite, setInvite] = useState<InviteState | null>(null);
  // Mounted from the first opening on, so closing keeps the dialog's own animation.
  const [used, setUsed] = useState({ client: false, invite: false });
  const openDialog = (next: Omit<ClientDialogState, 'visible'>) => {
    setUsed((u) => ({ ...u, client: true }));
    setDialog({ visible: true, ...next });
  };
  const columns = useMemo(() => clientColumns(new Date().getFullYear(), (c) => <StatusCell client={c} editable={canWrite} />), [canWrite]);

  const openInvite = async (client: Client) => {
    const users = await clientUsers(client.id);
    setUsed((u) => ({ ...u, invite: true }));
    setInvite({ client, recipients: users.map((u) => ({ email: u.EMAIL, label: `${u.FIRSTNAME} ${u.LASTNAME}`.trim() })) });
  };

  return (
    <>
      <ResourceTable<Client>
        resource={clientsMeta}
        className="clients-list"
        columns={columns}
        tagSearch
        bulk={{ list: 'clients', rowLabel: (c) => `${c.CODE_CLIENT ?? ''} ${c.NAME ?? ''}`.trim(), statusSet: CLIENT_STATUS }}
        exports={['csv', 'xlsx', 'pdf']}
        exportPaths={clientExportPaths}
        addLabel="Ajouter un client"
        readOnly={!canWrite}
        onAdd={() => openDialog({ mode: 'add', row: null })}
        onEdit={(row) => openDialog({ mode: 'edit', row })}
        onView={(row) => navigate(hrefFor('client-detail', {}, { id: row.id }))}
        onToggle={(row, _field, value) => saveActive(row.id, value)}
        rowActions={
          canInvite
            ? (row) => (
                <Button
                  type="button"
                  icon="pi pi-envelope"
                  rounded
                  text
                  severity="help"
                  aria-label="Inviter"
                  title="Inviter les utilisateurs du client"
                  onClick={() => void openInvite(row).catch(() => undefined)}
                />
              )
            : undefined
        }
        emptyMessage="Aucun client trouvé"
        minWidth="150rem"
      />
      <Suspense fallback={null}>
        {used.client && <ClientDialog state={dialog} onHide={() => setDialog((d) => ({ ...d, visible: false }))} showChefZone={user?.role !== ROLE.chefZone} />}
        {canInvite && used.invite && (
          <InviteDialog
            visible={invite !== null}
            onHide={() => setInvite(null)}
            recipients={invite?.recipients ?? []}
            title={invite ? `Inviter les utilisateurs de ${invite.client.NAME}` : 'Inviter'}
          />
        )}
      </Suspense>
    </>
  );
}
