import { type ChangePasswordBody, changePasswordBody, MSG } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import { reportFailure } from '../../lib/errors';
import { notify } from '../../lib/toast';
import { useSessionUser } from '../../lib/useSession';
import { changePassword } from './auth.api';
import { FormField } from './FormField';

type Input = ChangePasswordBody;
type Output = z.output<typeof changePasswordBody>;
type PasswordName = 'old_password' | 'new_password' | 'confirm_password';

const EMPTY: Input = { name: '', old_password: '', new_password: '', confirm_password: '' };

/**
 * Change password: old password required; a new one is optional but, once given,
 * must be confirmed. The server's INVALID_OLD_PASSWORD lands under the old password and clears as
 * soon as the user types there.
 */
export function ChangePasswordDialog({ visible, onHide }: { visible: boolean; onHide(): void }) {
  const user = useSessionUser();
  const { control, register, handleSubmit, reset, setError, clearErrors, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(changePasswordBody),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (visible) reset({ ...EMPTY, name: user ? `${user.FIRSTNAME} ${user.LASTNAME}`.trim() : '' });
  }, [visible, user, reset]);

  const onSubmit = handleSubmit(async (values) => {
    if (!user) return;
    try {
      await changePassword(user.id ?? user.ID, {
        name: values.name,
        old_password: values.old_password,
        new_password: values.new_password,
        confirm_password: values.confirm_password ?? null,
      });
      notify.success('Identifiants modifiés', 'Vos identifiants ont été mis à jour.');
      onHide();
    } catch (e) {
      if (e instanceof ApiError && e.message === 'INVALID_OLD_PASSWORD') {
        setError('old_password', { type: 'server', message: MSG.invalidOldPassword });
        return;
      }
      if (e instanceof ApiError && e.status === 422 && Object.keys(e.errors).length > 0) {
        for (const [field, messages] of Object.entries(e.errors)) {
          if (field in EMPTY) setError(field as keyof Input, { type: 'server', message: messages[0] });
        }
        return;
      }
      reportFailure(e, 'PUT');
    }
  });

  const passwordField = (name: PasswordName, label: string, autoComplete: string) => (
    <FormField id={`cp-${name}`} label={label} error={errors[name]?.message}>
      <Controller
        name={name}
        control={control}
        render={({ field }) => (
          <Password
            inputId={`cp-${name}`}
            inputRef={field.ref}
            value={field.value ?? ''}
            onChange={(e) => {
              if (name === 'old_password') clearErrors('old_password');
              field.onChange(e.target.value);
            }}
            onBlur={field.onBlur}
            toggleMask
            feedback={false}
            autoComplete={autoComplete}
            invalid={!!errors[name]}
            className="w-full"
            inputClassName="w-full"
          />
        )}
      />
    </FormField>
  );

  return (
    <Dialog
      header="Changer le mot de passe"
      visible={visible}
      onHide={onHide}
      style={{ width: '30rem' }}
      breakpoints={{ '575px': '94vw' }}
      draggable={false}
      resizable={false}
    >
      <form onSubmit={onSubmit} noValidate>
        <FormField id="cp-name" label="Nom" error={errors.name?.message}>
          <InputText id="cp-name" className="w-full" invalid={!!errors.name} {...register('name')} />
        </FormField>
        {passwordField('old_password', 'Ancien mot de passe', 'current-password')}
        {passwordField('new_password', 'Nouveau mot de passe', 'new-password')}
        {passwordField('confirm_password', 'Confirmation du mot de passe', 'new-password')}
        <div className="dialog-actions">
          <Button type="button" label="Annuler" severity="secondary" outlined onClick={onHide} />
          <Button type="submit" label="Enregistrer" icon="pi pi-check" loading={isSubmitting} />
        </div>
      </form>
    </Dialog>
  );
}
