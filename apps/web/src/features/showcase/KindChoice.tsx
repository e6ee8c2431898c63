import { GALLERY_KIND_LABELS, GALLERY_KINDS, type GalleryKind } from '@app/domain';
import { RadioButton } from 'primereact/radiobutton';
import { useFormContext } from 'react-hook-form';
import { useField } from '../../components/fields/useField';

/**
 * Image or Vidéo: choosing Video clears the photo, so an edit that turns a photo into a
 * video also removes the stored photo (syncImage deletes it when the value is null).
 */
export function KindChoice() {
  const { field, id, error, disabled } = useField('TYPE');
  const { setValue } = useFormContext();
  const choose = (kind: GalleryKind) => {
    field.onChange(kind);
    if (kind === 'video') setValue('file', null);
    else setValue('LINK', '');
  };
  return (
    <fieldset className={`fld fld-wide showcase-kind${error ? ' fld-has-error' : ''}`} data-field={id} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="fld-label">
        Type de média
        <span className="fld-required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className="showcase-kind-options">
        {GALLERY_KINDS.map((kind) => (
          <span key={kind} className="showcase-kind-option">
            <RadioButton inputId={`${id}-${kind}`} name="TYPE" value={kind} checked={field.value === kind} onChange={() => choose(kind)} disabled={disabled} />
            <label htmlFor={`${id}-${kind}`}>{GALLERY_KIND_LABELS[kind]}</label>
          </span>
        ))}
      </div>
      {error && (
        <small id={`${id}-error`} className="p-error fld-error" role="alert">
          {error}
        </small>
      )}
    </fieldset>
  );
}
