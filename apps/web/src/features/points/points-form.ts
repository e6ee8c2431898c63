import { fileExtension, MAX_FILE_SIZE, MSG, offeredPoints, POINTS_MESSAGES, pointsEditBody } from '@app/domain';
import { z } from 'zod';

/** Keystroke filter of a signed whole number: digits and one leading minus (corrections may be negative). */
export function filterSignedInteger(raw: string): string {
  const sign = raw.trimStart().startsWith('-') ? '-' : '';
  return sign + raw.replace(/\D/g, '').slice(0, 9);
}

/**
 * The points edit: the API's body (empty or 0 → « Valeur non prise en compte »), and a
 * correction may not take the balance below zero (the server says the same on a stale balance).
 */
export const pointsEditForm = (balance: number) =>
  pointsEditBody.superRefine((v, ctx) => {
    if (balance + v.POINTS < 0) ctx.addIssue({ code: 'custom', path: ['POINTS'], message: POINTS_MESSAGES.insufficient });
  });
export type PointsEditIn = z.input<ReturnType<typeof pointsEditForm>>;
export type PointsEditOut = z.output<ReturnType<typeof pointsEditForm>>;

/**
 * The client-codes file (CSV only, text/csv or text/plain), checked in the browser by
 * extension AND declared type; the server reads the bytes. Windows browsers with Excel installed
 * declare a .csv as application/vnd.ms-excel, and some give no type at all: both are let through
 * for a .csv, whose content the server checks.
 */
const CODE_FILE_EXTENSIONS = ['csv', 'txt'];
const CODE_FILE_TYPES = ['text/csv', 'text/plain', ''];
export const CODE_FILE_ACCEPT = '.csv,.txt,text/csv,text/plain';

export function checkCodesFile(file: { name: string; size: number; type?: string }): string | null {
  const ext = fileExtension(file.name);
  const type = (file.type ?? '').toLowerCase();
  const typeOk = CODE_FILE_TYPES.includes(type) || (ext === 'csv' && type === 'application/vnd.ms-excel');
  if (!CODE_FILE_EXTENSIONS.includes(ext) || !typeOk) return MSG.fileType;
  if (file.size > MAX_FILE_SIZE) return MSG.fileSize;
  if (file.size === 0) return MSG.fileEmpty;
  return null;
}

export const offerFileForm = z.object({
  POINTS_OFFERED: offeredPoints(),
  CLIENTS_FILE: z.custom<File>((v) => typeof File !== 'undefined' && v instanceof File, { error: MSG.fileRequired }),
});
export type OfferFileIn = z.input<typeof offerFileForm>;
export type OfferFileOut = z.output<typeof offerFileForm>;

/** Multipart body of POST users/offerPoints/clients_file. */
export function offerFileData(values: OfferFileOut): FormData {
  const data = new FormData();
  data.append('POINTS_OFFERED', String(values.POINTS_OFFERED));
  data.append('CLIENTS_FILE', values.CLIENTS_FILE);
  return data;
}

export interface LineProblem {
  line: number;
  text: string;
}

const LINE_KEY = /^CLIENTS_FILE\.ligne (\d+)$/;

/**
 * Splits the file's 422 field errors: the per-line problems (`CLIENTS_FILE.ligne 3`, by line
 * order) and the errors of the form's own fields.
 */
export function splitFileErrors(errors: Record<string, string[] | string> | undefined): { lines: LineProblem[]; fields: [string, string][] } {
  const lines: LineProblem[] = [];
  const fields: [string, string][] = [];
  for (const [key, value] of Object.entries(errors ?? {})) {
    const message = (Array.isArray(value) ? value[0] : value) ?? '';
    const m = LINE_KEY.exec(key);
    if (m) lines.push({ line: Number(m[1]), text: `Ligne ${m[1]} : ${message}` });
    else if (message) fields.push([key, message]);
  }
  return { lines: lines.sort((a, b) => a.line - b.line), fields };
}
