/**
 * Display formats: money "1 234,500 DT", integers, decimals, percentages, DD/MM/YYYY and "DD/MM/YYYY à HH:mm",
 * API dates YYYY-MM-DD. Every number a user reads (screens, charts, exports, PDFs, messages) goes through
 * these: `toLocaleString` or a new `Intl.NumberFormat` elsewhere would group with another space, and
 * the lint rule lint/no-raw-number-format.grit refuses them outside this file.
 */
const money = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const pct = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** fr-FR groups with U+202F; we use a plain no-break space so PDFs' built-in fonts can print it. */
const nbsp = (s: string) => s.replace(/\u202f/g, '\u00a0');

export function formatMoney(value: number | string | null | undefined): string {
  const n = Number(value ?? 0);
  return `${nbsp(money.format(Number.isFinite(n) ? n : 0))} DT`;
}

const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** A whole number grouped by thousands with a no-break space: « 12 500 », « -25 » (counts and points: screens, exports, PDFs). */
export function formatInteger(value: number | string | null | undefined): string {
  const n = Number(value ?? 0);
  return nbsp(integer.format(Number.isFinite(n) ? n : 0));
}

/** Points are whole numbers: « 12 500 ». */
export const formatPoints = formatInteger;

const decimals = new Map<number, Intl.NumberFormat>();

/**
 * A number with exactly `digits` decimals (0 to 6), grouped like the integers: « 1 234,57 », « 2,5 »
 * (durations, file sizes, thousands of dinars). Money has its own formatter with its three decimals.
 */
export function formatDecimal(value: number | string | null | undefined, digits = 2): string {
  const d = Math.min(6, Math.max(0, Math.trunc(digits)));
  let f = decimals.get(d);
  if (!f) {
    f = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: d, maximumFractionDigits: d });
    decimals.set(d, f);
  }
  const n = Number(value ?? 0);
  return nbsp(f.format(Number.isFinite(n) ? n : 0));
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

/** The programme's time zone: every date a user reads (screens, exports, PDFs) is a Tunis date, whatever the server's or browser's zone. */
export const TIME_ZONE = 'Africa/Tunis';

const MINUTE = 60_000;
const DAY = 86_400_000;
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/** Tunis time minus UTC at an instant, in ms, from Intl's zone rules (never the process's TZ). */
function offsetAt(ms: number): number {
  const p: Record<string, number> = {};
  for (const { type, value } of wallClock.formatToParts(ms)) p[type] = Number(value);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(ms / MINUTE) * MINUTE;
}

// formatToParts costs ~5 µs: a 100,000-row export asks once per UTC day (the same offset at both ends of
// a day holds all day), and every instant of a day whose offset changes (a DST switch) asks for itself.
const dayOffsets = new Map<number, number | null>();
function tunisOffset(ms: number): number {
  const day = Math.floor(ms / DAY);
  let off = dayOffsets.get(day);
  if (off === undefined) {
    const first = offsetAt(day * DAY);
    off = first === offsetAt(day * DAY + DAY - MINUTE) ? first : null;
    if (dayOffsets.size >= 10_000) dayOffsets.clear();
    dayOffsets.set(day, off);
  }
  return off ?? offsetAt(ms);
}

/** Tunis time minus UTC at an instant, in ms. */
export const tunisOffsetMs = (ms: number) => tunisOffset(ms);

/** The instant's wall clock in Tunis, as a Date whose UTC fields read it. */
const inTunis = (d: Date) => new Date(d.getTime() + tunisOffset(d.getTime()));
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** DD/MM/YYYY: a calendar date (YYYY-MM-DD) as it is, an instant as its day in Tunis. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const day = typeof value === 'string' ? CALENDAR_DAY.exec(value) : null;
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const d = toDate(value);
  if (!d) return '';
  const t = inTunis(d);
  return `${pad(t.getUTCDate())}/${pad(t.getUTCMonth() + 1)}/${t.getUTCFullYear()}`;
}

/** "DD/MM/YYYY à HH:mm", Tunis time. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  const t = inTunis(d);
  return `${pad(t.getUTCDate())}/${pad(t.getUTCMonth() + 1)}/${t.getUTCFullYear()} à ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`;
}

/** An instant's calendar day in Tunis as YYYY-MM-DD (today by default): "today" is the same day for the browser and the server. */
export function todayInTunis(now: Date = new Date()): string {
  const t = inTunis(now);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** "DD/MM/YYYY à HH:mm UTC": the conversions lists show their dates in UTC, as the older product did. */
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
