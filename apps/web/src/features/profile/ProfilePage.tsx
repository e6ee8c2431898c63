import { emailChanges, MSG, type ProfileBody, profileFormBody, ROLE_LABELS } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Skeleton } from 'primereact/skeleton';
import { type ReactNode, useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../lib/api';
import { reportFailure } from '../../lib/errors';
import { session } from '../../lib/session';
import { notify } from '../../lib/toast';
import { useSessionUser } from '../../lib/useSession';
import { fetchProfile, PROFILE_KEY, saveProfile } from './profile.api';

type Values = { LASTNAME: string; FIRSTNAME: string; EMAIL: string; GSM: string; CURRENT_PASSWORD?: string };
const FIELDS: { name: Exclude<keyof Values, 'CURRENT_PASSWORD'>; label: string; type: string; autoComplete: string }[] = [
  { name: 'LASTNAME', label: 'Nom', type: 'text', autoComplete: 'family-name' },
  { name: 'FIRSTNAME', label: 'Prénom', type: 'text', autoComplete: 'given-name' },
  { name: 'EMAIL', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'GSM', label: 'Téléphone', type: 'tel', autoComplete: 'tel' },
];

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

/** Own profile: last name, first name, email and phone of the signed-in user. */
export default function ProfilePage() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery({ queryKey: PROFILE_KEY, queryFn: fetchProfile });
  // The saved e-mail, read by the resolver at each validation: the current password is required only
  // when the e-mail typed differs from it (the server checks the password).
  const savedEmail = useRef('');
  savedEmail.current = data?.EMAIL ?? '';
  const { register, handleSubmit, reset, setError, formState, watch } = useForm<Values, unknown, ProfileBody>({
    resolver: (values, context, options) => zodResolver(profileFormBody(savedEmail.current))(values, context, options),
    defaultValues: { LASTNAME: '', FIRSTNAME: '', EMAIL: '', GSM: '', CURRENT_PASSWORD: '' },
  });
  const { errors, isSubmitting, isDirty } = formState;
  const askPassword = !!data && emailChanges(data.EMAIL ?? '', watch('EMAIL') ?? '');

  useEffect(() => {
    if (data) reset({ LASTNAME: data.LASTNAME ?? '', FIRSTNAME: data.FIRSTNAME ?? '', EMAIL: data.EMAIL ?? '', GSM: data.GSM ?? '', CURRENT_PASSWORD: '' });
  }, [data, reset]);

  const onSubmit = handleSubmit(async ({ CURRENT_PASSWORD, ...values }) => {
    try {
      // The password travels only when it is needed, i.e. when the e-mail changes.
      const body = askPassword ? { ...values, CURRENT_PASSWORD } : values;
      const saved = (await saveProfile(body)) ?? values;
      const next = { ...values, ...saved, GSM: saved.GSM ?? values.GSM };
      session.updateUser({ LASTNAME: next.LASTNAME, FIRSTNAME: next.FIRSTNAME, EMAIL: next.EMAIL, GSM: next.GSM });
      queryClient.setQueryData(PROFILE_KEY, { ...data, ...next });
      reset({ LASTNAME: next.LASTNAME, FIRSTNAME: next.FIRSTNAME, EMAIL: next.EMAIL, GSM: next.GSM ?? '', CURRENT_PASSWORD: '' });
      notify.success('Profil mis à jour', 'Vos informations ont été enregistrées.');
    } catch (e) {
      if (e instanceof ApiError && e.status === 422 && e.message === 'Email Existe') {
        notify.warn('Email Existe', MSG.emailExists, 5000);
        setError('EMAIL', { type: 'server', message: MSG.emailExists });
        return;
      }
      if (e instanceof ApiError && e.status === 422) {
        for (const [field, messages] of Object.entries(e.errors)) {
          if (field === 'CURRENT_PASSWORD' || FIELDS.some((f) => f.name === field)) setError(field as keyof Values, { type: 'server', message: messages[0] });
        }
      }
      reportFailure(e, 'PUT');
    }
  });

  const initials = `${user?.FIRSTNAME?.[0] ?? ''}${user?.LASTNAME?.[0] ?? ''}`.toUpperCase() || '?';

  return (
    <div className="page profile-page">
      <section className="card profile-summary">
        <div className="avatar avatar-lg" aria-hidden="true">
          {initials}
        </div>
        <div>
          <h2>{user ? `${user.FIRSTNAME} ${user.LASTNAME}` : ''}</h2>
          <p className="muted">
            {user ? (ROLE_LABELS[user.role] ?? user.role) : ''} · {user?.EMAIL ?? user?.login}
          </p>
        </div>
      </section>

      <section className="card">
        <header className="card-header">
          <h2>Mes informations</h2>
          <p className="muted">Ces informations apparaissent dans le back-office et servent à vous contacter.</p>
        </header>
        {isPending ? (
          <div className="form-grid">
            {FIELDS.map((f) => (
              <Skeleton key={f.name} height="3.6rem" />
            ))}
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <div className="form-grid">
              {FIELDS.map((f) => (
                <Field key={f.name} id={`profile-${f.name}`} label={f.label} error={errors[f.name]?.message}>
                  <InputText
                    id={`profile-${f.name}`}
                    type={f.type}
                    autoComplete={f.autoComplete}
                    invalid={!!errors[f.name]}
                    className="w-full"
                    {...register(f.name)}
                  />
                </Field>
              ))}
              {askPassword && (
                <Field id="profile-CURRENT_PASSWORD" label="Mot de passe actuel" error={errors.CURRENT_PASSWORD?.message}>
                  <InputText
                    id="profile-CURRENT_PASSWORD"
                    type="password"
                    autoComplete="current-password"
                    invalid={!!errors.CURRENT_PASSWORD}
                    className="w-full"
                    aria-describedby="profile-CURRENT_PASSWORD-help"
                    {...register('CURRENT_PASSWORD')}
                  />
                  <small id="profile-CURRENT_PASSWORD-help" className="muted">
                    Requis pour changer l’adresse e-mail de connexion ; un avis sera envoyé à l’ancienne adresse.
                  </small>
                </Field>
              )}
            </div>
            <div className="form-actions">
              <Button type="button" label="Annuler" severity="secondary" outlined disabled={!isDirty || isSubmitting} onClick={() => reset()} />
              <Button type="submit" label="Enregistrer" icon="pi pi-check" loading={isSubmitting} />
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
