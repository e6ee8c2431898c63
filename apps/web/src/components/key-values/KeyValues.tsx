import type { ReactNode } from 'react';
import './key-values.css';

/** A read-only summary: label, then value, one pair per line (two columns on a wide screen). */
export function KeyValues({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="key-values">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v == null || v === '' ? '—' : v}</dd>
        </div>
      ))}
    </dl>
  );
}
