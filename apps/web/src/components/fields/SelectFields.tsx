import { Dropdown } from 'primereact/dropdown';
import { Skeleton } from 'primereact/skeleton';
import { lazy, Suspense } from 'react';
import { FieldShell } from './FieldShell';
import { useField } from './useField';
import { EMPTY, type SelectProps } from './select-props';
import { useOptions } from './useOptions';

/** One choice among options (PrimeReact Dropdown with a filter). */
export function SelectField<Row = Record<string, unknown>>(props: SelectProps<Row>) {
  const { field, id, error, disabled, aria, label } = useField(props.name, props.disabled, props);
  const { options, loading } = useOptions(props.source, props.options);
  return (
    <FieldShell id={id} label={label} required={props.required} error={error} hint={props.hint} wide={props.wide}>
      <Dropdown
        inputId={id}
        inputRef={field.ref}
        name={field.name}
        value={field.value ?? null}
        options={options}
        optionLabel="label"
        optionValue="value"
        onChange={(e) => {
          field.onChange(e.value ?? null);
          props.onValueChange?.(e.value ?? null);
        }}
        onBlur={field.onBlur}
        disabled={disabled}
        invalid={!!error}
        filter={props.filter ?? true}
        filterInputAutoFocus
        showClear={!props.required && !disabled && field.value != null}
        placeholder={loading ? 'Chargement…' : (props.placeholder ?? 'Sélectionner…')}
        emptyMessage={EMPTY}
        emptyFilterMessage={EMPTY}
        loading={loading}
        // The Dropdown also renders a visually hidden native <select> (form value, screen readers): name it too.
        // Once a choice closes the panel, PrimeReact leaves aria-activedescendant="dropdownItem_-1" on the
        // root, an attribute a div may not carry pointing at nothing (axe: critical): dropped.
        pt={{ select: { 'aria-label': label }, root: { 'aria-activedescendant': undefined } }}
        {...aria}
      />
    </FieldShell>
  );
}

const MultiSelectInput = lazy(() => import('./MultiSelectInput'));

/** Several choices (chips). PrimeReact's MultiSelect loads the first time a form shows one. */
export function MultiSelectField<Row = Record<string, unknown>>(props: SelectProps<Row>) {
  return (
    <Suspense fallback={<Skeleton height="2.6rem" />}>
      <MultiSelectInput {...(props as SelectProps<unknown>)} />
    </Suspense>
  );
}
