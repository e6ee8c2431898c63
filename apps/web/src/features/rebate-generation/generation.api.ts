import { api } from '../../lib/api';

export interface GenerationJob {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'expired' | 'failed';
  progress: { done: number; total: number; step: string } | null;
  result: { year: number; vouchers: number; total: string; already: boolean } | null;
  error: string | null;
  message: string | null;
}
export interface GenerationRun {
  YEAR: number;
  VOUCHERS: number;
  TOTAL: number;
  FINISHED_AT: string;
}

export const RUNS_KEY = ['ristournes', 'runs'] as const;
export const launchGeneration = (year: number) => api.get<GenerationJob>(`clients/calculateRistourne/${year}`, undefined, { silent: true });
export const generationStatus = (id: string) => api.get<GenerationJob>(`clients/calculateRistourne/jobs/${id}`, undefined, { quiet: true, silent: true });
export const generationRuns = () => api.get<GenerationRun[]>('ristournes/runs');
export const isFinished = (job: GenerationJob) => ['completed', 'failed', 'cancelled', 'expired'].includes(job.state);
