import { describe, expect, it } from 'vitest';
import { atEightOClock, formatDate, formatDateTime, formatMoney, formatPercent, toApiDate } from './format';

describe('formatting', () => {
  it('shows dinars with three decimals, French grouping and DT', () => {
    expect(formatMoney(1234.5)).toBe('1\u00a0234,500 DT');
    expect(formatMoney('0')).toBe('0,000 DT');
    expect(formatMoney(null)).toBe('0,000 DT');
  });
  it('shows percentages with %', () => expect(formatPercent(12.5)).toBe('12,5\u00a0%'));
  it('shows DD/MM/YYYY and DD/MM/YYYY à HH:mm', () => {
    const d = new Date(2025, 5, 25, 9, 5);
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
