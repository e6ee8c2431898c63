import { Editor } from 'primereact/editor';
import { FieldShell } from './FieldShell';
import { type BaseFieldProps, useField } from './useField';

/** Quill's drop-down pickers come without an accessible name: each gets its French one. */
const PICKER_LABELS: Record<string, string> = {
  'ql-header': 'Titre',
  'ql-font': 'Police',
  'ql-size': 'Taille du texte',
  'ql-color': 'Couleur du texte',
  'ql-background': 'Couleur de fond',
  'ql-align': 'Alignement',
};
function labelPickers(toolbar: Element | undefined) {
  for (const picker of toolbar?.querySelectorAll('.ql-picker') ?? []) {
    const key = [...picker.classList].find((c) => Object.hasOwn(PICKER_LABELS, c));
    picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', key ? PICKER_LABELS[key] : 'Options');
  }
}

/** Quill through PrimeReact's Editor; loaded on demand by RichTextField (Quill is heavy). */
export default function RichTextEditor(props: BaseFieldProps & { height?: string }) {
  const { field, id, error, disabled } = useField(props.name, props.disabled);
  return (
    <FieldShell id={id} label={props.label} required={props.required} error={error} hint={props.hint} wide={props.wide ?? true}>
      <div className={`fld-editor${error ? ' p-invalid' : ''}`} id={id}>
        <Editor
          value={typeof field.value === 'string' ? field.value : ''}
          // An emptied editor gives null: keep '' so "required" reads as empty, not as a type error.
          onTextChange={(e) => field.onChange(e.htmlValue ?? '')}
          onSelectionChange={(e) => {
            // Quill reports a null range when the editor loses focus.
            if (!e.range) field.onBlur();
          }}
          readOnly={disabled}
          onLoad={(quill: { getModule(name: string): { container?: Element } | undefined }) => labelPickers(quill.getModule('toolbar')?.container)}
          style={{ height: props.height ?? '14rem' }}
        />
      </div>
    </FieldShell>
  );
}
