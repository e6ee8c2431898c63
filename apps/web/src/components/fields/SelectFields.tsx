import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { FieldShell } from './FieldShell';
import { type BaseFieldProps, useField } from './useField';
import { type Option, type OptionSource, useOptions } from './useOptions';

interface SelectProps<Row> extends BaseFieldProps {
  /** Fixed options, or… */
  options?: Option[];
  /** …options read from an API list. */
  source?: OptionSource<Row>;
  placeholder?: string;
  /** Filter box in the panel (default on). */
  filter?: boolean;
}

const EMPTY = 'Aucun résultat';

/** One choice among options (PrimeReact Dropdown with a filter). */
export function SelectField<Row = Record<string, unknown>>(props: SelectProps<Row>) {
  const { field, id, error, disabled, aria } = useField(props.name, props.disabled);
  const { options, loading } = useOptions(props.source, props.options);
  return (
    <FieldShell id={id} label={props.label} required={props.required} error={error} hint={props.hint} wide={props.wide}>
      <Dropdown
        inputId={id}
        inputRef={field.ref}
        name={field.name}
        value={field.value ?? null}
        options={options}
        optionLabel="label"
        optionValue="value"
        onChange={(e) => field.onChange(e.value ?? null)}
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
        pt={{ select: { 'aria-label': props.label } }}
        {...aria}
      />
    </FieldShell>
  );
}

/** Several choices (chips). */
export function MultiSelectField<Row = Record<string, unknown>>(props: SelectProps<Row>) {
  const { field, id, error, disabled, aria } = useField(props.name, props.disabled);
  const { options, loading } = useOptions(props.source, props.options);
  return (
    <FieldShell id={id} label={props.label} required={props.required} error={error} hint={props.hint} wide={props.wide}>
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
