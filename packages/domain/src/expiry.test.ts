import { describe, expect, it } from 'vitest';
import { lastDayOf, lotExpiresAt, programmeSettingsBody } from './expiry';

describe('lot expiry (Africa/Tunis)', () => {
  it('never: no expiry', () => {
    expect(lotExpiresAt('never', null, new Date('2026-05-10T10:00:00Z'))).toBeNull();
  });

  it('year_end: through 31 December of the year after the credit', () => {
    const e = lotExpiresAt('year_end', null, new Date('2026-05-10T10:00:00Z'));
    expect(e?.toISOString()).toBe('2027-12-31T23:00:00.000Z');
    expect(lastDayOf(e as Date)).toBe('2027-12-31');
  });

  it('year_end: 31 December 23:30 in Tunis is still that year; 00:30 on 1 January is the next', () => {
    // 22:30 UTC = 23:30 Tunis on 31/12/2026: the credit's year is 2026.
    expect(lastDayOf(lotExpiresAt('year_end', null, new Date('2026-12-31T22:30:00Z')) as Date)).toBe('2027-12-31');
    // 23:30 UTC = 00:30 Tunis on 01/01/2027 (a UTC reading would say 2026).
    expect(lastDayOf(lotExpiresAt('year_end', null, new Date('2026-12-31T23:30:00Z')) as Date)).toBe('2028-12-31');
  });

  it('months: the same Tunis day and time N months on, the month end when the day does not exist', () => {
    expect(lotExpiresAt('months', 12, new Date('2026-03-15T09:00:00Z'))?.toISOString()).toBe('2027-03-15T09:00:00.000Z');
    expect(lotExpiresAt('months', 1, new Date('2027-01-31T10:00:00Z'))?.toISOString()).toBe('2027-02-28T10:00:00.000Z');
    // 31/12/2026 23:30 Tunis + 2 months: 28/02/2027 23:30 Tunis (22:30 UTC).
    expect(lotExpiresAt('months', 2, new Date('2026-12-31T22:30:00Z'))?.toISOString()).toBe('2027-02-28T22:30:00.000Z');
  });

  it('validates the setting: months exactly with the `months` policy, 1 to 120', () => {
    expect(programmeSettingsBody.safeParse({ EXPIRY_POLICY: 'months', EXPIRY_MONTHS: 24 }).success).toBe(true);
    expect(programmeSettingsBody.safeParse({ EXPIRY_POLICY: 'year_end' }).success).toBe(true);
    const missing = programmeSettingsBody.safeParse({ EXPIRY_POLICY: 'months' });
    expect(missing.error?.issues[0]).toMatchObject({ path: ['EXPIRY_MONTHS'], message: 'Indiquez le nombre de mois.' });
    expect(programmeSettingsBody.safeParse({ EXPIRY_POLICY: 'months', EXPIRY_MONTHS: 0 }).success).toBe(false);
    expect(programmeSettingsBody.safeParse({ EXPIRY_POLICY: 'months', EXPIRY_MONTHS: 121 }).success).toBe(false);
    expect(programmeSettingsBody.safeParse({ EXPIRY_POLICY: 'never', EXPIRY_MONTHS: 3 }).success).toBe(false);
    expect(programmeSettingsBody.safeParse({ EXPIRY_POLICY: 'always' }).success).toBe(false);
  });
});
