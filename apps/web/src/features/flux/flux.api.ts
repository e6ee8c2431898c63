import type { FluxDetail } from '@app/domain';
import { api } from '../../lib/api';

export const FLUX_PATH = 'flux';
export interface FluxSent {
  id: number;
  RECIPIENTS: number;
  message: string;
}
export const fetchFlux = (id: number) => api.get<FluxDetail>(`flux/${id}`);
/** Silent: a refused send shows its field errors in the dialog rather than as a toast. */
export const sendFlux = (path: 'flux' | 'flux/clients_file' | 'flux/activities', data: FormData) => api.post<FluxSent>(path, data, { silent: true });
