import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useListKey } from './list-key';
import { hasListState } from './view-state';
import { useViews } from './views.api';

const NO_FILTERS: readonly string[] = [];

/**
 * Whether a list opened with nothing in its URL is still waiting for its default view:
 * while the views load, and while a default view is being opened (useViewLink), the plain list's rows
 * are not shown, so a user with a default view never sees the plain list first. Its rows are asked in
 * parallel all the same: without a default view (the common case) they show as soon as both are in.
 * Settled once: after that, a list cleared by hand is the plain list, not a wait.
 */
export function useDefaultViewPending(path: string, prefix = '', filterParams: readonly string[] = NO_FILTERS): boolean {
  const [params] = useSearchParams();
  const listKey = useListKey(path, prefix);
  const views = useViews(listKey);
  const settled = useRef(hasListState(params, prefix, filterParams));
  if (settled.current) return false;
  const waiting = !!listKey && !views.isError && (!views.data || (views.data.some((v) => v.IS_DEFAULT) && !hasListState(params, prefix, filterParams)));
  // A ref, not state: settling must not cost a render, and the answer is the same on a repeated render.
  if (!waiting) settled.current = true;
  return waiting;
}
