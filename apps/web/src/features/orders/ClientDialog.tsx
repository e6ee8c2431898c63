import { CLIENT_STATUS, type Client, formatDate, formatMoney } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'primereact/dialog';
import { StatusTag } from '../../components/status';
import { api } from '../../lib/api';
import { KeyValues } from '../../components/key-values';

/** The order's client, read-only (spec 2 "Orders list": clicking the client code or name). */
export function ClientDialog({ clientId, onHide }: { clientId: number | null; onHide: () => void }) {
  const client = useQuery({ queryKey: ['clients', 'one', clientId], queryFn: () => api.get<Client>(`clients/${clientId}`), enabled: clientId != null });
  const c = client.data;
  return (
    <Dialog visible={clientId != null} onHide={onHide} header={c ? `Client ${c.CODE_CLIENT}` : 'Client'} style={{ width: '50rem' }} breakpoints={{ '767px': '95vw' }} baseZIndex={10000} draggable={false}>
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
            ['Type de client', c.TYPE_CLIENT_NAME],
            ['Circuit', c.CIRCUIT_NAME],
            ['Activité', c.ACTIVITE_NAME],
            ['Chef de zone', c.CHEF_ZONE_NAME],
            ['Badge', c.BADGE_NAME],
            ['Points fidélité', String(c.POINTS_FID)],
            ['Site de livraison', c.SITE],
            ['Remise globale', formatMoney(c.REMISE_GLOBAL)],
            ['Inscription', formatDate(c.INSCRIPTION)],
          ]}
        />
      )}
    </Dialog>
  );
}
