import { EXPORT_JOB_THRESHOLD, type ExportFormat, type ExportJobStarted } from '@app/domain';
import type { ToastMessage } from 'primereact/toast';
import { api, type RequestOptions } from '../../lib/api';
import { hideToast, showToast } from '../../lib/toast';

/**
 * A list's export (issue 25 §4): past EXPORT_JOB_THRESHOLD rows it runs as a background job on the
 * server (`job=1`) and a sticky toast shows its progress, with « Annuler », then downloads the file;
 * a smaller list is downloaded at once, as before. Resolves once the download is done or the job started.
 */
export async function exportList(path: string, format: ExportFormat, query: RequestOptions['query'], total: number | undefined): Promise<void> {
  if (total === undefined || total <= EXPORT_JOB_THRESHOLD) return api.download(path, query);
  // The toast's body (its bar and polling) is loaded only by the screens that start a job.
  const [job, { ExportJobProgress }] = await Promise.all([api.get<ExportJobStarted>(path, { ...query, job: '1' }), import('./ExportJobProgress')]);
  const message: ToastMessage = {
    severity: 'info',
    // Never shown (the content replaces it): keeps two exports' toasts apart in lib/toast.
    summary: `export-${job.id}`,
    sticky: true,
    closable: false,
    className: 'export-job-toast',
    content: <ExportJobProgress id={job.id} format={format} total={job.total} onEnd={() => hideToast(message)} />,
  };
  showToast(message);
}
