import { ROLE_LABELS } from '@app/domain';
import { Dialog } from 'primereact/dialog';
import { KeyValues } from '../../components/key-values';
import { useUser } from './logs.api';

const dialogProps = { style: { width: '50rem' }, breakpoints: { '767px': '95vw' }, baseZIndex: 10000, draggable: false } as const;

/** The account of a connection, read only (the older product's user form). */
export function LogUserDialog({ userId, onHide }: { userId: number | null; onHide: () => void }) {
  const u = useUser(userId).data;
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
