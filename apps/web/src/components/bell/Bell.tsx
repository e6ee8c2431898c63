import { type Action, can, formatInteger, ORDER_BELL_REFRESH_MS } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { OverlayPanel } from 'primereact/overlaypanel';
import { type ReactNode, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../../lib/useSession';
import './bell.css';

export interface BellItem {
  id: number;
  USER: string;
}

/** What makes one header bell: who sees it, what it reads, its words and where an item leads. */
export interface BellConfig<Item extends BellItem> {
  action: Action;
  icon: string;
  queryKey: readonly unknown[];
  fetch: () => Promise<{ count: number; items: Item[] }>;
  /** The button's accessible name and tooltip, with the count. */
  label: (count: number) => string;
  /** The panel's name; its title is this name and the count. */
  panel: string;
  empty: string;
  /** The line under the user's name. */
  meta: (item: Item) => ReactNode;
  /** The screen an item opens. */
  href: (item: Item) => string;
}

/**
 * A header bell: a count badge (99+ past 99) and a panel of the
 * newest waiting items, refreshed every minute and after any change that invalidates its key; an item
 * opens its screen. Hidden when the role lacks the action; the server scopes the items (zone chief).
 */
export function Bell<Item extends BellItem>({ config }: { config: BellConfig<Item> }) {
  const user = useSessionUser();
  const allowed = can(user?.role, config.action);
  const panel = useRef<OverlayPanel>(null);
  const navigate = useNavigate();
  const bell = useQuery({ queryKey: config.queryKey, queryFn: config.fetch, enabled: allowed, refetchInterval: ORDER_BELL_REFRESH_MS });
  if (!allowed) return null;
  const count = bell.data?.count ?? 0;
  const label = config.label(count);
  return (
    <>
      <button
        type="button"
        className="icon-button bell-button"
        onClick={(e) => panel.current?.toggle(e)}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
      >
        <i className={`pi ${config.icon}`} aria-hidden="true" />
        {count > 0 && (
          <span className="bell-badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      <OverlayPanel ref={panel} className="bell-panel" aria-label={config.panel}>
        <p className="bell-title">{`${config.panel} (${formatInteger(count)})`}</p>
        {bell.data?.items.length ? (
          <ul className="bell-list">
            {bell.data.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => {
                    panel.current?.hide();
                    navigate(config.href(item));
                  }}
                >
                  <span className="bell-user">{item.USER}</span>
                  <span className="bell-meta">{config.meta(item)}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="bell-empty">{config.empty}</p>
        )}
      </OverlayPanel>
    </>
  );
}
