import { checkFile, FILE_FAMILIES, MSG } from '@app/domain';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { FieldShell, fieldId } from '../../components/fields';
import { useField } from '../../components/fields/useField';
import type { ImageItem } from './section-form';

function Thumb({ item, onRemove, disabled }: { item: ImageItem; onRemove: () => void; disabled: boolean }) {
  const url = useMemo(() => (item instanceof File ? URL.createObjectURL(item) : item.original_url), [item]);
  useEffect(() => () => (item instanceof File ? URL.revokeObjectURL(url) : undefined), [item, url]);
  const name = item instanceof File ? item.name : item.file_name;
  return (
    <li className="site-thumb">
      <img src={url} alt={`Aperçu : ${name}`} />
      {!disabled && <Button type="button" text rounded severity="danger" icon="pi pi-times" aria-label={`Retirer ${name}`} onClick={onRemove} />}
    </li>
  );
}

/**
 * The section's image(s): one, or several on the image-annotation page. Files are
 * checked here by type and size; the server checks their bytes when the section is saved.
 */
export function SectionImages({ name, label, multiple, required }: { name: string; label: string; multiple: boolean; required?: boolean }) {
  const { field, error, disabled } = useField(name);
  const { setError, clearErrors } = useFormContext();
  const input = useRef<HTMLInputElement>(null);
  const items = (field.value ?? []) as ImageItem[];
  const id = fieldId(name);

  const pick = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    if (!chosen.length) return;
    const bad = chosen.map((f) => checkFile(f, 'image')).find(Boolean);
    if (bad) {
      setError(name, { type: 'file', message: bad === 'type' ? MSG.fileType : MSG.fileSize });
      return;
    }
    clearErrors(name);
    field.onChange(multiple ? [...items, ...chosen] : chosen.slice(0, 1));
  };

  return (
    <FieldShell id={id} label={label} required={required} error={error} wide>
      <div className="site-images">
        <input
          ref={input}
          id={id}
          type="file"
          hidden
          multiple={multiple}
          accept={FILE_FAMILIES.image.accept}
          disabled={disabled}
          onChange={(e) => {
            pick(e.target.files);
            e.target.value = '';
          }}
        />
        {items.length ? (
          <ul className="site-thumbs">
            {items.map((item, i) => (
              <Thumb
                key={item instanceof File ? `new-${i}-${item.name}` : item.id}
                item={item}
                disabled={disabled}
                onRemove={() => field.onChange(items.filter((_, k) => k !== i))}
              />
            ))}
          </ul>
        ) : (
          <span className="fld-file-name">Aucune image</span>
        )}
        {!disabled && (
          <Button
            type="button"
            outlined
            icon="pi pi-upload"
            label={multiple ? 'Ajouter des images' : items.length ? 'Remplacer' : 'Choisir une image'}
            onClick={() => input.current?.click()}
          />
        )}
      </div>
    </FieldShell>
  );
}
