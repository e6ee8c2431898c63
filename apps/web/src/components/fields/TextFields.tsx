import { DIGITS_MAX, TEL_MAX } from '@app/domain';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { ChangeEvent } from 'react';
import { FieldShell } from './FieldShell';
import { filterDecimal, filterPhone } from './input-filters';
import { type BaseFieldProps, useField } from './useField';

/** Text in another script: Arabic inputs are `dir="rtl" lang="ar"`. */
interface ScriptProps {
  dir?: 'rtl' | 'ltr';
  lang?: string;
}

interface TextInputProps extends BaseFieldProps, ScriptProps {
  placeholder?: string;
  maxLength?: number;
  autoFocus?: boolean;
  autoComplete?: string;
}

/**
 * Single-line inputs differ only in type, keyboard and keystroke filter. Required and blank
 * values are judged by the domain schema (its messages), not here.
 */
function LineInput({
  type = 'text',
  inputMode,
  filter,
  ...props
}: TextInputProps & { type?: string; inputMode?: 'text' | 'email' | 'tel' | 'decimal'; filter?: (raw: string) => string }) {
  const { field, id, error, disabled, aria, label, maxLength } = useField(props.name, props.disabled, props);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => field.onChange(filter ? filter(e.target.value) : e.target.value);
  return (
    <FieldShell id={id} label={label} required={props.required} error={error} hint={props.hint} wide={props.wide}>
      <InputText
        id={id}
        ref={field.ref}
        name={field.name}
        type={type}
        inputMode={inputMode}
        value={field.value == null ? '' : String(field.value)}
        onChange={onChange}
        onBlur={field.onBlur}
        disabled={disabled}
        invalid={!!error}
        placeholder={props.placeholder}
        maxLength={maxLength}
        autoFocus={props.autoFocus}
        autoComplete={props.autoComplete}
        dir={props.dir}
        lang={props.lang}
        {...aria}
      />
    </FieldShell>
  );
}

export const TextField = (props: TextInputProps) => <LineInput {...props} />;

export const EmailField = (props: TextInputProps) => <LineInput type="email" inputMode="email" autoComplete="email" maxLength={190} {...props} />;

/** Digits with at most a leading +, 20 characters. */
export const PhoneField = (props: TextInputProps) => (
  <LineInput type="tel" inputMode="tel" autoComplete="tel" {...props} maxLength={TEL_MAX} filter={filterPhone} />
);

/** A decimal kept as text: digits, one point, at most 3 decimals, 30 characters. */
export const NumberField = (props: TextInputProps & { decimals?: number }) => {
  const { decimals = 3, ...rest } = props;
  return <LineInput inputMode="decimal" {...rest} maxLength={DIGITS_MAX} filter={(raw) => filterDecimal(raw, decimals)} />;
};

export function TextAreaField(props: BaseFieldProps & ScriptProps & { rows?: number; maxLength?: number; placeholder?: string }) {
  const { field, id, error, disabled, aria, label, maxLength } = useField(props.name, props.disabled, props);
  return (
    <FieldShell id={id} label={label} required={props.required} error={error} hint={props.hint} wide={props.wide ?? true}>
      <InputTextarea
        id={id}
        ref={field.ref}
        name={field.name}
        value={field.value == null ? '' : String(field.value)}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        disabled={disabled}
        invalid={!!error}
        rows={props.rows ?? 3}
        autoResize
        maxLength={maxLength}
        placeholder={props.placeholder}
        dir={props.dir}
        lang={props.lang}
        {...aria}
      />
    </FieldShell>
  );
}
