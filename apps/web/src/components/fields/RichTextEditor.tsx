import { Editor } from 'primereact/editor';
import { FieldShell } from './FieldShell';
import { type BaseFieldProps, useField } from './useField';

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
          style={{ height: props.height ?? '14rem' }}
        />
      </div>
    </FieldShell>
  );
}
