import type { z } from 'zod';
import type { offerToActivitiesBody, offerToClientsBody } from '@app/domain';
import type { QueryClient } from '@tanstack/react-query';
import { resourceKey } from '../../components/data-table';
import { api, type RequestOptions } from '../../lib/api';
import type { OfferedPointsRow } from './columns';

/** The calls of the points screens. */
export const BALANCES_PATH = 'clients/points';
export const OFFERED_PATH = 'offered-points';

export interface OfferResult {
  clients: number;
  points: number;
  message: string;
}

type Silent = Pick<RequestOptions, 'silent'>;

export const addPoints = (clientId: number, body: { POINTS: number; REASON?: string }) =>
  api.post<{ id: number; POINTS_FID: number }>(`clients/${clientId}/points`, body);

export const editOffered = (code: string, POINTS_OFFERED: number) =>
  api.put<OfferedPointsRow>(`users/offerPoints/${encodeURIComponent(code)}`, { POINTS_OFFERED });

export const offerToClients = (body: z.output<typeof offerToClientsBody>) => api.post<OfferResult>('users/offerPoints/clients', body);
export const offerToActivities = (body: z.output<typeof offerToActivitiesBody>) => api.post<OfferResult>('users/offerPoints/activities', body);
export const offerToFile = (data: FormData, opts: Silent = {}) => api.post<OfferResult>('users/offerPoints/clients_file', data, opts);

/** A points write changes the balances, the offered totals and the clients list's POINTS_FID. */
export const refreshPoints = (qc: QueryClient) =>
  Promise.all([BALANCES_PATH, OFFERED_PATH, 'clients'].map((path) => qc.invalidateQueries({ queryKey: resourceKey(path) })));
