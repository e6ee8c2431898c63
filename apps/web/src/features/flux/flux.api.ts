import type { FluxDetail } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const FLUX_PATH = 'flux';
export interface FluxSent {
  id: number;
  RECIPIENTS: number;
  message: string;
}
export const fetchFlux = (id: number) => api.get<FluxDetail>(`${FLUX_PATH}/${id}`);
export const fluxKey = (id: number | null) => [FLUX_PATH, 'one', id] as const;
/** The flux a view dialog shows. */
export const useFlux = (id: number | null) => useQuery({ queryKey: fluxKey(id), queryFn: () => fetchFlux(id as number), enabled: id != null });
/** Silent: a refused send shows its field errors in the dialog rather than as a toast. */
export const sendFlux = (path: 'flux' | 'flux/clients_file' | 'flux/activities', data: FormData) => api.post<FluxSent>(path, data, { silent: true });
