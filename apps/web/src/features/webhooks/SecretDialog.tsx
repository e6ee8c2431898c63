import { WEBHOOK_MSG } from '@app/domain';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { notify } from '../../lib/toast';

/**
 * The signing secret, shown once (after the creation or a renewal: no other reply of the server carries
 * it, the list shows it masked): the receiver checks each request's Webhook-Signature with it. Copied to
 * the clipboard on demand.
 */
export function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success('Secret copié');
    } catch {
      notify.warn('Copie impossible', 'Sélectionnez le secret et copiez-le.');
    }
  };
  return (
    <Dialog
      header="Secret de signature"
      visible
      onHide={onClose}
      footer={<Button label="J’ai noté le secret" onClick={onClose} />}
      breakpoints={{ '640px': '95vw' }}
      style={{ width: '36rem' }}
    >
      <p className="webhook-secret-once">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {WEBHOOK_MSG.secretShownOnce}
      </p>
      <p>Il sert à vérifier la signature (en-tête Webhook-Signature) de chaque envoi.</p>
      <div className="webhook-secret">
        <code data-testid="webhook-secret">{secret}</code>
        <Button icon="pi pi-copy" label="Copier" outlined size="small" onClick={copy} />
      </div>
    </Dialog>
  );
}
