import { SYNC_DEFS, SYNC_RUNS_PAGE_SIZE, type SyncKind, type SyncRun } from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, request } from '../../lib/api';

export interface SyncFile {
  KIND: SyncKind;
  FILE: string;
  PRESENT: boolean;
  SIZE: number | null;
  MODIFIED_AT: string | null;
}

/** Everything of this screen: refreshed once a run ended. */
export const SYNC_KEY = ['sync'] as const;
export const RUNS_KEY = ['sync', 'runs'] as const;
export const FILES_KEY = ['sync', 'files'] as const;

/** LANCER / Vérifier: from SYNC_DIR, or with the file the user picked. The caller shows its own toasts. */
export function launchSync(kind: SyncKind, dryRun: boolean, file: File | null): Promise<SyncRun> {
  const path = SYNC_DEFS[kind].path;
  if (!file) return api.get<SyncRun>(path, dryRun ? { dryRun: 1 } : undefined, { silent: true });
  const form = new FormData();
  form.append('dryRun', dryRun ? '1' : '0');
  form.append('file', file);
  return api.post<SyncRun>(path, form, { silent: true });
}

export const syncRun = (id: number) => api.get<SyncRun>(`sync/runs/${id}`, undefined, { quiet: true, silent: true });
export const isRunning = (run: SyncRun | null | undefined) => run?.RESULT === 'running';

export function useSyncRuns(page: number) {
  return useQuery({
    queryKey: [...RUNS_KEY, page],
    queryFn: () => request<SyncRun[]>('sync/runs', { query: { page, perPage: SYNC_RUNS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export const useSyncFiles = () => useQuery({ queryKey: FILES_KEY, queryFn: () => api.get<SyncFile[]>('sync/files') });
export const downloadSample = (kind: SyncKind) => api.download(`sync/samples/${kind}`);
export const downloadRuns = () => api.download('sync/runs/export/csv');
export const LATEST_KEY = ['sync', 'latest'] as const;
export const useLatestRuns = () => useQuery({ queryKey: LATEST_KEY, queryFn: () => api.get<SyncRun[]>('sync/latest') });
