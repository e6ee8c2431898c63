import type { ReactNode } from 'react';
import './fields.css';

export interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  /** Spans the whole row of a two-column form grid. */
  wide?: boolean;
  /** Label after the control (checkbox, switch). */
  inline?: boolean;
  children: ReactNode;
}

/** Label above (or beside) the control and the error text under it, linked for screen readers. */
export function FieldShell({ id, label, required, error, hint, wide, inline, children }: FieldShellProps) {
  const labelEl = (
    <label htmlFor={id} className="fld-label">
      {label}
      {required && (
        <span className="fld-required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
  return (
    <div className={`fld${wide ? ' fld-wide' : ''}${error ? ' fld-has-error' : ''}`} data-field={id}>
      {inline ? (
        <div className="fld-inline">
          {children}
          {labelEl}
        </div>
      ) : (
        <>
          {labelEl}
          {children}
        </>
      )}
      {hint && !error && <small className="fld-hint">{hint}</small>}
      {error && (
        <small id={`${id}-error`} className="p-error fld-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

/** Two columns on desktop, one on mobile. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className="fld-grid">{children}</div>;
}

/** Short fields side by side across the whole grid row (flags, checkboxes). */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className="fld-row">{children}</div>;
}
