import { describe, expect, it } from 'vitest';
import { dashboardYears, formatKDt, percentOf, roundHalf, trimChartPoints } from './dashboard';

const months = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('chart trimming', () => {
  it('keeps every point above 1366 px or with 9 points or fewer', () => {
    expect(trimChartPoints(months(48), 1440)).toHaveLength(48);
    expect(trimChartPoints(months(9), 390)).toEqual(months(9));
  });
  it('keeps the last 9 / 12 / 15 / 20 points by width', () => {
    expect(trimChartPoints(months(12), 390)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(trimChartPoints(months(14), 420)).toEqual(months(14).slice(2));
    expect(trimChartPoints(months(20), 550)).toEqual(months(20).slice(5));
    expect(trimChartPoints(months(30), 1366)).toEqual(months(30).slice(10));
  });
  it('uses every second point, ending on the last, when the kept count is at most half', () => {
    expect(trimChartPoints(months(18), 390)).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18]);
    expect(trimChartPoints(months(24), 420)).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24]);
    expect(trimChartPoints(months(31), 550)).toEqual([3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31]);
    expect(trimChartPoints(months(71), 1366)).toHaveLength(20);
    expect(trimChartPoints(months(71), 1366).at(-1)).toBe(71);
  });
  it('keeps all when the width allows as many points as there are', () => {
    expect(trimChartPoints(months(12), 1366)).toEqual(months(12));
  });
});

describe('figures', () => {
  it('rounds percentages to the nearest 0.5', () => {
    expect(roundHalf(33.3333)).toBe(33.5);
    expect(roundHalf(66.6667)).toBe(66.5);
    expect(roundHalf(12.24)).toBe(12);
    expect(percentOf(1, 3)).toBe(33.5);
    expect(percentOf(5, 0)).toBe(0);
  });
  it('shows voucher amounts in K DT with two decimals, French format', () => {
    expect(formatKDt(1234567.89)).toBe('1\u00a0234,57 K DT');
    expect(formatKDt(500)).toBe('0,50 K DT');
    expect(formatKDt(0)).toBe('0,00 K DT');
  });
  it('offers the years from 2021 to the current one', () => {
    expect(dashboardYears(new Date('2026-06-01'))).toEqual([2021, 2022, 2023, 2024, 2025, 2026]);
  });
});
