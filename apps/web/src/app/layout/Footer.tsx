import { Link } from 'react-router';
import { rgpd } from '../../lib/rgpd';

/** Application name, year 2025, terms link. */
export function Footer() {
  return (
    <footer className="app-footer">
      <span>
        <strong>Programme Fidélité</strong> © 2025
      </span>
      <span className="app-footer-links">
        <Link to="/cgu_cgv">CGU / CGV</Link>
        <button type="button" className="link-button" onClick={rgpd.open}>
          Données personnelles
        </button>
      </span>
    </footer>
  );
}
