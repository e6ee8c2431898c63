import { MultiSelect } from 'primereact/multiselect';
import { FieldShell } from './FieldShell';
import { EMPTY, type SelectProps } from './select-props';
import { useField } from './useField';
import { useOptions } from './useOptions';

/** Several choices (chips), loaded on demand by MultiSelectField. */
export default function MultiSelectInput<Row = Record<string, unknown>>(props: SelectProps<Row>) {
  const { field, id, error, disabled, aria, label } = useField(props.name, props.disabled, props);
  const { options, loading } = useOptions(props.source, props.options);
  return (
    <FieldShell id={id} label={label} required={props.required} error={error} hint={props.hint} wide={props.wide}>
      <MultiSelect
        inputId={id}
        inputRef={field.ref}
        name={field.name}
        value={Array.isArray(field.value) ? field.value : []}
        options={options}
        optionLabel="label"
        optionValue="value"
        onChange={(e) => field.onChange(e.value ?? [])}
        onBlur={field.onBlur}
        disabled={disabled}
        invalid={!!error}
        filter={props.filter ?? true}
        display="chip"
        placeholder={loading ? 'Chargement…' : (props.placeholder ?? 'Sélectionner…')}
        emptyMessage={EMPTY}
        emptyFilterMessage={EMPTY}
        selectedItemsLabel="{0} éléments sélectionnés"
        maxSelectedLabels={5}
        {...aria}
      />
    </FieldShell>
  );
}
