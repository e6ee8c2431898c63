import { PROFILE_PATH, ROLE_LABELS, SIGN_IN_PATH } from '@app/domain';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ChangePasswordDialog } from '../../features/auth/ChangePasswordDialog';
import { signOut } from '../../features/auth/auth.api';
import { queryClient } from '../../lib/query';
import { session } from '../../lib/session';
import { useSessionUser } from '../../lib/useSession';

// The bells load after the screen: their panels and calls are not part of any screen's first load.
const OrderBell = lazy(() => import('../../components/bell').then((m) => ({ default: m.OrderBell })));
const GiftBell = lazy(() => import('../../components/bell').then((m) => ({ default: m.GiftBell })));

/** Top bar: burger, then the user's dropdown (profile, change password, logout). */
export function Header({ onToggleMenu, menuExpanded }: { onToggleMenu(): void; menuExpanded: boolean }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const menu = useRef<Menu>(null);
  const [changing, setChanging] = useState(false);

  const logout = async () => {
    const token = session.token();
    session.clear();
    queryClient.clear();
    navigate(SIGN_IN_PATH, { replace: true });
    await signOut(token);
  };

  const items: MenuItem[] = [
    { label: 'Mon profil', icon: 'pi pi-user', command: () => navigate(PROFILE_PATH) },
    { label: 'Changer le mot de passe', icon: 'pi pi-key', command: () => setChanging(true) },
    { separator: true },
    { label: 'Déconnexion', icon: 'pi pi-sign-out', className: 'menu-danger', command: () => void logout() },
  ];

  const name = user ? `${user.FIRSTNAME} ${user.LASTNAME}`.trim() : '';
  const initials = `${user?.FIRSTNAME?.[0] ?? ''}${user?.LASTNAME?.[0] ?? ''}`.toUpperCase() || '?';
  const role = user ? (ROLE_LABELS[user.role] ?? user.role) : '';

  return (
    <header className="app-header">
      <button type="button" className="icon-button burger" onClick={onToggleMenu} aria-label="Menu" aria-expanded={menuExpanded}>
        <i className="pi pi-bars" />
      </button>
      <div className="header-brand">
        <img src="/logo.svg" alt="" width={28} height={28} />
        <span>Programme Fidélité</span>
      </div>
      <div className="header-spacer" />
      <Suspense fallback={null}>
        <OrderBell />
        <GiftBell />
      </Suspense>
      <button
        type="button"
        className="user-button"
        onClick={(e) => menu.current?.toggle(e)}
        aria-haspopup="menu"
        aria-controls="user-menu"
        aria-label={`Compte de ${name}`}
      >
        <span className="avatar" aria-hidden="true">
          {initials}
        </span>
        <span className="user-text">
          <span className="user-name">{name}</span>
          <span className="user-role">{role}</span>
        </span>
        <i className="pi pi-angle-down" aria-hidden="true" />
      </button>
      <Menu model={items} popup ref={menu} id="user-menu" popupAlignment="right" className="user-menu" />
      <ChangePasswordDialog visible={changing} onHide={() => setChanging(false)} />
    </header>
  );
}
