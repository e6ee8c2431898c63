import {
  type Activity,
  type Category,
  type Circuit,
  type Client,
  type PageMeta,
  type PointsLedgerRow,
  type PointsLot,
  POINTS_LOTS_PAGE_SIZE,
} from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CLIENTS, clientKey, fetchClient } from '../../components/client-view';
import { allRowsKey, resourceKey } from '../../components/data-table';
import { api, request } from '../../lib/api';

/** The clients calls of these screens; keys start with the resource path so any save refreshes them. */
export { CLIENTS, clientKey, fetchClient };

/** The add and edit saves (the image follows in client-media); the body is the form's values without the file. */
export const createClient = (body: Record<string, unknown>) => api.post<Client>(CLIENTS, body);
export const updateClient = (id: number, body: Record<string, unknown>) => api.put<Client>(`${CLIENTS}/${id}`, body);

const BY_NAME = { sort: 'NAME', order: 'asc' } as const;
/** The classification lists the client form chooses from (circuit → activity, category). */
export type ClassificationPath = 'clients_circuits' | 'clients_activities' | 'clients_categories';
type ClassificationRow = { clients_circuits: Circuit; clients_activities: Activity; clients_categories: Category };
/** Every row of a small classification list, under the key the other selects use (saving one refreshes it). */
export const useClassification = <P extends ClassificationPath>(path: P) =>
  useQuery({ queryKey: allRowsKey(path, BY_NAME), queryFn: () => api.get<ClassificationRow[P][]>(path, BY_NAME) });

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

/** A page of the client's open points lots, the next to expire first; `meta.points` is what they hold (the balance). */
export function usePointsLots(id: number, page: number) {
  return useQuery({
    queryKey: [...resourceKey(CLIENTS), 'lots', id, page] as const,
    // The list's meta also carries `points`, what every open lot holds (the server's lots reply).
    queryFn: ({ signal }) =>
      request<PointsLot[]>(`${CLIENTS}/${id}/lots`, { query: { page, perPage: POINTS_LOTS_PAGE_SIZE }, signal }) as Promise<{
        data: PointsLot[];
        meta?: PageMeta & { points: number };
      }>,
    placeholderData: keepPreviousData,
  });
}
export const downloadPointsLots = (id: number, format: 'csv' | 'xlsx' | 'pdf') => api.download(`${CLIENTS}/${id}/lots/export/${format}`);

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
