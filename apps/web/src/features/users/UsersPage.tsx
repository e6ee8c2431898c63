import { can, CLIENT_USER_TABS, type ClientUser, type ClientUserTab, clientUsersMeta, formatInteger } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { TabPanel, TabView } from 'primereact/tabview';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ResourceTable } from '../../components/data-table';
import { useSessionUser } from '../../lib/useSession';
import { clientUserColumns } from './columns';
import type { UserDialogState } from './UserDialog';
import { COUNTS_KEY, fetchCounts, invalidateClientUsers, tabPath, updateClientUser } from './users.api';
import './users.css';

// The dialogs load on first use: the list screen stays within its JavaScript budget.
const UserDialog = lazy(() => import('./UserDialog').then((m) => ({ default: m.UserDialog })));
const InviteDialog = lazy(() => import('../../components/invite-dialog').then((m) => ({ default: m.InviteDialog })));

const TAB_PARAM = 'tab';

/**
 * Utilisateurs (/layout/contacts/users): the clients' mobile-app accounts
 * (CLIENT_ID set, role patente). Tab "Équipe" lists STATUS 1, tab "Demandes" STATUS 0 (accounts
 * waiting for validation): switching a request on validates it and moves it to "Équipe". The
 * signed-in user is never listed (the server drops him by id and by email). chefZone is sent to
 * /layout by the route guard, and the server refuses him (users:read is admin-only).
 */
export default function UsersPage() {
  const user = useSessionUser();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tabIndex = Math.max(
    0,
    CLIENT_USER_TABS.findIndex((t) => t.key === params.get(TAB_PARAM)),
  );
  const tab: ClientUserTab = CLIENT_USER_TABS[tabIndex].key;
  const canWrite = can(user?.role, 'users:write');
  const canInvite = can(user?.role, 'invitations:send');
  const counts = useQuery({ queryKey: COUNTS_KEY, queryFn: fetchCounts });
  const [dialog, setDialog] = useState<UserDialogState>({ visible: false, mode: 'add', row: null });
  const [invite, setInvite] = useState<ClientUser | null>(null);
  // Mounted from the first opening on, so closing keeps the dialog's own animation.
  const [used, setUsed] = useState({ form: false, invite: false });
  const open = (next: Omit<UserDialogState, 'visible'>) => {
    setUsed((u) => ({ ...u, form: true }));
    setDialog({ visible: true, ...next });
  };
  const openInvite = (row: ClientUser) => {
    setUsed((u) => ({ ...u, invite: true }));
    setInvite(row);
  };

  const changeTab = (index: number) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (index === 0) next.delete(TAB_PARAM);
      else next.set(TAB_PARAM, CLIENT_USER_TABS[index].key);
      return next;
    });

  const count = (key: ClientUserTab) => {
    const n = key === 'equipe' ? counts.data?.team : counts.data?.requests;
    return n === undefined ? '' : ` (${formatInteger(n)})`;
  };

  return (
    <>
      <TabView className="usr-tabs" activeIndex={tabIndex} onTabChange={(e) => changeTab(e.index)}>
        {CLIENT_USER_TABS.map((t) => (
          <TabPanel key={t.key} header={`${t.label}${count(t.key)}`}>
            {t.key === tab && (
              <ResourceTable<ClientUser>
                resource={{ ...clientUsersMeta, path: tabPath(t.key) }}
                stateKey={t.key === 'equipe' ? '' : t.key}
                columns={clientUserColumns}
                // The tab's STATUS rides in the table's path: the bulk filter names it.
                bulk={{
                  list: 'users',
                  rowLabel: (u) => `${u.NAME} (${u.EMAIL})`,
                  filter: { status: String(t.status) },
                  onDone: () => invalidateClientUsers(qc),
                }}
                exports={[]}
                deletable={false}
                addLabel="Ajouter un utilisateur"
                readOnly={!canWrite}
                onAdd={() => open({ mode: 'add', row: null })}
                onView={(row) => open({ mode: 'view', row })}
                onEdit={(row) => open({ mode: 'edit', row })}
                // Saved at once; a refused save puts the switch back (the table's toggle), and both tabs reload.
                onToggle={(row, _field, value) => updateClientUser(row.id, { STATUS: value }).finally(() => void invalidateClientUsers(qc))}
                // A request is an account staff have not validated: it cannot sign in, so it is not invited.
                rowActions={
                  canInvite && t.key === 'equipe'
                    ? (row) => (
                        <Button
                          type="button"
                          icon="pi pi-envelope"
                          rounded
                          text
                          severity="help"
                          aria-label="Inviter"
                          title="Inviter l'utilisateur"
                          onClick={() => openInvite(row)}
                        />
                      )
                    : undefined
                }
                emptyMessage={t.key === 'equipe' ? 'Aucun utilisateur trouvé' : 'Aucune demande en attente'}
                minWidth="60rem"
              />
            )}
          </TabPanel>
        ))}
      </TabView>
      <Suspense fallback={null}>
        {used.form && <UserDialog state={dialog} onHide={() => setDialog((d) => ({ ...d, visible: false }))} />}
        {canInvite && used.invite && (
          <InviteDialog
            visible={invite !== null}
            onHide={() => setInvite(null)}
            recipients={invite ? [{ email: invite.EMAIL, label: invite.NAME }] : []}
            title="Inviter l'utilisateur"
          />
        )}
      </Suspense>
    </>
  );
}
