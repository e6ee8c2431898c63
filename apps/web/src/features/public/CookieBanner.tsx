import { Button } from 'primereact/button';
import { useState } from 'react';
import { rgpd } from '../../lib/rgpd';
import { readConsent, writeConsent } from './consent';

/** Shown on every screen until myShinyCookie is set; either answer hides it. */
export function CookieBanner() {
  const [answered, setAnswered] = useState(() => readConsent() !== null);
  if (answered) return null;
  const answer = (accepted: boolean) => {
    writeConsent(accepted);
    setAnswered(true);
  };
  return (
    <div className="cookie-banner" role="dialog" aria-live="polite" aria-label="Cookies">
      <i className="pi pi-shield cookie-icon" aria-hidden="true" />
      <p>
        Nous utilisons des cookies strictement nécessaires au fonctionnement du back-office et, avec votre accord, des cookies de mesure d'audience.{' '}
        <button type="button" className="link-button" onClick={rgpd.open}>
          En savoir plus sur vos données personnelles
        </button>
      </p>
      <div className="cookie-actions">
        <Button label="Refuser" size="small" severity="secondary" outlined onClick={() => answer(false)} />
        <Button label="Accepter" size="small" onClick={() => answer(true)} />
      </div>
    </div>
  );
}
