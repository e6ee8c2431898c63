import { can, formatDate, formatMoney, ORDER_BELL_REFRESH_MS } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../../lib/useSession';
import { BELL_KEY, fetchBell } from './orders.api';
import './orders.css';

/** Date part only (spec 1 header bells: the part before the first space), DD/MM/YYYY in local time. */

/**
 * The header's order bell (spec 1 header; issue 7 §3): the number of new orders and the newest of
 * them (user, total in DT, date), refreshed every minute and after any order change; an item opens
 * that order. A zone chief's bell counts his clients' orders only (server).
 */
export function OrderBell() {
  const user = useSessionUser();
  const allowed = can(user?.role, 'orders:read');
  const panel = useRef<OverlayPanel>(null);
  const navigate = useNavigate();
  const bell = useQuery({ queryKey: BELL_KEY, queryFn: fetchBell, enabled: allowed, refetchInterval: ORDER_BELL_REFRESH_MS });
  if (!allowed) return null;
  const count = bell.data?.count ?? 0;
  const label = `Commandes en attente : ${count}`;
  return (
    <>
      <button type="button" className="icon-button bell-button" onClick={(e) => panel.current?.toggle(e)} aria-label={label} title={label} aria-haspopup="dialog">
        <i className="pi pi-shopping-cart" aria-hidden="true" />
        {count > 0 && (
          <span className="bell-badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      <OverlayPanel ref={panel} className="bell-panel" aria-label="Nouvelles commandes">
        <p className="bell-title">Nouvelles commandes ({count})</p>
        {bell.data?.items.length ? (
          <ul className="bell-list">
            {bell.data.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => {
                    panel.current?.hide();
                    navigate(`/layout/orders?commande=${item.id}`);
                  }}
                >
                  <span className="bell-user">{item.USER}</span>
                  <span className="bell-meta">
                    {item.NUM_ORDER} · {formatMoney(item.TOTAL)} · {formatDate(item.DATE)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="bell-empty">Aucune nouvelle commande</p>
        )}
      </OverlayPanel>
    </>
  );
}
