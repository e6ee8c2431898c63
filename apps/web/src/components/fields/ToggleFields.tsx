import { Checkbox } from 'primereact/checkbox';
import { InputSwitch } from 'primereact/inputswitch';
import { SWITCH_PT } from '../a11y';
import { FieldShell } from './FieldShell';
import { type BaseFieldProps, useField } from './useField';

const isOn = (v: unknown) => v === true || v === 1 || v === '1';
/** The API speaks 0/1; a form that holds booleans keeps booleans. */
const next = (current: unknown, checked: boolean) => (typeof current === 'boolean' ? checked : checked ? 1 : 0);

function Toggle({ kind, ...props }: BaseFieldProps & { kind: 'switch' | 'checkbox' }) {
  const { field, id, error, disabled, label } = useField(props.name, props.disabled, props);
  const common = {
    inputId: id,
    inputRef: field.ref,
    name: field.name,
    checked: isOn(field.value),
    onChange: (e: { checked?: boolean }) => field.onChange(next(field.value, !!e.checked)),
    onBlur: field.onBlur,
    disabled,
    invalid: !!error,
  };
  return (
    <FieldShell id={id} label={label} required={props.required} error={error} hint={props.hint} wide={props.wide} inline>
      {kind === 'switch' ? <InputSwitch {...common} pt={SWITCH_PT} /> : <Checkbox {...common} />}
    </FieldShell>
  );
}

export const SwitchField = (props: BaseFieldProps) => <Toggle kind="switch" {...props} />;
export const CheckboxField = (props: BaseFieldProps) => <Toggle kind="checkbox" {...props} />;
