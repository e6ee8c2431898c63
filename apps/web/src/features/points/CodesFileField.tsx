import { Button } from 'primereact/button';
import { useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { type BaseFieldProps, FieldShell } from '../../components/fields';
import { useField } from '../../components/fields/useField';
import { CODE_FILE_ACCEPT, checkCodesFile, type LineProblem } from './points-form';

export interface FileProblems {
  /** The server's summary, which says nothing was applied. */
  message: string;
  lines: LineProblem[];
}

/** The CSV of client codes: one file, checked in the browser; the server's per-line errors listed under it. */
export function CodesFileField({ problems, onPick, ...props }: BaseFieldProps & { problems: FileProblems | null; onPick: () => void }) {
  const { field, id, error, disabled, label } = useField(props.name, props.disabled, props);
  const { setError, clearErrors } = useFormContext();
  const input = useRef<HTMLInputElement>(null);
  const file = field.value instanceof File ? field.value : null;

  const pick = (chosen: File | undefined) => {
    if (!chosen) return;
    onPick();
    const problem = checkCodesFile(chosen);
    if (problem) {
      field.onChange(null);
      setError(field.name, { type: 'file', message: problem });
      return;
    }
    clearErrors(field.name);
    field.onChange(chosen);
  };

  return (
    <>
      <FieldShell id={id} label={label} required={props.required} error={error} hint={props.hint} wide>
        <div className="fld-file">
          <input
            ref={input}
            id={id}
            name={field.name}
            type="file"
            accept={CODE_FILE_ACCEPT}
            hidden
            disabled={disabled}
            onChange={(e) => {
              pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button
            type="button"
            outlined
            icon="pi pi-upload"
            label={file ? 'Remplacer' : 'Choisir un fichier'}
            onClick={() => input.current?.click()}
            disabled={disabled}
          />
          <span className="fld-file-name">{file?.name ?? ''}</span>
          {file && !disabled && (
            <Button
              type="button"
              text
              rounded
              severity="danger"
              icon="pi pi-times"
              aria-label="Retirer le fichier"
              title="Retirer le fichier"
              onClick={() => {
                onPick();
                field.onChange(null);
              }}
            />
          )}
        </div>
      </FieldShell>
      {problems && (
        <section className="pts-file-problems" role="alert" aria-label="Erreurs du fichier">
          <p>{problems.message}</p>
          {problems.lines.length > 0 && (
            <ul>
              {problems.lines.map((l) => (
                <li key={l.line}>{l.text}</li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
