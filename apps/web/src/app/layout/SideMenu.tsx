import { type MenuGroup, menuFor } from '@app/domain';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSessionUser } from '../../lib/useSession';
import { isEntryActive, isGroupActive } from './menu-active';

/** The role's menu (menuFor, shared with the API's permission map), grouped under headings. */
/**
 * `closed`: the phone's drawer, slid off screen. It is made inert, so its links leave the accessibility
 * tree and the tab order too (moved off screen only, they still took the focus, unseen).
 */
export function SideMenu({ mini, closed = false, onClose }: { mini: boolean; closed?: boolean; onClose?: () => void }) {
  const user = useSessionUser();
  const groups = menuFor(user?.role);
  return (
    <nav className="side-menu" aria-label="Menu principal" inert={closed}>
      <div className="side-brand">
        <img src="/logo.svg" alt="" width={32} height={32} />
        {!mini && <span>Programme Fidélité</span>}
        {onClose && (
          <button type="button" className="icon-button side-close" onClick={onClose} aria-label="Fermer le menu">
            <i className="pi pi-times" />
          </button>
        )}
      </div>
      <div className="side-scroll">
        {groups.map((g) => (
          <Group key={g.key} group={g} mini={mini} />
        ))}
      </div>
    </nav>
  );
}

function Group({ group, mini }: { group: MenuGroup; mini: boolean }) {
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(true);
  const active = isGroupActive(group.entries, pathname);
  const expanded = mini || open;
  return (
    <div className={`menu-group${active ? ' is-active' : ''}`}>
      {mini ? (
        <div className="menu-group-divider" role="presentation" />
      ) : (
        <button type="button" className="menu-group-head" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          <i className={group.icon} aria-hidden="true" />
          <span>{group.label}</span>
          <i className={`pi pi-chevron-down menu-chevron${open ? ' is-open' : ''}`} aria-hidden="true" />
        </button>
      )}
      {/* Grid rows 0fr → 1fr animates the group's real height (0.5 s). */}
      <div className={`menu-group-body${expanded ? ' is-open' : ''}`}>
        <ul>
          {group.entries.map((e) => {
            const here = isEntryActive(e, group.entries, pathname, search);
            return (
              <li key={e.key}>
                <Link
                  to={e.path}
                  className={here ? 'menu-link active' : 'menu-link'}
                  aria-current={here ? 'page' : undefined}
                  title={mini ? e.label : undefined}
                  tabIndex={expanded ? undefined : -1}
                >
                  <i className={e.icon} aria-hidden="true" />
                  <span className="menu-label">{e.label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
