import { atEightOClock, toApiDate } from '@app/domain';

/**
 * A date field holds what the API wants (YYYY-MM-DD) unless told to hold a Date; the calendar
 * always works on a local Date at 08:00 (picked dates take 08:00:00).
 */
export type DateValueKind = 'api' | 'date';

export function toCalendarDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' || !value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 8, 0, 0, 0);
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : atEightOClock(d);
}

export function fromCalendarDate(picked: Date | null | undefined, kind: DateValueKind): Date | string | null {
  if (!picked) return null;
  const at8 = atEightOClock(picked);
  return kind === 'api' ? toApiDate(at8) : at8;
}
