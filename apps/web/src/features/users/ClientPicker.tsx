import { clientOptionLabel } from '@app/domain';
import { AutoComplete } from 'primereact/autocomplete';
import { useRef, useState } from 'react';
import { type BaseFieldProps, FieldShell } from '../../components/fields';
import { useField } from '../../components/fields/useField';
import { reportFailure } from '../../lib/errors';
import { CLIENT_PICKER_SIZE, type ClientCode, searchClientCodes } from './users.api';

type Choice = ClientCode & { label: string };
const choice = (c: ClientCode): Choice => ({ ...c, label: clientOptionLabel(c) });

interface ClientPickerProps extends BaseFieldProps {
  /** The client already chosen (edit, view): its label, which the form's id alone does not give. */
  initial?: ClientCode | null;
}

/**
 * One client, searched on the server as the user types (GET clients/codes, page 1, 10 rows; the
 * arrow lists the first ten), shown "CODE_CLIENT NAME". The form holds the client's id; text that
 * is not a chosen client leaves it empty (the field is then "required").
 */
export function ClientPicker({ initial, ...props }: ClientPickerProps) {
  const { field, id, error, disabled, aria } = useField(props.name, props.disabled);
  const [suggestions, setSuggestions] = useState<Choice[]>([]);
  const [current, setCurrent] = useState<Choice | string | null>(initial && initial.id === field.value ? choice(initial) : null);
  const last = useRef(0);

  const search = async (query: string) => {
    const call = ++last.current;
    try {
      const rows = await searchClientCodes(query);
      // A slower answer to an older query does not replace the newer one.
      if (call === last.current) setSuggestions(rows.map(choice));
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
      hint={props.hint ?? (disabled ? undefined : `Tapez un code ou un nom : les ${CLIENT_PICKER_SIZE} premiers clients trouvés sont proposés.`)}
      wide={props.wide}
    >
      <AutoComplete
        inputId={id}
        inputRef={field.ref}
        name={field.name}
        value={current}
        suggestions={suggestions}
        completeMethod={(e) => void search(e.query)}
        field="label"
        onChange={(e) => {
          const v = e.value as Choice | string | null;
          setCurrent(v);
          field.onChange(v && typeof v === 'object' ? v.id : null);
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
        placeholder="Code ou nom du client…"
        className="usr-client-picker"
        {...aria}
      />
    </FieldShell>
  );
}
