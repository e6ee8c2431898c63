import type { Client } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../lib/api';
import { resourceKey } from '../data-table/query-keys';

/** The clients resource path; its keys start with it, so any client save refreshes them. */
export const CLIENTS = 'clients';
/** One client's query: the read-only dialogs and the detail page share it. */
export const clientKey = (id: number | null) => [...resourceKey(CLIENTS), 'one', id] as const;
export const fetchClient = (id: number, opts: Omit<RequestOptions, 'query' | 'method'> = {}) => api.get<Client>(`${CLIENTS}/${id}`, undefined, opts);

/** The client a read-only dialog shows (errors toasted by the catalogue). */
export const useClientView = (id: number | null) => useQuery({ queryKey: clientKey(id), queryFn: () => fetchClient(id as number), enabled: id != null });
