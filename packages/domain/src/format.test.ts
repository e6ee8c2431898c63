import { describe, expect, it } from 'vitest';
import { atEightOClock, formatDate, formatDateTime, formatDecimal, formatInteger, formatMoney, formatPercent, toApiDate, todayInTunis } from './format';

describe('formatting', () => {
  it('shows dinars with three decimals, French grouping and DT', () => {
    expect(formatMoney(1234.5)).toBe('1\u00a0234,500 DT');
    expect(formatMoney('0')).toBe('0,000 DT');
    expect(formatMoney(null)).toBe('0,000 DT');
  });
  it('shows percentages with %', () => expect(formatPercent(12.5)).toBe('12,5\u00a0%'));
  it('groups whole numbers with a no-break space, never the narrow one fr-FR gives', () => {
    expect(formatInteger(1234567)).toBe('1\u00a0234\u00a0567');
    expect(formatInteger('-25')).toBe('-25');
    expect(formatInteger(999)).toBe('999');
    expect(formatInteger(12.6)).toBe('13');
    expect(formatInteger(undefined)).toBe('0');
    expect(formatInteger('abc')).toBe('0');
  });
  it('writes decimals with exactly the asked digits, grouped like the integers', () => {
    expect(formatDecimal(1234.567)).toBe('1\u00a0234,57');
    expect(formatDecimal(2.5, 1)).toBe('2,5');
    expect(formatDecimal(2, 1)).toBe('2,0');
    expect(formatDecimal('12345.6', 1)).toBe('12\u00a0345,6');
    expect(formatDecimal(7.25, 0)).toBe('7');
    expect(formatDecimal(null, 3)).toBe('0,000');
    expect(formatDecimal(Number.NaN)).toBe('0,00');
  });
  it('writes every number of every formatter without U+202F', () => {
    const big = 123456789.125;
    for (const text of [formatInteger(big), formatDecimal(big, 3), formatMoney(big), formatPercent(big)]) expect(text).not.toMatch(/\u202f/);
    expect(formatPercent(12345.5)).toBe('12\u00a0345,5\u00a0%');
  });
  it('shows DD/MM/YYYY and DD/MM/YYYY à HH:mm', () => {
    // An instant, not a local time: 08:05 UTC is 09:05 in Tunis (the old test read the process's own zone).
    const d = new Date('2025-06-25T08:05:00Z');
    expect(formatDate(d)).toBe('25/06/2025');
    expect(formatDateTime(d)).toBe('25/06/2025 à 09:05');
    expect(formatDate('not a date')).toBe('');
  });
  it('sends picked dates as YYYY-MM-DD at 08:00:00', () => {
    const picked = atEightOClock(new Date(2025, 0, 8, 23, 59));
    expect(picked.getHours()).toBe(8);
    expect(toApiDate(picked)).toBe('2025-01-08');
  });
});

/** Instants around Tunis midnight (UTC+1 all year since 2009; summer time from 2005 to 2008) and what Tunis reads. */
const TUNIS_CASES: [string, string][] = [
  ['2025-01-15T22:59:00Z', '15/01/2025 à 23:59'],
  ['2025-01-15T23:00:00Z', '16/01/2025 à 00:00'],
  ['2025-07-15T23:30:00Z', '16/07/2025 à 00:30'],
  ['2025-12-31T23:30:00.000Z', '01/01/2026 à 00:30'],
  ['2026-03-29T01:30:00Z', '29/03/2026 à 02:30'],
  ['2026-10-25T00:30:00Z', '25/10/2026 à 01:30'],
  ['2008-07-01T12:00:00Z', '01/07/2008 à 14:00'],
  ['2008-03-30T00:30:00Z', '30/03/2008 à 01:30'],
  ['2008-03-30T01:30:00Z', '30/03/2008 à 03:30'],
];

describe('dates in Tunis, whatever the zone of the process', () => {
  it('formats instants at Tunis time, and calendar dates as they are', () => {
    for (const [iso, shown] of TUNIS_CASES) {
      expect(formatDateTime(iso)).toBe(shown);
      expect(formatDate(new Date(iso))).toBe(shown.slice(0, 10));
    }
    expect(todayInTunis(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(formatDate('2025-01-01')).toBe('01/01/2025');
    expect(formatDateTime(null)).toBe('');
  });
});
