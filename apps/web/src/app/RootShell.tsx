import { Toast } from 'primereact/toast';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { Outlet } from 'react-router';
import { CookieBanner } from '../features/public/CookieBanner';
import { rgpd } from '../lib/rgpd';
import { bindToast, forgetToast } from '../lib/toast';
import { LoadingOverlay } from './LoadingOverlay';

// Loaded when first opened: PrimeReact's Dialog is not part of the sign-in screen's first load.
const RgpdDialog = lazy(() => import('../features/public/RgpdDialog').then((m) => ({ default: m.RgpdDialog })));

/**
 * What every screen carries: one toast outlet (top centre, duplicates dropped in
 * lib/toast), the loading overlay, the cookie banner and the RGPD dialog. The global
 * confirmation dialog for `confirmDialog()` lives in the protected shell (layout/Layout), where
 * every caller is.
 */
export function RootShell() {
  const rgpdOpened = useRgpdOpened();
  return (
    <>
      <Toast ref={bindToast} position="top-center" onRemove={forgetToast} />
      {/* Lazy routes (shell, public pages) suspend here, not at the root, so toasts stay mounted. */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <LoadingOverlay />
      <CookieBanner />
      {rgpdOpened && (
        <Suspense fallback={null}>
          <RgpdDialog />
        </Suspense>
      )}
    </>
  );
}

/** True once the RGPD dialog has been asked for; it then stays mounted so it closes with its animation. */
function useRgpdOpened(): boolean {
  const open = useSyncExternalStore(rgpd.subscribe, rgpd.isOpen);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}
