import { can, formatDate, ORDER_BELL_REFRESH_MS } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { useSessionUser } from '../../lib/useSession';
import { GIFT_BELL_KEY } from './conversions.api';

interface GiftBellItem {
  id: number;
  REF: string;
  USER: string;
  CLIENT_ID: number;
  CODE_CLIENT: string;
  GIFT: string;
  DATE: string;
}
const fetchGiftBell = () => api.get<{ count: number; items: GiftBellItem[] }>('getAskPurchases', undefined, { quiet: true, silent: true });

/**
 * The header's gift bell (issue 8 §2, `GET getAskPurchases`): waiting gift requests (user, gift,
 * date), refreshed like the order bell; an item opens the client's page, where it is accepted or
 * refused. Styled by the bells' shared classes (features/orders/orders.css, loaded by the header).
 */
export function GiftBell() {
  const user = useSessionUser();
  const allowed = can(user?.role, 'purchases:read');
  const panel = useRef<OverlayPanel>(null);
  const navigate = useNavigate();
  const bell = useQuery({ queryKey: GIFT_BELL_KEY, queryFn: fetchGiftBell, enabled: allowed, refetchInterval: ORDER_BELL_REFRESH_MS });
  if (!allowed) return null;
  const count = bell.data?.count ?? 0;
  const label = `Demandes de cadeaux en attente : ${count}`;
  return (
    <>
      <button type="button" className="icon-button bell-button" onClick={(e) => panel.current?.toggle(e)} aria-label={label} title={label} aria-haspopup="dialog">
        <i className="pi pi-gift" aria-hidden="true" />
        {count > 0 && (
          <span className="bell-badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      <OverlayPanel ref={panel} className="bell-panel" aria-label="Demandes de cadeaux">
        <p className="bell-title">Demandes de cadeaux ({count})</p>
        {bell.data?.items.length ? (
          <ul className="bell-list">
            {bell.data.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => {
                    panel.current?.hide();
                    navigate(`/layout/contacts/detail-client?id=${item.CLIENT_ID}`);
                  }}
                >
                  <span className="bell-user">{item.USER}</span>
                  <span className="bell-meta">
                    {item.GIFT} · {formatDate(item.DATE)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="bell-empty">Aucune demande en attente</p>
        )}
      </OverlayPanel>
    </>
  );
}
