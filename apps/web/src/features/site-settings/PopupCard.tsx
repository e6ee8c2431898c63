import { FILE_FAMILIES } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { useRef } from 'react';
import { notify } from '../../lib/toast';
import { addPopupImages, fetchPopup, POPUP_KEY, removePopupImage } from './site-settings.api';

/** The website's pop-up images: several uploaded at once, each removed after a confirmation. */
export function PopupCard() {
  const qc = useQueryClient();
  const images = useQuery({ queryKey: POPUP_KEY, queryFn: fetchPopup });
  const input = useRef<HTMLInputElement>(null);
  const onPick = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (input.current) input.current.value = '';
    if (!files.length) return;
    qc.setQueryData(POPUP_KEY, await addPopupImages(files));
    notify.success('Pop-up', files.length > 1 ? `${files.length} images ajoutées.` : 'Image ajoutée.');
  };
  const askRemove = (path: string, n: number) =>
    confirmDialog({
      header: 'Confirmation',
      message: `Voulez-vous vraiment supprimer l’image ${n} du pop-up ?`,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Oui',
      rejectLabel: 'Non',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: async () => {
        qc.setQueryData(POPUP_KEY, await removePopupImage(path));
        notify.success('Pop-up', 'Image supprimée.');
      },
    });
  return (
    <section className="card settings-card" aria-labelledby="popup-title">
      <header className="card-header settings-card-header">
        <h2 id="popup-title">Images du pop-up</h2>
        <Button type="button" icon="pi pi-upload" label="Ajouter des images" onClick={() => input.current?.click()} />
        <input
          ref={input}
          type="file"
          hidden
          multiple
          accept={FILE_FAMILIES.image.accept}
          aria-label="Images du pop-up à ajouter"
          onChange={(e) => void onPick(e.target.files).catch(() => {})}
        />
      </header>
      {images.data?.length ? (
        <ul className="settings-popup-grid">
          {images.data.map((path, i) => (
            <li key={path}>
              <img src={path} alt={`Image ${i + 1} du pop-up`} />
              <Button
                type="button"
                icon="pi pi-trash"
                rounded
                severity="danger"
                aria-label={`Supprimer l’image ${i + 1} du pop-up`}
                onClick={() => askRemove(path, i + 1)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Aucune image.</p>
      )}
    </section>
  );
}
