import { useQuery } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { useRef, useState } from 'react';
import { api } from '../../lib/api';
import { reportFailure } from '../../lib/errors';
import { FieldShell } from './FieldShell';
import { type BaseFieldProps, useField } from './useField';

/** Rows a search select shows per query: the first page of the server's answer. */
export const SEARCH_SELECT_SIZE = 10;

export interface SearchSelectProps<Row> extends BaseFieldProps {
  /** Paged API list searched as the user types (`page=1&perPage=10&search=`). */
  path: string;
  /** Text of an option, and of the chosen value. */
  optionLabel: (row: Row) => string;
  /** Reply field the form holds (default id). */
  valueField?: keyof Row & string;
  /** Text shown for the current value before any search (an edited row's product…). */
  currentLabel?: string;
  placeholder?: string;
  emptyMessage?: string;
  /** Extra query of the search (sort…). */
  query?: Record<string, string | number>;
}

/**
 * One record chosen among the server's answers to what the user types (a product by reference among
 * thousands): never the whole list in the browser. The arrow lists the first rows.
 */
export function SearchSelectField<Row extends Record<string, unknown>>(props: SearchSelectProps<Row>) {
  const { field, id, error, disabled, aria, label } = useField(props.name, props.disabled, props);
  const valueField = props.valueField ?? 'id';
  const [suggestions, setSuggestions] = useState<Row[]>([]);
  const labels = useRef(new Map<unknown, string>());
  const last = useRef(0);
  const [typed, setTyped] = useState<string | null>(null);
  const value = field.value ?? null;
  // A stored id (an edited row) is named by reading its record once.
  const byId = valueField === 'id' && value != null && !labels.current.has(value) && !props.currentLabel;
  const record = useQuery({ queryKey: [props.path, 'one', value], queryFn: () => api.get<Row>(`${props.path}/${value}`), enabled: byId, staleTime: 60_000 });
  const known = labels.current.get(value) ?? props.currentLabel ?? (record.data ? props.optionLabel(record.data) : undefined);
  const shown = typed ?? (value == null ? '' : (known ?? (byId ? 'Chargement…' : String(value))));

  const search = async (query: string) => {
    const call = ++last.current;
    try {
      const rows = await api.get<Row[]>(props.path, { page: 1, perPage: SEARCH_SELECT_SIZE, search: query.trim(), ...props.query });
      if (call === last.current) setSuggestions(rows);
    } catch (err) {
      if (call === last.current) setSuggestions([]);
      reportFailure(err, 'GET');
    }
  };

  return (
    <FieldShell id={id} label={label} required={props.required} error={error} hint={props.hint} wide={props.wide}>
      <AutoComplete<unknown>
        inputId={id}
        inputRef={field.ref}
        name={field.name}
        value={shown}
        suggestions={suggestions}
        completeMethod={(e) => void search(e.query)}
        itemTemplate={(row) => props.optionLabel(row as Row)}
        onChange={(e) => {
          if (typeof e.value === 'string') {
            // Typing: the value is cleared until a suggestion is picked.
            setTyped(e.value);
            if (value != null) field.onChange(null);
            return;
          }
          const row = e.value as Row | null;
          const v = row ? row[valueField] : null;
          if (row) labels.current.set(v, props.optionLabel(row));
          setTyped(null);
          field.onChange(v ?? null);
        }}
        onBlur={() => {
          setTyped(null);
          field.onBlur();
        }}
        // A press on a suggestion keeps the focus in the input (as a combobox's list does): otherwise the
        // input's blur redraws the field between press and release, and the click on the suggestion is lost.
        pt={{ panel: { onMouseDown: (e: React.MouseEvent) => e.preventDefault() } }}
        disabled={disabled}
        invalid={!!error}
        dropdown
        dropdownAriaLabel={`Afficher les premiers résultats : ${label}`}
        delay={300}
        showEmptyMessage
        emptyMessage={props.emptyMessage ?? 'Aucun résultat'}
        placeholder={props.placeholder}
        {...aria}
      />
    </FieldShell>
  );
}
