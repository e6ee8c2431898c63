import { FILE_FAMILIES } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useRef } from 'react';
import { notify } from '../../lib/toast';
import { BANNER_KEY, fetchBanner, replaceBanner } from './site-settings.api';

/** The website's banner: the image and an edit button that picks and uploads another. */
export function BannerCard() {
  const qc = useQueryClient();
  const banner = useQuery({ queryKey: BANNER_KEY, queryFn: fetchBanner });
  const input = useRef<HTMLInputElement>(null);
  const onPick = async (files: FileList | null) => {
    const file = files?.[0];
    if (input.current) input.current.value = '';
    if (!file) return;
    await replaceBanner(file);
    await qc.invalidateQueries({ queryKey: BANNER_KEY });
    notify.success('Bannière', 'La nouvelle bannière est en ligne.');
  };
  return (
    <section className="card settings-card" aria-labelledby="banner-title">
      <header className="card-header settings-card-header">
        <h2 id="banner-title">Bannière</h2>
        <Button type="button" icon="pi pi-pencil" label="Modifier la bannière" onClick={() => input.current?.click()} />
        <input
          ref={input}
          type="file"
          hidden
          accept={FILE_FAMILIES.image.accept}
          aria-label="Nouvelle bannière"
          onChange={(e) => void onPick(e.target.files).catch(() => {})}
        />
      </header>
      {banner.data ? <img className="settings-banner" src={banner.data} alt="Bannière actuelle du site" /> : <p className="muted">Aucune bannière.</p>}
    </section>
  );
}
