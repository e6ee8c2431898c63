import { Skeleton } from 'primereact/skeleton';
import { lazy, Suspense } from 'react';
import type { DateFieldProps } from './DatePicker';

const DatePicker = lazy(() => import('./DatePicker'));

/** A date (calendar in a panel, see DatePicker). The calendar's chunk loads the first time a form shows one, not with every list. */
export function DateField(props: DateFieldProps) {
  return (
    <Suspense fallback={<Skeleton height="2.6rem" />}>
      <DatePicker {...props} />
    </Suspense>
  );
}
