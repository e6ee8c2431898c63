import { CLIENT_STATUS, type Client, formatDate, formatMoney } from '@app/domain';
import { Dialog } from 'primereact/dialog';
import type { ReactNode } from 'react';
import { KeyValues } from '../key-values';
import { StatusTag } from '../status';
import { useClientView } from './client-view.api';

/** Every line the read-only client dialog can show, in the order it shows them. */
const ROWS = {
  code: ['Code client', (c) => c.CODE_CLIENT],
  name: ['Nom', (c) => c.NAME],
  status: ['Statut', (c) => <StatusTag key="s" set={CLIENT_STATUS} code={c.STATUS} />],
  gsm: ['GSM', (c) => c.GSM],
  email: ['E-mail', (c) => c.EMAIL],
  address: ['Adresse', (c) => c.ADDRESS],
  gouvernorat: ['Gouvernorat', (c) => c.GOUVERNORAT],
  type: ['Type de client', (c) => c.TYPE_CLIENT_NAME],
  circuit: ['Circuit', (c) => c.CIRCUIT_NAME],
  activity: ['Activité', (c) => c.ACTIVITE_NAME],
  chefZone: ['Chef de zone', (c) => c.CHEF_ZONE_NAME],
  badge: ['Badge', (c) => c.BADGE_NAME],
  points: ['Points fidélité', (c) => String(c.POINTS_FID)],
  site: ['Site de livraison', (c) => c.SITE],
  remise: ['Remise globale', (c) => formatMoney(c.REMISE_GLOBAL)],
  inscription: ['Inscription', (c) => formatDate(c.INSCRIPTION)],
  lastUse: ['Dernière utilisation', (c) => (c.LASTUSE ? formatDate(c.LASTUSE) : '—')],
} satisfies Record<string, [string, (c: Client) => ReactNode]>;

export type ClientViewRow = keyof typeof ROWS;
const ORDER = Object.keys(ROWS) as ClientViewRow[];

/**
 * A client, read only, in a dialog: the orders list (a click on the client) and the connection logs
 * (the older product's contact_simple form) open it, each with its own lines.
 */
export function ClientViewDialog({ clientId, rows, onHide }: { clientId: number | null; rows: readonly ClientViewRow[]; onHide: () => void }) {
  const c = useClientView(clientId).data;
  return (
    <Dialog
      visible={clientId != null}
      onHide={onHide}
      header={c ? `Client ${c.CODE_CLIENT}` : 'Client'}
      style={{ width: '50rem' }}
      breakpoints={{ '767px': '95vw' }}
      baseZIndex={10000}
      draggable={false}
    >
      {c && <KeyValues rows={ORDER.filter((r) => rows.includes(r)).map((r) => [ROWS[r][0], ROWS[r][1](c)] as [string, ReactNode])} />}
    </Dialog>
  );
}
