import type { SavedView } from '@app/domain';
import { useEffect, useRef } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { notify } from '../../../lib/toast';
import type { ListDefaults } from '../list-state';
import { clearList, hasListState, urlOfView } from './view-state';

export const VIEW_REFUSED = 'Cette vue n’existe pas ou ne vous est pas partagée : la liste s’affiche sans ses filtres.';

interface Args {
  params: URLSearchParams;
  setParams: SetURLSearchParams;
  viewId: number | null;
  views: SavedView[] | undefined;
  defaults: ListDefaults;
  prefix: string;
  filterParams: readonly string[];
}

/**
 * What the URL's `view=` names, and the two things a list does on its own: a link to a view I may
 * not see shows a message and the plain list (its filters were someone else's); a list opened with
 * nothing in its URL opens my default view, once per visit.
 */
export function useViewLink({ params, setParams, viewId, views, defaults, prefix, filterParams }: Args) {
  // The list of views holds every view of this list I may see (mine, my role's shared ones): a
  // link's view that is not there is another role's, another list's, or deleted.
  const current = views?.find((v) => v.ID === viewId) ?? null;
  const refused = viewId !== null && !!views && !current;

  useEffect(() => {
    if (refused) {
      notify.warn('Vue introuvable', VIEW_REFUSED);
      setParams((p) => clearList(p, prefix, filterParams), { replace: true });
    }
  }, [refused, setParams, prefix, filterParams]);

  const bare = useRef(!hasListState(params, prefix, filterParams));
  useEffect(() => {
    if (!bare.current || !views) return;
    bare.current = false;
    const preferred = views.find((v) => v.IS_DEFAULT);
    if (preferred) setParams((p) => (hasListState(p, prefix, filterParams) ? p : urlOfView(p, preferred, defaults, prefix, filterParams)), { replace: true });
  }, [views, setParams, defaults, prefix, filterParams]);

  return current;
}
