import { checkFile, FILE_FAMILIES, type FileFamily, MSG } from '@app/domain';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { FieldShell } from './FieldShell';
import { type BaseFieldProps, useField } from './useField';

/**
 * The value of a file field: a File just chosen, the URL of the file already stored (unchanged),
 * or null (none, or removed). A screen uploads only when it holds a File.
 */
export type FileValue = File | string | null;

export const isNewFile = (v: unknown): v is File => typeof File !== 'undefined' && v instanceof File;

const nameOf = (v: FileValue) => (v == null ? '' : typeof v === 'string' ? decodeURIComponent(v.split('/').pop() ?? v) : v.name);

interface FileFieldProps extends BaseFieldProps {
  family: FileFamily;
  /** Image preview (default for the image family). */
  preview?: boolean;
}

/** One file, checked in the browser by extension/type and the 5 MB limit; the server checks the bytes. */
export function FileField({ family, preview, ...props }: FileFieldProps) {
  const { field, id, error, disabled, label } = useField(props.name, props.disabled, props);
  const { setError, clearErrors } = useFormContext();
  const input = useRef<HTMLInputElement>(null);
  const value = (field.value ?? null) as FileValue;
  const showPreview = preview ?? family === 'image';

  const previewUrl = useMemo(() => (isNewFile(value) ? URL.createObjectURL(value) : value), [value]);
  useEffect(
    () => () => {
      if (isNewFile(value) && previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [value, previewUrl],
  );

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = checkFile(file, family);
    if (problem) {
      setError(field.name, { type: 'file', message: problem === 'type' ? MSG.fileType : MSG.fileSize });
      return;
    }
    clearErrors(field.name);
    field.onChange(file);
  };

  return (
    <FieldShell id={id} label={label} required={props.required} error={error} hint={props.hint} wide={props.wide}>
      <div className="fld-file">
        <input
          ref={input}
          id={id}
          name={field.name}
          type="file"
          accept={FILE_FAMILIES[family].accept}
          hidden
          disabled={disabled}
          onChange={(e) => {
            pick(e.target.files?.[0]);
            // Let the same file be chosen again after a refusal.
            e.target.value = '';
          }}
        />
        {!disabled && (
          <Button type="button" outlined icon="pi pi-upload" label={value ? 'Remplacer' : 'Choisir un fichier'} onClick={() => input.current?.click()} />
        )}
        {value && showPreview && previewUrl ? (
          <img className="fld-file-preview" src={previewUrl} alt={`Aperçu : ${nameOf(value)}`} />
        ) : (
          <span className="fld-file-name">{value ? nameOf(value) : disabled ? 'Aucun fichier' : ''}</span>
        )}
        {value && !disabled && (
          <Button
            type="button"
            text
            rounded
            severity="danger"
            icon="pi pi-times"
            aria-label="Retirer le fichier"
            title="Retirer le fichier"
            onClick={() => {
              clearErrors(field.name);
              field.onChange(null);
            }}
          />
        )}
      </div>
    </FieldShell>
  );
}
