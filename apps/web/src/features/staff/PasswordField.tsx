import { Password } from 'primereact/password';
import { FieldShell } from '../../components/fields';
import { type BaseFieldProps, useField } from '../../components/fields/useField';

/** A new account's password, with the show / hide toggle of the sign-in screen; the rule (8 characters) is the domain's. */
export function PasswordField(props: BaseFieldProps) {
  const { field, id, error, disabled, aria, label } = useField(props.name, props.disabled, props);
  return (
    <FieldShell id={id} label={label} required={props.required} error={error} hint={props.hint} wide={props.wide}>
      <Password
        inputId={id}
        inputRef={field.ref}
        name={field.name}
        value={field.value == null ? '' : String(field.value)}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        disabled={disabled}
        invalid={!!error}
        toggleMask
        feedback={false}
        autoComplete="new-password"
        className="w-full"
        inputClassName="w-full"
        {...aria}
      />
    </FieldShell>
  );
}
