import { Skeleton } from 'primereact/skeleton';
import { lazy, Suspense } from 'react';
import type { BaseFieldProps } from './useField';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** Rich text (HTML). The editor chunk loads the first time a form shows one. */
export function RichTextField(props: BaseFieldProps & { height?: string; emoji?: boolean }) {
  return (
    <Suspense fallback={<Skeleton height={props.height ?? '16rem'} className="fld-wide" />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
