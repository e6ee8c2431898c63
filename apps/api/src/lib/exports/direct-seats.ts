import { EXPORT_JOB_MSG } from '@app/domain';
import { AppError } from '../http';
import type { ExportJobLimits } from './jobs/export-jobs';

/**
 * The direct downloads this node streams at once (an export asked without `job=1`): at most
 * EXPORT_JOBS_PER_USER per user and EXPORT_JOBS_PER_NODE in all, as the background jobs. A download
 * holds its seat from its first row to its stream's end (or its client's disconnection), so a few
 * calls cannot keep the node drawing PDFs or workbooks for everyone else; one more is the jobs' 429.
 * Counted on this node only: a download lives in one process, and it is that process's work that is
 * rationed.
 */
export class DirectExportSeats {
  private readonly byUser = new Map<number, number>();
  private taken = 0;

  constructor(private readonly limits: ExportJobLimits) {}

  /** Downloads streaming now. */
  get streaming(): number {
    return this.taken;
  }

  /** A seat for `owner`'s download, or the 429; the returned release may be called more than once. */
  take(owner: number): () => void {
    if (this.taken >= this.limits.perNode) throw new AppError(429, EXPORT_JOB_MSG.serverBusy);
    const mine = this.byUser.get(owner) ?? 0;
    if (mine >= this.limits.perUser) throw new AppError(429, EXPORT_JOB_MSG.alreadyRunning);
    this.byUser.set(owner, mine + 1);
    this.taken++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.taken--;
      const left = (this.byUser.get(owner) ?? 1) - 1;
      if (left > 0) this.byUser.set(owner, left);
      else this.byUser.delete(owner);
    };
  }
}
