import { useQuery } from '@tanstack/react-query';
import { BannerCard } from './BannerCard';
import { ConfigEntryCard } from './ConfigEntryCard';
import { PopupCard } from './PopupCard';
import { CONFIGS_KEY, fetchConfigs } from './site-settings.api';
import './site-settings.css';

/**
 * Paramètres › Bannière et pop-up (`/layout/settings/banner`): the banner, the pop-up
 * images and the configuration entries (terms and catalogue PDFs, store links) the website offers.
 */
export default function BannerPage() {
  const configs = useQuery({ queryKey: CONFIGS_KEY, queryFn: fetchConfigs });
  return (
    <div className="page settings-page">
      <BannerCard />
      <PopupCard />
      <section className="card settings-card" aria-labelledby="configs-title">
        <header className="card-header">
          <h2 id="configs-title">Entrées de configuration</h2>
          <p className="muted">Les documents et liens proposés sur le site et dans l’application.</p>
        </header>
        {configs.data?.length ? (
          configs.data.map((entry) => <ConfigEntryCard key={`${entry.id}-${entry.FILE?.id ?? 0}`} entry={entry} />)
        ) : (
          <p className="muted">Aucune entrée.</p>
        )}
      </section>
    </div>
  );
}
