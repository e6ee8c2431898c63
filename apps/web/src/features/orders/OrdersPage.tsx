import { can, ORDER_STATUS, type Order, ordersMeta } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_BELL_KEY } from '../../components/bell/bells.api';
import { ClientViewDialog, type ClientViewRow } from '../../components/client-view';
import { ResourceTable } from '../../components/data-table';
import { useSessionUser } from '../../lib/useSession';
import { orderColumns } from './columns';
import { OrderSiteCell, OrderStatusCell } from './OrderCells';
import { OrderDetailDialog } from './OrderDetailDialog';
import './orders.css';

/** The order's client, read-only (a click on the client code or name). */
const CLIENT_ROWS: ClientViewRow[] = [
  'code',
  'name',
  'status',
  'gsm',
  'email',
  'address',
  'gouvernorat',
  'type',
  'circuit',
  'activity',
  'chefZone',
  'badge',
  'points',
  'site',
  'remise',
  'inscription',
];

/**
 * Orders (`/layout/orders`): 50 rows, search, sort, exports; the site and the
 * status change from the list and save at once; the client opens read-only; the view action (or the
 * bell, through `?commande=ID`) opens the order. A zone chief sees his clients' orders only (server).
 */
export default function OrdersPage() {
  const user = useSessionUser();
  const editable = can(user?.role, 'orders:write');
  const [params, setParams] = useSearchParams();
  const viewing = Number(params.get('commande')) || null;
  const view = (id: number | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set('commande', String(id));
      else next.delete('commande');
      return next;
    });
  const [clientId, setClientId] = useState<number | null>(null);
  const qc = useQueryClient();

  const columns = orderColumns({
    client: (o, field) => (
      <button type="button" className="link-button" onClick={() => setClientId(o.CLIENT_ID)} title={`Voir le client ${o.CODE_CLIENT}`}>
        {o[field]}
      </button>
    ),
    site: (o) => <OrderSiteCell order={o} editable={editable} />,
    status: (o) => <OrderStatusCell order={o} editable={editable} />,
  });

  return (
    <>
      <ResourceTable<Order>
        resource={ordersMeta}
        columns={columns}
        onView={(o) => view(o.id)}
        deletable={can(user?.role, 'orders:delete')}
        // A bulk status change also changes the bell's count of new orders.
        bulk={{ list: 'orders', rowLabel: (o) => o.NUM_ORDER, statusSet: ORDER_STATUS, onDone: () => qc.invalidateQueries({ queryKey: ORDER_BELL_KEY }) }}
        minWidth="72rem"
        className="orders-list"
      />
      <OrderDetailDialog orderId={viewing} onHide={() => view(null)} />
      <ClientViewDialog clientId={clientId} rows={CLIENT_ROWS} onHide={() => setClientId(null)} />
    </>
  );
}
