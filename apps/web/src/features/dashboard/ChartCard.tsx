import { dashboardYears } from '@app/domain';
import { Dropdown } from 'primereact/dropdown';
import { Skeleton } from 'primereact/skeleton';
import { lazy, type ReactNode, Suspense } from 'react';

export const ChartView = lazy(() => import('./ChartView'));

const YEARS = [{ label: 'Tous', value: 0 }, ...dashboardYears().map((y) => ({ label: String(y), value: y }))];

/** A dashboard widget: its title, the year selector (Tous, 2021 … this year) when it has one, and its chart. */
export function ChartCard(props: {
  id: string;
  title: string;
  year?: number;
  onYear?: (year: number | undefined) => void;
  empty?: boolean;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className={`card dash-card${props.wide ? ' dash-wide' : ''}`} aria-labelledby={`${props.id}-title`}>
      <header className="dash-card-header">
        <h2 id={`${props.id}-title`}>{props.title}</h2>
        {props.onYear && (
          <Dropdown
            className={`dash-year ${props.id}-year`}
            value={props.year ?? 0}
            options={YEARS}
            onChange={(e) => props.onYear?.(e.value || undefined)}
            aria-label={`Année : ${props.title}`}
            ariaLabel={`Année : ${props.title}`}
            pt={{ select: { 'aria-label': `Année : ${props.title}` }, root: { 'aria-activedescendant': undefined } }}
          />
        )}
      </header>
      {props.empty ? (
        <p className="muted dash-empty">Aucune donnée pour cette période.</p>
      ) : (
        <Suspense fallback={<Skeleton height="16rem" />}>{props.children}</Suspense>
      )}
    </section>
  );
}
