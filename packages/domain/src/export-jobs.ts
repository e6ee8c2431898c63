import { z } from 'zod';
import { formatInteger } from './format';
import type { ExportFormat } from './list';

// The threshold (EXPORT_JOB_THRESHOLD) is in list.ts: the lists read it on every screen, the rest of
// this file only once an export job runs (the web app loads it with the progress toast).

/** A finished file and its row are kept this long, then deleted by the housekeeping. */
export const EXPORT_JOB_KEPT_HOURS = 24;

/**
 * running → done | failed | cancelled; `interrupted`: the node writing it stopped beating (it died or
 * was stopped), the file was never completed. Relaunch the export.
 */
export const EXPORT_JOB_STATES = ['running', 'done', 'failed', 'cancelled', 'interrupted'] as const;
export type ExportJobState = (typeof EXPORT_JOB_STATES)[number];

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'XLSX', pdf: 'PDF' };

// Pure: a bundle that only reads the types (the web app) drops the schemas.
export const exportJobStarted = /* @__PURE__ */ z.object({ id: z.uuid(), total: z.number().int().nullable() });
export type ExportJobStarted = z.infer<typeof exportJobStarted>;

export const exportJobStatus = /* @__PURE__ */ z.object({
  id: z.uuid(),
  state: /* @__PURE__ */ z.enum(EXPORT_JOB_STATES),
  format: z.enum(['csv', 'xlsx', 'pdf']),
  fileName: z.string(),
  written: z.number().int(),
  total: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type ExportJobStatus = z.infer<typeof exportJobStatus>;

export const EXPORT_JOB_MSG = {
  interrupted: "Export interrompu : le serveur qui l'écrivait s'est arrêté. Relancez-le.",
  failed: "L'export a échoué.",
  /** A failed job's reason, as its status gives it: the technical cause is only in the server's log. */
  failedRetry: "L'export a échoué : réessayez ou contactez l'administrateur.",
  cancelled: 'Export annulé.',
  ready: 'Export prêt : le téléchargement commence.',
  /** 429: the user already has as many exports running as allowed (EXPORT_JOBS_PER_USER, on every node together). */
  alreadyRunning: "Un export est déjà en cours : attendez qu'il se termine.",
  /** 429: the node that took the call already writes as many exports as allowed (EXPORT_JOBS_PER_NODE). */
  serverBusy: 'Un export est déjà en cours sur le serveur : réessayez dans quelques minutes.',
} as const;

/** « Export XLSX : 12 345 / 40 000 lignes » (the total may be unknown: « 12 345 lignes »). */
export function exportProgressText(format: ExportFormat, written: number, total: number | null): string {
  const rows = total === null ? formatInteger(written) : `${formatInteger(written)} / ${formatInteger(total)}`;
  return `Export ${EXPORT_FORMAT_LABELS[format]} : ${rows} lignes`;
}
