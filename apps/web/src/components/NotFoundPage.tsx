import { LAYOUT_PATH } from '@app/domain';
import { Button } from 'primereact/button';
import { useNavigate } from 'react-router';

/** Unknown /layout/* paths: inside the shell, so the menu stays at hand. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="not-found card">
      <i className="pi pi-compass" aria-hidden="true" />
      <h2>Page introuvable</h2>
      <p className="muted">Cette page n'existe pas ou n'est pas encore disponible.</p>
      <Button label="Retour à l'accueil" icon="pi pi-home" onClick={() => navigate(LAYOUT_PATH)} />
    </div>
  );
}
