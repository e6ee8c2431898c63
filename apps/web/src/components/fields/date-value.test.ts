import { describe, expect, it } from 'vitest';
import { fromCalendarDate, toCalendarDate } from './date-value';

describe('date field values', () => {
  it('reads API dates as local days at 08:00', () => {
    const d = toCalendarDate('2025-06-25');
    expect(d && [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2025, 5, 25, 8]);
    expect(toCalendarDate('')).toBeNull();
    expect(toCalendarDate('pas une date')).toBeNull();
  });

  it('writes picked dates at 08:00, as YYYY-MM-DD or as a Date', () => {
    const picked = new Date(2024, 1, 29, 23, 59);
    expect(fromCalendarDate(picked, 'api')).toBe('2024-02-29');
    const asDate = fromCalendarDate(picked, 'date') as Date;
    expect([asDate.getDate(), asDate.getHours(), asDate.getMinutes()]).toEqual([29, 8, 0]);
    expect(fromCalendarDate(null, 'api')).toBeNull();
  });
});
