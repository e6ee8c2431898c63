import { Calendar } from 'primereact/calendar';
import { fromCalendarDate, toCalendarDate } from '../../components/fields/date-value';

/** A day bound of a list filter, shown DD/MM/YYYY whatever the browser's language, kept as YYYY-MM-DD. */
export function DayFilter(props: { id: string; label: string; value: string; onChange: (day: string) => void }) {
  return (
    <span className="logs-date">
      <label htmlFor={props.id}>{props.label}</label>
      <Calendar
        inputId={props.id}
        value={toCalendarDate(props.value)}
        onChange={(e) => props.onChange((fromCalendarDate(e.value as Date | null, 'api') as string | null) ?? '')}
        dateFormat="dd/mm/yy"
        placeholder="JJ/MM/AAAA"
        showButtonBar
        clearButtonClassName="p-button-text"
        inputClassName="logs-date-input"
      />
    </span>
  );
}
