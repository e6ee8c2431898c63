import { EMAIL_PATTERN, MSG } from '@app/domain';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { EmailField } from '../../components/fields';
import type { BaseFieldProps } from '../../components/fields/useField';
import { isEmailUnique } from './staff.api';

/**
 * Email of an account: once a well-formed address is typed, the server says whether another account
 * already has it (POST validations/email/unique, ignoring the account being edited), so the field
 * shows 'L'adresse e-mail est déjà utilisée' before saving. The save checks it again.
 */
export function UniqueEmailField({ ignore, ...props }: BaseFieldProps & { ignore: number | null }) {
  const { control, setError, formState } = useFormContext();
  const value = useWatch({ control, name: props.name });
  const initial = formState.defaultValues?.[props.name];
  useEffect(() => {
    const email = String(value ?? '').trim();
    if (!EMAIL_PATTERN.test(email) || email.toLowerCase() === String(initial ?? '').toLowerCase()) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      isEmailUnique(email, ignore)
        .then((r) => {
          if (!cancelled && !r.unique) setError(props.name, { type: 'server', message: MSG.emailExists });
        })
        // A failed check is not an answer: the save decides.
        .catch(() => undefined);
    }, 400);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [value, initial, ignore, props.name, setError]);
  return <EmailField {...props} />;
}
