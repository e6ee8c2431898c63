import { ConfirmDialog } from 'primereact/confirmdialog';
import { Toast } from 'primereact/toast';
import { Outlet } from 'react-router';
import { CookieBanner } from '../features/public/CookieBanner';
import { RgpdDialog } from '../features/public/RgpdDialog';
import { bindToast, forgetToast } from '../lib/toast';
import { LoadingOverlay } from './LoadingOverlay';

/**
 * What every screen carries (spec 3 §2.3): one toast outlet (top centre, duplicates dropped in
 * lib/toast), the loading overlay, one global confirmation dialog for `confirmDialog()`, the
 * cookie banner and the RGPD dialog.
 */
export function RootShell() {
  return (
    <>
      <Toast ref={bindToast} position="top-center" onRemove={forgetToast} />
      <ConfirmDialog acceptLabel="Oui" rejectLabel="Non" draggable={false} />
      <Outlet />
      <LoadingOverlay />
      <CookieBanner />
      <RgpdDialog />
    </>
  );
}
