import { z } from 'zod';
import type { ExportFormat } from './list';

/**
 * Exports that run as a background job (issue 25 §4). A whole-list export of more rows than this is
 * started as a job (`?job=1` on the list's export route) whose progress the screen shows; a smaller
 * one stays a direct download. The screen decides from the list's total; the server accepts a job
 * for any size (the total may have moved since the screen read it).
 */
export const EXPORT_JOB_THRESHOLD = 5000;
/** A finished file and its row are kept this long, then deleted by the housekeeping. */
export const EXPORT_JOB_KEPT_HOURS = 24;

/**
 * running → done | failed | cancelled; `interrupted`: the node writing it stopped beating (it died or
 * was stopped), the file was never completed. Relaunch the export.
 */
export const EXPORT_JOB_STATES = ['running', 'done', 'failed', 'cancelled', 'interrupted'] as const;
export type ExportJobState = (typeof EXPORT_JOB_STATES)[number];

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'XLSX', pdf: 'PDF' };

export const exportJobStarted = z.object({ id: z.uuid(), total: z.number().int().nullable() });
export type ExportJobStarted = z.infer<typeof exportJobStarted>;

export const exportJobStatus = z.object({
  id: z.uuid(),
  state: z.enum(EXPORT_JOB_STATES),
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
  cancelled: 'Export annulé.',
  ready: 'Export prêt : le téléchargement commence.',
} as const;

const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const count = (n: number) => integer.format(n).replace(/[\u202f\u00a0]/g, '\u00a0');

/** « Export XLSX : 12 345 / 40 000 lignes » (the total may be unknown: « 12 345 lignes »). */
export function exportProgressText(format: ExportFormat, written: number, total: number | null): string {
  const rows = total === null ? count(written) : `${count(written)} / ${count(total)}`;
  return `Export ${EXPORT_FORMAT_LABELS[format]} : ${rows} lignes`;
}
