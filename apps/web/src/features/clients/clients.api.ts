import type { PageMeta, PointsLedgerRow } from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CLIENTS, clientKey, fetchClient } from '../../components/client-view';
import { resourceKey } from '../../components/data-table';
import { api, request } from '../../lib/api';

/** The clients calls of these screens (spec 1 §7 Clients); keys start with the resource path so any save refreshes them. */
export { CLIENTS, clientKey };

export const clientExportPaths = { csv: 'export/csv', xlsx: 'export/excel', pdf: 'clients/export/pdf' } as const;

/** One client; a failure is the page's to show (unknown or another chief's id: 'Client introuvable'). */
export function useClient(id: number | null) {
  return useQuery({
    queryKey: clientKey(id ?? 0),
    queryFn: ({ signal }) => fetchClient(id as number, { silent: true, signal }),
    enabled: id !== null,
    retry: false,
  });
}

export const POINTS_HISTORY_PAGE_SIZE = 10;

/** A page of the client's points ledger, newest first. */
export function usePointsHistory(id: number, page: number) {
  return useQuery({
    queryKey: [...resourceKey(CLIENTS), 'points-history', id, page] as const,
    queryFn: ({ signal }): Promise<{ data: PointsLedgerRow[]; meta?: PageMeta }> =>
      request<PointsLedgerRow[]>(`${CLIENTS}/${id}/points-history`, { query: { page, perPage: POINTS_HISTORY_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const saveStatus = (id: number, STATUS: number) => api.put(`${CLIENTS}/status/${id}`, { STATUS });
export const saveActive = (id: number, IS_ACTIVE: 0 | 1) => api.put(`${CLIENTS}/active/${id}`, { IS_ACTIVE });

export interface ClientUser {
  id: number;
  FIRSTNAME: string;
  LASTNAME: string;
  EMAIL: string;
  STATUS: number;
  CLIENT_ID: number;
  CODE_CLIENT: string;
}
export const clientUsers = (id: number) => api.get<ClientUser[]>(`${CLIENTS}/users`, { client: id });
