import { formatDate, toApiDate } from '@app/domain';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useRef, useState } from 'react';
import { type DateValueKind, fromCalendarDate, toCalendarDate } from './date-value';
import { FieldShell } from './FieldShell';
import { type BaseFieldProps, useField } from './useField';

export interface DateFieldProps extends BaseFieldProps {
  /** What the form holds: 'api' (YYYY-MM-DD, default) or a Date. */
  valueAs?: DateValueKind;
  minDate?: Date;
  maxDate?: Date;
  placeholder?: string;
}

/**
 * French date picker: a calendar (locale 'fr': Monday first) in a panel whose
 * buttons are 'Annuler' and 'Choisir'. A click on a day only marks it; 'Choisir' sets the field
 * (at 08:00), 'Annuler' or closing the panel leaves it as it was. PrimeReact's popup
 * calendar closes on the first click, hence an inline calendar in our own panel.
 */
export default function DatePicker(props: DateFieldProps) {
  const { field, id, error, disabled, aria, label } = useField(props.name, props.disabled, props);
  const panel = useRef<OverlayPanel>(null);
  const [draft, setDraft] = useState<Date | null>(null);
  const current = toCalendarDate(field.value);

  const open = (e: React.SyntheticEvent) => {
    if (disabled) return;
    setDraft(current);
    panel.current?.show(e, e.currentTarget);
  };
  const choose = () => {
    field.onChange(fromCalendarDate(draft, props.valueAs ?? 'api'));
    panel.current?.hide();
  };

  return (
    <FieldShell id={id} label={label} required={props.required} error={error} hint={props.hint} wide={props.wide}>
      <div className={`p-inputgroup date-field${error ? ' p-invalid' : ''}`}>
        <input
          id={id}
          ref={field.ref}
          name={field.name}
          className={`p-inputtext p-component${error ? ' p-invalid' : ''}`}
          value={formatDate(toApiDate(current))}
          placeholder={props.placeholder ?? 'jj/mm/aaaa'}
          readOnly
          disabled={disabled}
          onClick={open}
          onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') && open(e)}
          onBlur={field.onBlur}
          {...aria}
        />
        <Button type="button" icon="pi pi-calendar" aria-label="Ouvrir le calendrier" disabled={disabled} onClick={open} />
      </div>
      <OverlayPanel ref={panel} className="date-field-panel" onHide={() => setDraft(null)}>
        <Calendar
          inline
          locale="fr"
          value={draft}
          onChange={(e) => setDraft((e.value as Date | null | undefined) ?? null)}
          minDate={props.minDate}
          maxDate={props.maxDate}
        />
        <div className="date-field-actions">
          <Button type="button" label="Annuler" text onClick={() => panel.current?.hide()} />
          <Button type="button" label="Choisir" icon="pi pi-check" disabled={!draft} onClick={choose} />
        </div>
      </OverlayPanel>
    </FieldShell>
  );
}
