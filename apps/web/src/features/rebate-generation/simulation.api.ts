import type { RebateSimulation } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const SIMULATION_KEY = ['ristournes', 'simulation'] as const;
/** API path of the simulated vouchers of `year` (list, and its exports at …/export/{csv,xlsx}). */
export const simulatedClientsPath = (year: number) => `ristournes/simulation/${year}/clients`;

/** GET ristournes/simulation/{year}: per tier, totals, difference with last year (nothing written). */
export function useSimulation(year: number | null) {
  return useQuery({
    queryKey: [...SIMULATION_KEY, year],
    queryFn: () => api.get<RebateSimulation>(`ristournes/simulation/${year}`),
    enabled: year !== null,
  });
}
