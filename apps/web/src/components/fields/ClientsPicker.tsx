import { AutoComplete } from 'primereact/autocomplete';
import { useRef, useState } from 'react';
import { api } from '../../lib/api';
import { reportFailure } from '../../lib/errors';
import { FieldShell } from './FieldShell';
import { type BaseFieldProps, useField } from './useField';

/** Clients proposed per search. */
export const CLIENT_PICKER_SIZE = 10;
interface ClientCode {
  id: number;
  CODE_CLIENT: string;
  NAME: string;
}
const clientLabel = (row: ClientCode) => `${row.CODE_CLIENT} ${row.NAME}`.trim();
const searchClientCodes = (search: string, activeOnly: boolean) =>
  api.get<ClientCode[]>('clients/codes', { page: 1, perPage: CLIENT_PICKER_SIZE, search: search.trim() || undefined, IS_ACTIVE: activeOnly ? 1 : undefined }, { quiet: true });

type Choice = ClientCode & { label: string };
const choice = (c: ClientCode): Choice => ({ ...c, label: clientLabel(c) });

/**
 * Several clients chosen among the server's answers (GET clients/codes, page 1, 10 rows, searched on
 * code and name as the user types; the arrow lists the first ten). An AutoComplete rather than a
 * MultiSelect: its options are plain list items (the MultiSelect's checkboxes inside options fail
 * the accessibility check), and it is made for server search. The form holds the ids. With
 * `activeOnly`, only active clients are proposed (the flux notifications).
 */
export function ClientsPicker(props: BaseFieldProps & { activeOnly?: boolean }) {
  const { field, id, error, disabled, aria } = useField(props.name, props.disabled);
  const [suggestions, setSuggestions] = useState<Choice[]>([]);
  const known = useRef(new Map<number, Choice>());
  const last = useRef(0);
  const value: number[] = Array.isArray(field.value) ? field.value : [];
  const selected = value.map((v) => known.current.get(v) ?? choice({ id: v, CODE_CLIENT: String(v), NAME: '' }));

  const search = async (query: string) => {
    const call = ++last.current;
    try {
      const rows = await searchClientCodes(query, !!props.activeOnly);
      // A slower answer to an older query does not replace the newer one.
      if (call === last.current) setSuggestions(rows.filter((r) => !value.includes(r.id)).map(choice));
    } catch (err) {
      if (call === last.current) setSuggestions([]);
      reportFailure(err, 'GET');
    }
  };

  return (
    <FieldShell
      id={id}
      label={props.label}
      required={props.required}
      error={error}
      hint={props.hint ?? `Tapez un code ou un nom : les ${CLIENT_PICKER_SIZE} premiers clients trouvés sont proposés.`}
      wide={props.wide}
    >
      <AutoComplete
        inputId={id}
        inputRef={field.ref}
        name={field.name}
        multiple
        value={selected}
        suggestions={suggestions}
        completeMethod={(e) => void search(e.query)}
        field="label"
        onChange={(e) => {
          const list = (Array.isArray(e.value) ? e.value : []) as Choice[];
          for (const c of list) known.current.set(c.id, c);
          field.onChange(list.map((c) => c.id));
        }}
        onBlur={field.onBlur}
        disabled={disabled}
        invalid={!!error}
        dropdown
        dropdownAriaLabel="Afficher les premiers clients"
        delay={300}
        forceSelection
        showEmptyMessage
        emptyMessage="Aucun client trouvé"
        placeholder={value.length ? undefined : 'Code ou nom du client…'}
        className="fld-clients-picker"
        {...aria}
      />
    </FieldShell>
  );
}
