import { ROLE_LABELS, type SavedView, VIEW_NAME_MAX, VIEWS_MSG } from '@app/domain';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { useSessionUser } from '../../../lib/useSession';

export interface ViewNameDialogProps {
  visible: boolean;
  /** The view renamed or (un)shared; null saves the list as a new view. */
  view: SavedView | null;
  onHide: () => void;
  onSave: (v: { NAME: string; SHARED: boolean; DEFAULT?: boolean }) => Promise<void>;
}

/** « Enregistrer la vue… » (name, share with my role, default) and « Renommer ou partager… ». */
export default function ViewNameDialog({ visible, view, onHide, onSave }: ViewNameDialogProps) {
  const role = useSessionUser()?.role ?? '';
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [isDefault, setIsDefault] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) return;
    setName(view?.NAME ?? '');
    setShared(view?.SHARED ?? false);
    setIsDefault(false);
    setError(null);
  }, [visible, view]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > VIEW_NAME_MAX) return setError(VIEWS_MSG.name);
    setBusy(true);
    try {
      await onSave(view ? { NAME: trimmed, SHARED: shared } : { NAME: trimmed, SHARED: shared, DEFAULT: isDefault });
    } catch (err) {
      // A name already taken, or the limit, belongs under the field; anything else in a toast.
      if (err instanceof ApiError && err.status === 422) setError(err.errors.NAME?.[0] ?? err.message);
      else notify.error('Enregistrement impossible', err instanceof Error ? err.message : undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      header={view ? 'Renommer ou partager la vue' : 'Enregistrer la vue'}
      visible={visible}
      onHide={onHide}
      className="dt-view-dialog"
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
    >
      <form onSubmit={submit} className="dt-view-form" noValidate>
        <label htmlFor="view-name">Nom de la vue</label>
        <InputText
          id="view-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={VIEW_NAME_MAX}
          autoFocus
          invalid={!!error}
          aria-describedby={error ? 'view-name-error' : undefined}
        />
        {error && (
          <small id="view-name-error" className="p-error" role="alert">
            {error}
          </small>
        )}
        <div className="dt-view-check">
          <input type="checkbox" className="dt-check" id="view-shared" checked={shared} onChange={(e) => setShared(e.target.checked)} />
          <label htmlFor="view-shared">Partager avec mon rôle ({ROLE_LABELS[role] ?? role})</label>
        </div>
        {!view && (
          <div className="dt-view-check">
            <input type="checkbox" className="dt-check" id="view-default" checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} />
            <label htmlFor="view-default">Ouvrir cette liste sur cette vue par défaut</label>
          </div>
        )}
        <div className="dt-view-actions">
          <Button type="button" label="Annuler" text onClick={onHide} />
          <Button type="submit" label="Enregistrer" icon="pi pi-check" loading={busy} />
        </div>
      </form>
    </Dialog>
  );
}
