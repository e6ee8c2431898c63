import type { SavedView, SavedViewState } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The saved views of one list (mine and those shared with my role) and the calls that change them. */
export const viewsKey = (listKey: string) => ['saved-views', listKey] as const;

export function useViews(listKey: string | null) {
  return useQuery({
    queryKey: viewsKey(listKey ?? ''),
    queryFn: () => api.get<SavedView[]>('views', { list: listKey }, { quiet: true }),
    enabled: !!listKey,
    staleTime: 60_000,
  });
}

export interface ViewInput {
  NAME: string;
  STATE: SavedViewState;
  SHARED: boolean;
  DEFAULT?: boolean;
}

export function useViewMutations(listKey: string) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: viewsKey(listKey) });
  const opts = { onSuccess: refresh };
  return {
    // Form errors (a name already used) are shown in the dialog: silent.
    create: useMutation({ mutationFn: (v: ViewInput) => api.post<SavedView>('views', { LIST: listKey, ...v }, { silent: true }), ...opts }),
    update: useMutation({
      mutationFn: ({ id, ...patch }: { id: number; NAME?: string; STATE?: SavedViewState; SHARED?: boolean }) =>
        api.put<SavedView>(`views/${id}`, patch, { silent: !!patch.NAME }),
      ...opts,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete(`views/${id}`), ...opts }),
    setDefault: useMutation({ mutationFn: (id: number | null) => api.put('views/default', { LIST: listKey, ID: id }), ...opts }),
  };
}
