import { describe, expect, it } from 'vitest';
import { formatPoints, formatSeniority, formatSignedPoints } from './format';

describe('clients display helpers', () => {
  it('shows seniority in years, months or days', () => {
    expect(formatSeniority(0)).toBe('0 jour');
    expect(formatSeniority(1)).toBe('1 jour');
    expect(formatSeniority(12)).toBe('12 jours');
    expect(formatSeniority(30)).toBe('1 mois');
    expect(formatSeniority(150)).toBe('5 mois');
    expect(formatSeniority(365)).toBe('1 an');
    expect(formatSeniority(365 * 2 + 95)).toBe('2 ans 3 mois');
    expect(formatSeniority(null)).toBe('');
    expect(formatSeniority(-3)).toBe('0 jour');
  });

  it('groups points the French way and signs ledger amounts', () => {
    expect(formatPoints(12500)).toBe('12\u00a0500');
    expect(formatPoints(null)).toBe('0');
    expect(formatSignedPoints(150)).toBe('+150');
    expect(formatSignedPoints(-1200)).toBe('\u22121\u00a0200');
    expect(formatSignedPoints(0)).toBe('0');
  });
});
