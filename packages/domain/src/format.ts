/** Display formats: money "1 234,500 DT", percentages, DD/MM/YYYY and "DD/MM/YYYY à HH:mm", API dates YYYY-MM-DD. */
const money = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const pct = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** fr-FR groups with U+202F; we use a plain no-break space so PDFs' built-in fonts can print it. */
const nbsp = (s: string) => s.replace(/\u202f/g, '\u00a0');

export function formatMoney(value: number | string | null | undefined): string {
  const n = Number(value ?? 0);
  return `${nbsp(money.format(Number.isFinite(n) ? n : 0))} DT`;
}

export function formatPercent(value: number | string | null | undefined): string {
  const n = Number(value ?? 0);
  return `${nbsp(pct.format(Number.isFinite(n) ? n : 0))}\u00a0%`;
}

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDate(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  return d ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}` : '';
}

export function formatDateTime(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  return d ? `${formatDate(d)} à ${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}

/** "DD/MM/YYYY à HH:mm UTC": the conversions lists show their dates in UTC (spec 2). */
export function formatDateTimeUtc(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  return d ? `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} à ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC` : '';
}

/** A picked calendar date as the API wants it (YYYY-MM-DD), from the local calendar day. */
export function toApiDate(value: Date | null | undefined): string | null {
  return value ? `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}` : null;
}

/** Dates picked in a calendar take the time 08:00:00 (spec). */
export function atEightOClock(value: Date): Date {
  const d = new Date(value);
  d.setHours(8, 0, 0, 0);
  return d;
}
