import { SIGN_IN_PATH } from '@app/domain';
import { BreadCrumb } from 'primereact/breadcrumb';
import { Link, useNavigate } from 'react-router';
import { articleLabel, TERMS, TERMS_SECTIONS } from './cgu-content';

/** Public terms page /cgu_cgv. */
export default function CguPage() {
  const navigate = useNavigate();
  return (
    <div className="public-page">
      <header className="public-header">
        <Link to={SIGN_IN_PATH} className="public-brand">
          <img src="/logo.svg" alt="" width={36} height={36} />
          <span>Programme Fidélité</span>
        </Link>
        <Link to={SIGN_IN_PATH} className="p-button p-button-sm p-button-outlined public-signin">
          <i className="pi pi-sign-in" aria-hidden="true" />
          <span>Se connecter</span>
        </Link>
      </header>
      <main className="public-main">
        <BreadCrumb
          className="public-breadcrumb"
          home={{ icon: 'pi pi-home', label: 'Accueil', command: () => navigate(SIGN_IN_PATH) }}
          model={[{ label: 'Conditions générales' }]}
          // PrimeReact puts a role="separator" item between the list items: a chevron, decoration only.
          pt={{ separator: { 'aria-hidden': true } }}
        />
        <article className="terms card">
          <h1>{TERMS.title}</h1>
          <p className="terms-type">{TERMS.documentType}</p>
          <p className="terms-update">Dernière mise à jour : {TERMS.lastUpdate}</p>
          {TERMS_SECTIONS.map((s, i) => (
            <section key={s.title} className="terms-section">
              <h2>
                <span className="terms-number">{articleLabel(i)}</span> — {s.title}
              </h2>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: static text bundled with the app, never user input. */}
              <div className="terms-body" dangerouslySetInnerHTML={{ __html: s.html }} />
            </section>
          ))}
        </article>
      </main>
      <footer className="public-footer">© 2025 Programme Fidélité</footer>
    </div>
  );
}
