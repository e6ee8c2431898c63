import { MSG, resetPasswordBody, sendResetEmailBody, validateCodeBody } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { resetPassword, sendResetEmail, validateResetCode } from './auth.api';
import { Captcha, type CaptchaValue } from './Captcha';
import { FormField } from './FormField';

/** Password reset errors: a toast titled 'Error' with the server message; the step stays. */
function showResetError(e: unknown) {
  const detail = e instanceof ApiError && e.status !== 0 && e.status < 500 ? e.message : 'Erreur du serveur, veuillez réessayer.';
  notify.error('Error', detail);
}

export function EmailStep({ onSent }: { onSent(email: string): void }) {
  const [captcha, setCaptcha] = useState<CaptchaValue>({ required: true, payload: null });
  const [captchaKey, setCaptchaKey] = useState(0);
  const [captchaError, setCaptchaError] = useState<string>();
  const { register, handleSubmit, formState } = useForm<{ email: string }>({
    resolver: zodResolver(sendResetEmailBody.pick({ email: true })),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async ({ email }) => {
    if (captcha.required && !captcha.payload) {
      setCaptchaError(MSG.captcha);
      return;
    }
    try {
      await sendResetEmail({ email, captcha: captcha.payload ?? undefined });
      onSent(email);
    } catch (e) {
      showResetError(e);
      setCaptchaKey((k) => k + 1);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="forgot-help">Saisissez l'adresse e-mail de votre compte : nous vous enverrons un code d'activation.</p>
      <FormField id="forgot-email" label="Email" error={formState.errors.email?.message}>
        <InputText id="forgot-email" type="email" autoComplete="email" className="w-full" invalid={!!formState.errors.email} {...register('email')} />
      </FormField>
      <Captcha
        refreshKey={captchaKey}
        error={captchaError}
        onChange={(v) => {
          setCaptcha(v);
          if (v.payload || !v.required) setCaptchaError(undefined);
        }}
      />
      <div className="dialog-actions">
        <Button type="submit" label="Envoyer le code" icon="pi pi-send" loading={formState.isSubmitting} />
      </div>
    </form>
  );
}

export function CodeStep({ email, onValid }: { email: string; onValid(code: string): void }) {
  const { register, handleSubmit, formState } = useForm<{ reset_code: string }>({
    resolver: zodResolver(validateCodeBody.pick({ reset_code: true })),
    defaultValues: { reset_code: '' },
  });
  const onSubmit = handleSubmit(async ({ reset_code }) => {
    try {
      await validateResetCode({ email, reset_code });
      onValid(reset_code);
    } catch (e) {
      showResetError(e);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="forgot-help">
        Un code a été envoyé à <strong>{email}</strong>. Saisissez-le ci-dessous.
      </p>
      <FormField id="reset-code" label="Code d'activation" error={formState.errors.reset_code?.message}>
        <InputText
          id="reset-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          className="w-full"
          invalid={!!formState.errors.reset_code}
          {...register('reset_code')}
        />
      </FormField>
      <div className="dialog-actions">
        <Button type="submit" label="Valider le code" icon="pi pi-check" loading={formState.isSubmitting} />
      </div>
    </form>
  );
}

const newPasswordSchema = z
  .object({ password: resetPasswordBody.shape.password, confirm: z.string() })
  .refine((v) => v.confirm === v.password, { path: ['confirm'], message: MSG.passwordsMismatch });

export function NewPasswordStep({ email, code, onReset }: { email: string; code: string; onReset(): void }) {
  const { control, handleSubmit, formState } = useForm<{ password: string; confirm: string }>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await resetPassword({ email, reset_code: code, password });
      onReset();
    } catch (e) {
      showResetError(e);
    }
  });
  const field = (name: 'password' | 'confirm', id: string, label: string) => (
    <FormField id={id} label={label} error={formState.errors[name]?.message}>
      <Controller
        name={name}
        control={control}
        render={({ field: f }) => (
          <Password
            inputId={id}
            inputRef={f.ref}
            value={f.value}
            onChange={(e) => f.onChange(e.target.value)}
            onBlur={f.onBlur}
            toggleMask
            feedback={false}
            autoComplete="new-password"
            invalid={!!formState.errors[name]}
            className="w-full"
            inputClassName="w-full"
          />
        )}
      />
    </FormField>
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="forgot-help">Choisissez votre nouveau mot de passe (au moins 8 caractères).</p>
      {field('password', 'new-password', 'Nouveau mot de passe')}
      {field('confirm', 'confirm-password', 'Confirmation du mot de passe')}
      <div className="dialog-actions">
        <Button type="submit" label="Réinitialiser" icon="pi pi-lock" loading={formState.isSubmitting} />
      </div>
    </form>
  );
}

export function DoneStep({ onClose }: { onClose(): void }) {
  return (
    <div className="forgot-done" role="status">
      <i className="pi pi-check-circle forgot-done-icon" aria-hidden="true" />
      <p>
        <strong>Les étapes sont terminées.</strong>
        <br />
        Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.
      </p>
      <div className="dialog-actions">
        <Button type="button" label="Se connecter" icon="pi pi-sign-in" onClick={onClose} />
      </div>
    </div>
  );
}
