import { CLIENT_STATUS, type Client, formatDate, ROLE_LABELS, type StaffUser } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'primereact/dialog';
import { KeyValues } from '../../components/key-values';
import { StatusTag } from '../../components/status';
import { api } from '../../lib/api';

const dialogProps = { style: { width: '50rem' }, breakpoints: { '767px': '95vw' }, baseZIndex: 10000, draggable: false } as const;

/** The client of a connection, read only (spec 3 §2.13: the contact_simple form). */
export function LogClientDialog({ clientId, onHide }: { clientId: number | null; onHide: () => void }) {
  const client = useQuery({ queryKey: ['clients', 'one', clientId], queryFn: () => api.get<Client>(`clients/${clientId}`), enabled: clientId != null });
  const c = client.data;
  return (
    <Dialog visible={clientId != null} onHide={onHide} header={c ? `Client ${c.CODE_CLIENT}` : 'Client'} {...dialogProps}>
      {c && (
        <KeyValues
          rows={[
            ['Code client', c.CODE_CLIENT],
            ['Nom', c.NAME],
            ['Statut', <StatusTag key="s" set={CLIENT_STATUS} code={c.STATUS} />],
            ['GSM', c.GSM],
            ['E-mail', c.EMAIL],
            ['Adresse', c.ADDRESS],
            ['Gouvernorat', c.GOUVERNORAT],
            ['Activité', c.ACTIVITE_NAME],
            ['Chef de zone', c.CHEF_ZONE_NAME],
            ['Inscription', formatDate(c.INSCRIPTION)],
            ['Dernière utilisation', c.LASTUSE ? formatDate(c.LASTUSE) : '—'],
          ]}
        />
      )}
    </Dialog>
  );
}

/** The account of a connection, read only (spec 3 §2.13: the user form). */
export function LogUserDialog({ userId, onHide }: { userId: number | null; onHide: () => void }) {
  const user = useQuery({ queryKey: ['users', 'one', userId], queryFn: () => api.get<StaffUser>(`users/${userId}`), enabled: userId != null });
  const u = user.data;
  return (
    <Dialog visible={userId != null} onHide={onHide} header={u ? `Utilisateur ${u.FIRSTNAME} ${u.LASTNAME}` : 'Utilisateur'} {...dialogProps}>
      {u && (
        <KeyValues
          rows={[
            ['Prénom', u.FIRSTNAME],
            ['Nom', u.LASTNAME],
            ['E-mail', u.EMAIL],
            ['GSM', u.GSM],
            ['Rôle', ROLE_LABELS[u.role] ?? u.role],
            ['Statut', u.STATUS === 1 ? 'Actif' : 'Inactif'],
            ['Client', u.CODE_CLIENT],
            ['Gouvernorat', u.GOUVERNORAT],
          ]}
        />
      )}
    </Dialog>
  );
}
