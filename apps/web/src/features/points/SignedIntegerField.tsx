import { InputText } from 'primereact/inputtext';
import { type BaseFieldProps, FieldShell } from '../../components/fields';
import { useField } from '../../components/fields/useField';
import { filterSignedInteger } from './points-form';

/** A whole number of points that may be negative (balance corrections). */
export function SignedIntegerField(props: BaseFieldProps & { autoFocus?: boolean }) {
  const { field, id, error, disabled, aria, label } = useField(props.name, props.disabled, props);
  return (
    <FieldShell id={id} label={label} required={props.required} error={error} hint={props.hint} wide={props.wide}>
      <InputText
        id={id}
        ref={field.ref}
        name={field.name}
        inputMode="numeric"
        value={field.value == null ? '' : String(field.value)}
        onChange={(e) => field.onChange(filterSignedInteger(e.target.value))}
        onBlur={field.onBlur}
        disabled={disabled}
        invalid={!!error}
        maxLength={10}
        autoFocus={props.autoFocus}
        {...aria}
      />
    </FieldShell>
  );
}
