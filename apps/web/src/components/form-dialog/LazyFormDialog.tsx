import { type ComponentType, lazy } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { FormDialogProps } from './FormDialog';

/**
 * The add/edit dialog, loaded when first opened: its fields and PrimeReact inputs stay out of a list
 * screen's first load (the bundle budget, scripts/bundle-budget.mjs). Render it inside a Suspense once
 * the user has opened it; it stays mounted afterwards, so closing keeps its animation and reopening is
 * immediate.
 */
export const LazyFormDialog = lazy(() =>
  import('./FormDialog').then((m) => ({ default: m.FormDialog as ComponentType<FormDialogProps<FieldValues, unknown>> })),
);
