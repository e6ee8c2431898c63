/**
 * Housekeeping: what would otherwise grow without bound (expired sessions, old sign-in
 * attempts and throttles, spent reset codes, ended job rows, finished pg-boss jobs) is purged by one
 * pg-boss job on a cron schedule. pg-boss sends a scheduled job once per cluster (its timekeeper takes
 * a database lock), and one node's worker runs it: never a timer per process.
 */
export const HOUSEKEEPING_QUEUE = 'housekeeping';
/** Every five minutes: also how soon a job whose node died is found and failed (job-runs.ts). */
export const HOUSEKEEPING_CRON = '*/5 * * * *';

/** One purge: returns how many rows it removed, when it counts them (reported in the job's output). */
export type HousekeepingTask = () => Promise<number | undefined>;

/** Runs every task, each on its own: one failing does not stop the others. */
export async function runTasks(tasks: Map<string, HousekeepingTask>): Promise<Record<string, number | string>> {
  const report: Record<string, number | string> = {};
  for (const [name, task] of tasks) {
    try {
      report[name] = (await task()) ?? 'ok';
    } catch (err) {
      report[name] = `Erreur : ${(err as Error)?.message ?? String(err)}`;
    }
  }
  return report;
}
