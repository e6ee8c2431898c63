import { EXPORT_JOB_THRESHOLD, type ExportFormat } from '@app/domain';
import { api, type RequestOptions } from '../../lib/api';

/**
 * A list's export: past EXPORT_JOB_THRESHOLD rows it runs as a background job on the
 * server and a sticky toast shows its progress, with « Annuler », then downloads the file
 * (ExportJobProgress.tsx, loaded only then: every list screen carries this file); a smaller list is
 * downloaded at once, as before. Resolves once the download is done or the job started.
 */
export async function exportList(path: string, format: ExportFormat, query: RequestOptions['query'], total: number | undefined): Promise<void> {
  if (total === undefined || total <= EXPORT_JOB_THRESHOLD) return api.download(path, query);
  const { startExportJob } = await import('./ExportJobProgress');
  return startExportJob(path, format, query);
}
