import { AutoComplete } from 'primereact/autocomplete';
import { useRef, useState } from 'react';
import { api } from '../../lib/api';
import { reportFailure } from '../../lib/errors';
import { FieldShell } from './FieldShell';
import { type BaseFieldProps, useField } from './useField';

/** Clients proposed per search (page 1, 10 rows, as the older product's client picker asked). */
export const CLIENT_PICKER_SIZE = 10;
export interface ClientCode {
  id: number;
  CODE_CLIENT: string;
  NAME: string;
}
export const searchClientCodes = (search: string, activeOnly = false) =>
  api.get<ClientCode[]>(
    'clients/codes',
    { page: 1, perPage: CLIENT_PICKER_SIZE, search: search.trim() || undefined, IS_ACTIVE: activeOnly ? 1 : undefined },
    { quiet: true },
  );

type Choice = ClientCode & { label: string };
// Not the domain's clientOptionLabel (same text): importing it would pull the staff schemas into every form's chunk.
const choice = (c: ClientCode): Choice => ({ ...c, label: `${c.CODE_CLIENT} ${c.NAME}`.trim() });

export interface ClientPickerProps extends BaseFieldProps {
  /** Several clients: the form holds an array of ids (flux notifications, points offers). */
  multiple?: boolean;
  /** Only active clients are proposed (the flux notifications). */
  activeOnly?: boolean;
  /** One client already chosen (edit, view): its label, which the form's id alone does not give. */
  initial?: ClientCode | null;
}

/**
 * Clients searched on the server as the user types (GET clients/codes, page 1, 10 rows, on code and
 * name; the arrow lists the first ten), shown "CODE_CLIENT NAME". An AutoComplete rather than a
 * MultiSelect: its options are plain list items (the MultiSelect's checkboxes inside options fail
 * the accessibility check), and it is made for server search. The form holds the id (or the ids
 * with `multiple`); text that is not a chosen client leaves it empty (the field is then "required").
 */
export function ClientPicker({ multiple, activeOnly, initial, ...props }: ClientPickerProps) {
  const { field, id, error, disabled, aria, label } = useField(props.name, props.disabled, props);
  const [suggestions, setSuggestions] = useState<Choice[]>([]);
  // One client: what the input shows (a choice or the text being typed).
  const [current, setCurrent] = useState<Choice | string | null>(!multiple && initial && initial.id === field.value ? choice(initial) : null);
  // Several clients: the labels of the ids chosen so far.
  const known = useRef(new Map<number, Choice>());
  const last = useRef(0);
  const ids: number[] = multiple && Array.isArray(field.value) ? field.value : [];

  const search = async (query: string) => {
    const call = ++last.current;
    try {
      const rows = await searchClientCodes(query, !!activeOnly);
      // A slower answer to an older query does not replace the newer one.
      if (call === last.current) setSuggestions((multiple ? rows.filter((r) => !ids.includes(r.id)) : rows).map(choice));
    } catch (err) {
      if (call === last.current) setSuggestions([]);
      reportFailure(err, 'GET');
    }
  };

  const value = multiple ? ids.map((v) => known.current.get(v) ?? choice({ id: v, CODE_CLIENT: String(v), NAME: '' })) : current;
  const onChange = (next: unknown) => {
    if (multiple) {
      const list = (Array.isArray(next) ? next : []) as Choice[];
      for (const c of list) known.current.set(c.id, c);
      field.onChange(list.map((c) => c.id));
    } else {
      const v = next as Choice | string | null;
      setCurrent(v);
      field.onChange(v && typeof v === 'object' ? v.id : null);
    }
  };

  return (
    <FieldShell
      id={id}
      label={label}
      required={props.required}
      error={error}
      hint={props.hint ?? (disabled ? undefined : `Tapez un code ou un nom : les ${CLIENT_PICKER_SIZE} premiers clients trouvés sont proposés.`)}
      wide={props.wide}
    >
      <AutoComplete
        inputId={id}
        inputRef={field.ref}
        name={field.name}
        multiple={multiple}
        value={value}
        suggestions={suggestions}
        completeMethod={(e) => void search(e.query)}
        field="label"
        onChange={(e) => onChange(e.value)}
        onBlur={field.onBlur}
        disabled={disabled}
        invalid={!!error}
        dropdown
        dropdownAriaLabel="Afficher les premiers clients"
        delay={300}
        forceSelection
        showEmptyMessage
        emptyMessage="Aucun client trouvé"
        placeholder={multiple && ids.length ? undefined : 'Code ou nom du client…'}
        className={multiple ? 'fld-clients-picker' : 'fld-client-picker'}
        {...aria}
      />
    </FieldShell>
  );
}
