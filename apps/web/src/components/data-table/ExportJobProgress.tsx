import { EXPORT_FORMAT_LABELS, EXPORT_JOB_MSG, type ExportFormat, type ExportJobStarted, type ExportJobStatus, exportProgressText } from '@app/domain';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import type { ToastMessage } from 'primereact/toast';
import { useEffect, useRef, useState } from 'react';
import { ApiError, api, type RequestOptions } from '../../lib/api';
import { reportFailure } from '../../lib/errors';
import { hideToast, notify, showToast } from '../../lib/toast';
import './export-job.css';

/** How often the toast asks the server how far the export is. */
export const EXPORT_POLL_MS = 1000;

/**
 * Starts the list's export as a job (`job=1`: 202 with its id and total) and shows its sticky progress
 * toast. A 429 (exports already running: the user's, or the server's) is a warning in the server's
 * words, « Un export est déjà en cours : … », rather than the catalogue's « Erreur de chargement ».
 */
export async function startExportJob(path: string, format: ExportFormat, query: RequestOptions['query']): Promise<void> {
  let job: ExportJobStarted;
  try {
    job = await api.get<ExportJobStarted>(path, { ...query, job: '1' }, { silent: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 429) notify.warn(err.message);
    // A 401 was handled (silent or not); anything else gets the catalogue's toast.
    else if (!(err instanceof ApiError && err.status === 401)) reportFailure(err, 'GET');
    throw err;
  }
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

interface ProgressProps {
  id: string;
  format: ExportFormat;
  total: number | null;
  onEnd: () => void;
}

/** The toast's body: rows written over the total, a bar, « Annuler »; polls the job until it ends. */
function ExportJobProgress({ id, format, total, onEnd }: ProgressProps) {
  const [job, setJob] = useState<Pick<ExportJobStatus, 'written' | 'total' | 'state'>>({ written: 0, total, state: 'running' });
  const [cancelling, setCancelling] = useState(false);
  const ended = useRef(false);
  const endRef = useRef(onEnd);
  endRef.current = onEnd;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // This run's own stop: React may clean an effect up and run it again on the same toast (the
    // toast's content drawn anew), and the new run must poll, while an ended job stays ended.
    let stopped = false;
    const finish = () => {
      ended.current = true;
      endRef.current();
    };
    const poll = async () => {
      if (stopped || ended.current) return;
      let status: ExportJobStatus;
      try {
        // Quiet and silent: no overlay every second, and this toast tells what went wrong.
        status = await api.get<ExportJobStatus>(`export-jobs/${id}`, undefined, { quiet: true, silent: true });
      } catch (e) {
        if (e instanceof ApiError && (e.status === 401 || e.status === 404)) {
          finish();
          return;
        }
        timer = setTimeout(poll, EXPORT_POLL_MS * 2);
        return;
      }
      if (stopped || ended.current) return;
      setJob(status);
      if (status.state === 'running') {
        timer = setTimeout(poll, EXPORT_POLL_MS);
        return;
      }
      finish();
      if (status.state === 'done') {
        await api.download(`export-jobs/${id}/file`).catch(() => {});
      } else if (status.state === 'cancelled') notify.info(EXPORT_JOB_MSG.cancelled);
      // A failed job's reason is a whole French sentence (EXPORT_JOB_MSG.failedRetry).
      else notify.error(status.state === 'interrupted' ? EXPORT_JOB_MSG.interrupted : (status.error ?? EXPORT_JOB_MSG.failed));
    };
    timer = setTimeout(poll, EXPORT_POLL_MS / 2);
    return () => {
      clearTimeout(timer);
      stopped = true;
    };
  }, [id]);

  const cancel = async () => {
    setCancelling(true);
    try {
      await api.delete(`export-jobs/${id}`);
    } catch {
      setCancelling(false);
      return;
    }
    ended.current = true;
    onEnd();
    notify.info(EXPORT_JOB_MSG.cancelled);
  };

  const percent = job.total ? Math.min(100, Math.floor((job.written / job.total) * 100)) : 0;
  const text = exportProgressText(format, job.written, job.total);
  return (
    <div className="export-job" data-testid="export-job" role="status" aria-live="polite">
      <i className="pi pi-file-export export-job-icon" aria-hidden="true" />
      <div className="export-job-body">
        <div className="export-job-text">{text}</div>
        <ProgressBar value={percent} showValue={false} className="export-job-bar" aria-label={`Export ${EXPORT_FORMAT_LABELS[format]} : ${percent} %`} />
        <Button type="button" label="Annuler" icon="pi pi-times" size="small" text severity="secondary" loading={cancelling} onClick={cancel} />
      </div>
    </div>
  );
}
