import { type AcceptInvitationBody, acceptInvitationBody, INVITATION_MSG, type InvitationAccepted, SIGN_IN_PATH } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { Skeleton } from 'primereact/skeleton';
import { type ReactNode, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { acceptInvitation, invitationTokenOf, useInvitation } from './invitation.api';
import './invitation.css';

function Card({ children }: { children: ReactNode }) {
  return (
    <div className="auth-page invitation-page">
      <aside className="auth-hero" aria-hidden="true">
        <div className="auth-hero-inner">
          <img src="/logo.svg" alt="" width={64} height={64} />
          <h2>Bienvenue</h2>
          <p>Choisissez votre mot de passe pour activer votre compte du programme de fidélité.</p>
        </div>
      </aside>
      <main className="auth-main">
        <div className="auth-card">
          <div className="auth-brand">
            <img src="/logo.svg" alt="Logo Programme Fidélité" width={48} height={48} />
            <div>
              <div className="auth-brand-name">Programme Fidélité</div>
              <div className="auth-brand-sub">Activation du compte</div>
            </div>
          </div>
          {children}
        </div>
        <footer className="auth-footer">
          <span>© 2025 Programme Fidélité</span>
          <Link to="/cgu_cgv">CGU / CGV</Link>
        </footer>
      </main>
    </div>
  );
}

function Invalid() {
  return (
    <>
      <h1>Invitation</h1>
      <Message severity="error" text={INVITATION_MSG.invalid} className="auth-failure" role="alert" />
      <p className="auth-lead">Le lien a déjà servi ou a plus de 7 jours. Demandez une nouvelle invitation à l’administrateur du programme.</p>
      <Link to={SIGN_IN_PATH} className="p-button p-button-outlined w-full invitation-action">
        <i className="pi pi-sign-in" aria-hidden="true" />
        <span>Aller à la connexion</span>
      </Link>
    </>
  );
}

function Done({ result }: { result: InvitationAccepted }) {
  return (
    <>
      <h1>Compte prêt</h1>
      <Message severity="success" text={result.message} className="auth-failure" role="status" />
      {result.MOBILE ? (
        <p className="auth-lead">
          Connectez-vous sur l’application mobile du programme avec l’adresse <strong>{result.EMAIL}</strong> et le mot de passe que vous venez de choisir.
        </p>
      ) : (
        <>
          <p className="auth-lead">
            Connectez-vous au back-office avec l’adresse <strong>{result.EMAIL}</strong> et le mot de passe que vous venez de choisir.
          </p>
          <Link to={SIGN_IN_PATH} className="p-button w-full invitation-action">
            <i className="pi pi-sign-in" aria-hidden="true" />
            <span>Se connecter</span>
          </Link>
        </>
      )}
    </>
  );
}

function PasswordInput({
  id,
  label,
  error,
  field,
}: {
  id: string;
  label: string;
  error?: string;
  field: { value: string; onChange: (v: string) => void; onBlur: () => void; name: string; ref: (el: HTMLInputElement | null) => void };
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Password
        inputId={id}
        inputRef={field.ref}
        name={field.name}
        value={field.value}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        toggleMask
        feedback={false}
        autoComplete="new-password"
        invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-full"
        inputClassName="w-full"
      />
      {error && (
        <small className="field-error" id={`${id}-error`} role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

/** /invitation#token=… (public): the invitee chooses a password once; the link lives 7 days. */
export default function InvitationPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { token, legacy } = invitationTokenOf(location);
  // An older link's token leaves the query for the fragment, out of the history and of later requests.
  useEffect(() => {
    if (legacy) navigate({ pathname: location.pathname, search: '', hash: new URLSearchParams({ token }).toString() }, { replace: true });
  }, [legacy, token, location.pathname, navigate]);
  return <InvitationForm key={token} token={token} />;
}

function InvitationForm({ token }: { token: string }) {
  const [done, setDone] = useState<InvitationAccepted>();
  const [expired, setExpired] = useState(false);
  const [failure, setFailure] = useState<string>();
  const info = useInvitation(token);
  const { control, handleSubmit, setError, formState } = useForm<AcceptInvitationBody>({
    resolver: zodResolver(acceptInvitationBody),
    defaultValues: { token, password: '', confirm: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      setDone(await acceptInvitation(values));
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) setExpired(true);
      else if (e instanceof ApiError && e.status === 422 && Object.keys(e.errors).length) {
        for (const [name, [message]] of Object.entries(e.errors)) setError(name as keyof AcceptInvitationBody, { type: 'server', message });
      } else setFailure(e instanceof ApiError && e.status !== 0 && e.status < 500 ? e.message : 'Erreur du serveur. Réessayez plus tard.');
    }
  });

  if (done)
    return (
      <Card>
        <Done result={done} />
      </Card>
    );
  const refused = info.error instanceof ApiError && (info.error.status === 404 || info.error.status === 422);
  if (token.length < 20 || expired || refused)
    return (
      <Card>
        <Invalid />
      </Card>
    );
  if (info.error)
    return (
      <Card>
        <h1>Invitation</h1>
        <Message
          severity="error"
          text={info.error instanceof ApiError && info.error.status === 429 ? info.error.message : 'Serveur injoignable. Réessayez plus tard.'}
          className="auth-failure"
          role="alert"
        />
      </Card>
    );
  if (!info.data)
    return (
      <Card>
        <h1>Invitation</h1>
        <Skeleton height="1.2rem" className="invitation-skeleton" />
        <Skeleton height="2.6rem" className="invitation-skeleton" />
        <Skeleton height="2.6rem" className="invitation-skeleton" />
      </Card>
    );

  const { errors, isSubmitting } = formState;
  return (
    <Card>
      <h1>Bonjour {info.data.FIRSTNAME || info.data.EMAIL}</h1>
      <p className="auth-lead">
        Vous êtes invité(e) au programme de fidélité avec l’adresse <strong>{info.data.EMAIL}</strong>. Choisissez votre mot de passe (8 caractères au moins).
      </p>
      {failure && <Message severity="error" text={failure} className="auth-failure" role="alert" />}
      <form onSubmit={onSubmit} noValidate>
        <Controller
          name="password"
          control={control}
          render={({ field }) => <PasswordInput id="invitation-password" label="Mot de passe" error={errors.password?.message} field={field} />}
        />
        <Controller
          name="confirm"
          control={control}
          render={({ field }) => <PasswordInput id="invitation-confirm" label="Confirmer le mot de passe" error={errors.confirm?.message} field={field} />}
        />
        <Button type="submit" label="Activer mon compte" icon="pi pi-check" loading={isSubmitting} className="w-full auth-submit" />
      </form>
    </Card>
  );
}
