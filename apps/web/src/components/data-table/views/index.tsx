import { lazy, Suspense } from 'react';
import type { SavedViewsBarProps } from './SavedViewsBar';

export { useDefaultViewPending } from './useDefaultViewPending';
export { useShownColumns } from './useShownColumns';
export type { SavedViewsBarProps };

// The menu, its calls and its dialogs load beside the list: list screens keep their first-load budget.
const Bar = lazy(() => import('./SavedViewsBar'));

/** The « Vues » menu and « Colonnes » button above a list (SavedViewsBar), loaded on its own. */
export const SavedViewsBar = (props: SavedViewsBarProps) => (
  <Suspense fallback={<div className="dt-views" style={{ minHeight: '2.6rem' }} />}>
    <Bar {...props} />
  </Suspense>
);
