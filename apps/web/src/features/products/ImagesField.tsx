import { FILE_FAMILIES } from '@app/domain';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { FieldShell } from '../../components/fields';
import { useField } from '../../components/fields/useField';
import { imageProblem, type ProductImage } from './product-form';

/**
 * The product's images: the stored ones and those just chosen, each removable; several files may be
 * chosen at once. Each file is checked in the browser (type, 5 MB); the server checks the bytes.
 */
export function ImagesField({ name, label }: { name: string; label: string }) {
  const { field, id, error, disabled } = useField(name);
  const { setError, clearErrors } = useFormContext();
  const input = useRef<HTMLInputElement>(null);
  const images: ProductImage[] = Array.isArray(field.value) ? field.value : [];
  const urls = useMemo(() => images.map((i) => ('media' in i ? i.media.original_url : URL.createObjectURL(i.file))), [images]);
  useEffect(
    () => () => {
      for (const [k, u] of urls.entries()) if ('file' in (images[k] ?? {})) URL.revokeObjectURL(u);
    },
    [urls, images],
  );

  const add = (files: FileList | null) => {
    const chosen = Array.from(files ?? []);
    const refused = chosen.map(imageProblem).find(Boolean);
    if (refused) setError(name, { type: 'file', message: refused });
    else clearErrors(name);
    field.onChange([...images, ...chosen.filter((f) => !imageProblem(f)).map((file) => ({ file }))]);
  };

  return (
    <FieldShell id={id} label={label} error={error} wide>
      <div className="prd-images">
        {images.map((image, k) => {
          const fileName = 'media' in image ? image.media.file_name : image.file.name;
          return (
            <figure key={'media' in image ? `m${image.media.id}` : `f${k}-${image.file.name}`} className="prd-image">
              <img src={urls[k]} alt={`Image : ${fileName}`} />
              {!disabled && (
                <Button
                  type="button"
                  text
                  rounded
                  severity="danger"
                  icon="pi pi-times"
                  aria-label={`Retirer l’image ${fileName}`}
                  title="Retirer l’image"
                  onClick={() => field.onChange(images.filter((_, j) => j !== k))}
                />
              )}
            </figure>
          );
        })}
        {!images.length && disabled && <span className="fld-file-name">Aucune image</span>}
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          hidden
          accept={FILE_FAMILIES.image.accept}
          disabled={disabled}
          onChange={(e) => {
            add(e.target.files);
            e.target.value = '';
          }}
        />
        {!disabled && <Button type="button" outlined icon="pi pi-images" label="Ajouter des images" onClick={() => input.current?.click()} />}
      </div>
    </FieldShell>
  );
}
