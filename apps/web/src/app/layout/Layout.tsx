import { ConfirmDialog } from 'primereact/confirmdialog';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from './Footer';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { TitleBar } from './TitleBar';
import { MOBILE_QUERY, useMediaQuery } from './useMediaQuery';

/**
 * The protected shell. Side menu states: open or mini on wide screens; on mobile
 * (≤ 767px) hidden by default and displayed as an overlay. The burger toggles the current pair.
 * It carries the one global dialog for `confirmDialog()` (the sign-in screen never asks).
 */
export function Layout() {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [mini, setMini] = useState(false);
  const [displayed, setDisplayed] = useState(false);
  const { pathname } = useLocation();

  // Following a link on mobile closes the overlay menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger.
  useEffect(() => setDisplayed(false), [pathname, mobile]);

  const state = mobile ? (displayed ? 'displayed' : 'hidden') : mini ? 'mini' : 'open';
  const toggle = () => (mobile ? setDisplayed((d) => !d) : setMini((m) => !m));

  return (
    <div className={`app-shell menu-${state}`}>
      <ConfirmDialog acceptLabel="Oui" rejectLabel="Non" draggable={false} />
      <SideMenu mini={state === 'mini'} closed={state === 'hidden'} onClose={mobile ? () => setDisplayed(false) : undefined} />
      {state === 'displayed' && <div className="menu-backdrop" onClick={() => setDisplayed(false)} aria-hidden="true" />}
      <div className="app-main">
        <Header onToggleMenu={toggle} menuExpanded={state === 'open' || state === 'displayed'} />
        <TitleBar />
        <main className="app-content" id="main">
          {/* Keyed by path: a screen still loading is replaced at once by the next one asked for,
              instead of React holding the previous screen for the whole (transition) navigation. */}
          <Suspense
            key={pathname}
            fallback={
              <div className="page-loading" role="status">
                <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Chargement…
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
    </div>
  );
}
