import { Calendar } from 'primereact/calendar';
import { fromCalendarDate, toCalendarDate, type DateValueKind } from './date-value';
import { FieldShell } from './FieldShell';
import { type BaseFieldProps, useField } from './useField';

interface DateFieldProps extends BaseFieldProps {
  /** What the form holds: 'api' (YYYY-MM-DD, default) or a Date. */
  valueAs?: DateValueKind;
  minDate?: Date;
  maxDate?: Date;
  placeholder?: string;
}

/**
 * French calendar (locale 'fr' registered by the app: Monday first, dd/mm/yy, button bar labels),
 * picked dates at 08:00.
 */
export function DateField(props: DateFieldProps) {
  const { field, id, error, disabled, aria } = useField(props.name, props.disabled);
  return (
    <FieldShell id={id} label={props.label} required={props.required} error={error} hint={props.hint} wide={props.wide}>
      <Calendar
        inputId={id}
        inputRef={field.ref}
        name={field.name}
        value={toCalendarDate(field.value)}
        onChange={(e) => field.onChange(fromCalendarDate(e.value as Date | null | undefined, props.valueAs ?? 'api'))}
        onBlur={field.onBlur}
        disabled={disabled}
        invalid={!!error}
        locale="fr"
        dateFormat="dd/mm/yy"
        showButtonBar
        showIcon
        minDate={props.minDate}
        maxDate={props.maxDate}
        placeholder={props.placeholder ?? 'jj/mm/aaaa'}
        {...aria}
      />
    </FieldShell>
  );
}
