import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useSyncExternalStore } from 'react';
import { rgpd } from '../../lib/rgpd';

/** Modal data-protection notice, opened through lib/rgpd. */
export function RgpdDialog() {
  const visible = useSyncExternalStore(rgpd.subscribe, rgpd.isOpen);
  return (
    <Dialog
      header="Protection des données personnelles"
      visible={visible}
      onHide={rgpd.close}
      modal
      draggable={false}
      resizable={false}
      style={{ width: '40vw', maxWidth: '95%' }}
      breakpoints={{ '1440px': '50vw', '991px': '60vw', '767px': '70vw', '575px': '90vw' }}
      footer={<Button label="Fermer" icon="pi pi-times" onClick={rgpd.close} autoFocus />}
      className="rgpd-dialog"
    >
      <div className="rgpd-body">
        <p>
          Le Programme Fidélité traite des données à caractère personnel conformément à la loi organique tunisienne n° 2004-63 du 27 juillet 2004 relative à la
          protection des données à caractère personnel.
        </p>
        <h3>Données traitées</h3>
        <p>
          Identité et coordonnées professionnelles (nom, prénom, e-mail, téléphone), informations du compte client, historique des points, cadeaux, bons d'achat
          et commandes, ainsi que les journaux de connexion.
        </p>
        <h3>Finalités</h3>
        <p>
          Gestion des comptes et des accès, suivi du programme de fidélité et des commandes B2B, communication sur les offres du programme, sécurité et
          prévention des fraudes.
        </p>
        <h3>Cookies</h3>
        <p>
          Les cookies strictement nécessaires (session, sécurité, mémorisation de votre choix) sont toujours déposés. Les autres cookies ne le sont qu'avec
          votre accord, que vous pouvez retirer à tout moment en effaçant les cookies de votre navigateur.
        </p>
        <h3>Conservation et destinataires</h3>
        <p>
          Les données sont conservées pendant la durée de la relation commerciale puis pendant les délais légaux. Elles ne sont accessibles qu'aux personnes
          habilitées et à nos prestataires techniques (hébergement, envoi des e-mails), tenus à la confidentialité.
        </p>
        <h3>Vos droits</h3>
        <p>
          Vous disposez d'un droit d'accès, de rectification et d'opposition pour motif légitime. Pour l'exercer, écrivez à l'administrateur du programme.
          Consultez aussi notre{' '}
          <a href="/Eskimo_privacy_policy_fr.html" target="_blank" rel="noopener">
            politique de confidentialité
          </a>
          .
        </p>
      </div>
    </Dialog>
  );
}
