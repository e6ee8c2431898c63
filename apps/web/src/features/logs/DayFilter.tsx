import { lazy, Suspense } from 'react';
import { fromCalendarDate, toCalendarDate } from '../../components/fields/date-value';

/**
 * PrimeReact's calendar is loaded once the screen is up: it was about a twentieth of the audit trail's
 * JavaScript, the only list screen that carries it, and held it at its bundle budget's line.
 */
const Calendar = lazy(() => import('primereact/calendar').then((m) => ({ default: m.Calendar })));

/** A day bound of a list filter, shown DD/MM/YYYY whatever the browser's language, kept as YYYY-MM-DD. */
export function DayFilter(props: { id: string; label: string; value: string; onChange: (day: string) => void }) {
  return (
    <span className="logs-date">
      <label htmlFor={props.id}>{props.label}</label>
      {/* Until it is in: the same input, disabled, so that the filter bar keeps its layout. */}
      <Suspense fallback={<input id={props.id} className="p-inputtext p-component logs-date-input" placeholder="JJ/MM/AAAA" disabled />}>
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
      </Suspense>
    </span>
  );
}
