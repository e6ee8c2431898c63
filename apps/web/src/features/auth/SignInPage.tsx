import { LAYOUT_PATH, MSG } from '@app/domain';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { rgpd } from '../../lib/rgpd';
import { session } from '../../lib/session';
import { signIn } from './auth.api';
import { Captcha, type CaptchaValue } from './Captcha';
import { FormField } from './FormField';

type Values = { email: string; password: string };

// zod and the forgot-password dialog load on first use, not with the page: the sign-in screen has a
// JavaScript budget (scripts/bundle-budget.mjs).
const resolver: Resolver<Values> = async (values, context, options) => (await import('./sign-in-resolver')).signInResolver(values, context, options);
const ForgotPasswordDialog = lazy(() => import('./ForgotPasswordDialog').then((m) => ({ default: m.ForgotPasswordDialog })));

/** Why a sign-in was refused, in the older product's words. */
function refusal(e: unknown): string {
  if (!(e instanceof ApiError)) return 'Erreur du serveur';
  if (e.status === 401) return MSG.loginFailed;
  if (e.status === 403 || e.status === 429 || e.status === 422) return e.message;
  return e.status === 0 ? 'Serveur injoignable. Vérifiez votre connexion.' : 'Erreur du serveur';
}

export default function SignInPage() {
  const navigate = useNavigate();
  const [captcha, setCaptcha] = useState<CaptchaValue>({ required: true, payload: null });
  const [captchaKey, setCaptchaKey] = useState(0);
  const [captchaError, setCaptchaError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotUsed, setForgotUsed] = useState(false);
  const { control, register, handleSubmit, setValue, formState } = useForm<Values>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  // Arriving on the sign-in screen ends any stored session.
  useEffect(() => {
    session.clear();
    queryClient.clear();
  }, []);

  const onCaptcha = (value: CaptchaValue) => {
    setCaptcha(value);
    if (value.payload || !value.required) setCaptchaError(undefined);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    if (captcha.required && !captcha.payload) {
      setCaptchaError(MSG.captcha);
      return;
    }
    try {
      const reply = await signIn({ ...values, captcha: captcha.payload ?? undefined });
      session.start(reply.token, { ...reply.user, role: reply.role, login: reply.login });
      // /layout's index sends each role to its landing (app/routes.tsx).
      navigate(LAYOUT_PATH, { replace: true });
    } catch (e) {
      setFailure(refusal(e));
      setCaptchaKey((k) => k + 1);
    }
  });

  return (
    <div className="auth-page">
      <aside className="auth-hero" aria-hidden="true">
        <div className="auth-hero-inner">
          <img src="/logo.svg" alt="" width={64} height={64} />
          <h2>Programme Fidélité</h2>
          <p>Le back-office de votre programme de fidélité et de vos commandes B2B.</p>
          <ul>
            <li>
              <i className="pi pi-users" /> Clients, équipes et chefs de zone
            </li>
            <li>
              <i className="pi pi-gift" /> Points, badges, cadeaux et bons d'achat
            </li>
            <li>
              <i className="pi pi-shopping-cart" /> Catalogue et commandes en dinars
            </li>
          </ul>
        </div>
      </aside>

      <main className="auth-main">
        <div className="auth-card">
          <div className="auth-brand">
            <img src="/logo.svg" alt="Logo Programme Fidélité" width={48} height={48} />
            <div>
              <div className="auth-brand-name">Programme Fidélité</div>
              <div className="auth-brand-sub">Espace d'administration</div>
            </div>
          </div>
          <h1>Connexion</h1>
          <p className="auth-lead">Identifiez-vous pour accéder au back-office.</p>

          {failure && <Message severity="error" text={failure} className="auth-failure" role="alert" />}

          <form onSubmit={onSubmit} noValidate>
            <FormField id="email" label="Email" error={errors.email?.message}>
              <InputText
                id="email"
                type="email"
                autoComplete="username"
                placeholder="nom@entreprise.tn"
                invalid={!!errors.email}
                className="w-full"
                {...register('email')}
              />
            </FormField>
            <FormField id="password" label="Mot de passe" error={errors.password?.message}>
              <Controller
                name="password"
                control={control}
                render={({ field }) => (
                  <Password
                    inputId="password"
                    inputRef={field.ref}
                    name={field.name}
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value)}
                    onBlur={field.onBlur}
                    toggleMask
                    feedback={false}
                    autoComplete="current-password"
                    invalid={!!errors.password}
                    className="w-full"
                    inputClassName="w-full"
                  />
                )}
              />
            </FormField>
            <div className="auth-row">
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setForgotUsed(true);
                  setForgotOpen(true);
                }}
              >
                Mot de passe oublié ?
              </button>
            </div>
            <Captcha onChange={onCaptcha} refreshKey={captchaKey} error={captchaError} />
            <Button type="submit" label="Se connecter" icon="pi pi-sign-in" loading={isSubmitting} className="w-full auth-submit" />
          </form>
        </div>
        <footer className="auth-footer">
          <span>© 2025 Programme Fidélité</span>
          <Link to="/cgu_cgv">CGU / CGV</Link>
          <button type="button" className="link-button" onClick={rgpd.open}>
            Données personnelles
          </button>
        </footer>
      </main>

      {forgotUsed && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            visible={forgotOpen}
            onHide={() => setForgotOpen(false)}
            onDone={(email) => {
              setForgotOpen(false);
              setValue('email', email);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
