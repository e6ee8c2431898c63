import { useSyncExternalStore } from 'react';
import { loading } from '../lib/loading';

/** The logo overlay shown while API calls run longer than a blink (lib/loading). */
export function LoadingOverlay() {
  const visible = useSyncExternalStore(loading.subscribe, loading.isVisible);
  if (!visible) return null;
  return (
    <div className="loading-overlay" role="progressbar" aria-label="Chargement en cours" aria-busy="true">
      <div className="loading-badge">
        <img src="/logo.svg" alt="" width={56} height={56} />
        <span className="loading-ring" />
      </div>
    </div>
  );
}
