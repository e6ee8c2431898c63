import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { todayInTunis } from './format';
import { COUPON_MSG, couponBody, couponFormBody, couponUpdateBody, expiryAfter, formatCouponValue } from './vouchers';

const errors = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const coupon = { CODE: 'ETE25', VALUE: '10', TYPE: 'percentage', EXPIRY_DATE: '2030-06-30', ACTIF: 1 } as const;

describe('coupon body', () => {
  it('accepts a complete coupon, trimmed code', () => {
    expect(couponBody.parse({ ...coupon, CODE: ' ETE25 ' })).toEqual(coupon);
    expect(couponBody.parse({ ...coupon, ACTIF: false }).ACTIF).toBe(0);
  });

  it('requires code, value, type, expiry date and the active flag, with no default', () => {
    expect(errors(couponBody.safeParse({}))).toEqual({
      CODE: MSG.required,
      VALUE: MSG.required,
      TYPE: COUPON_MSG.typeUnknown,
      EXPIRY_DATE: MSG.required,
      ACTIF: MSG.required,
    });
    expect(errors(couponBody.safeParse({ ...coupon, ACTIF: null }))).toEqual({ ACTIF: MSG.required });
  });

  it('knows only fixed and percentage, and a percentage of at most 100', () => {
    expect(errors(couponBody.safeParse({ ...coupon, TYPE: 'gift' }))).toEqual({ TYPE: COUPON_MSG.typeUnknown });
    expect(errors(couponBody.safeParse({ ...coupon, VALUE: '100.001' }))).toEqual({ VALUE: MSG.percentMax });
    expect(couponBody.safeParse({ ...coupon, VALUE: '100' }).success).toBe(true);
    // A fixed amount may exceed 100 DT.
    expect(couponBody.safeParse({ ...coupon, TYPE: 'fixed', VALUE: '250.500' }).success).toBe(true);
    expect(errors(couponUpdateBody.safeParse({ TYPE: 'percentage', VALUE: '150' }))).toEqual({ VALUE: MSG.percentMax });
  });

  it('updates only what is sent: the active flag is not filled in', () => {
    expect(couponUpdateBody.parse({ CODE: 'HIVER' })).toEqual({ CODE: 'HIVER' });
    expect(couponUpdateBody.parse({ ACTIF: 0 })).toEqual({ ACTIF: 0 });
  });
});

describe('coupon expiry', () => {
  it('must be strictly after today', () => {
    expect(expiryAfter('2026-03-02', '2026-03-01')).toBe(true);
    expect(expiryAfter('2026-03-01', '2026-03-01')).toBe(false);
    expect(expiryAfter('2025-12-31', '2026-03-01')).toBe(false);
  });

  it('is checked by the form with the spec’s message', () => {
    const form = couponFormBody('2026-03-01');
    expect(errors(form.safeParse({ ...coupon, EXPIRY_DATE: '2026-03-01' }))).toEqual({ EXPIRY_DATE: COUPON_MSG.expiryPast });
    expect(COUPON_MSG.expiryPast).toBe("Le champ Date d'expiration doit être une date postérieure à aujourd'hui.");
    expect(form.safeParse({ ...coupon, EXPIRY_DATE: '2026-03-02' }).success).toBe(true);
  });

  it('counts days in Tunis (UTC+1), not in UTC', () => {
    // 23:30 UTC on 31 December is already 1 January in Tunis.
    expect(todayInTunis(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(todayInTunis(new Date('2026-06-15T10:00:00Z'))).toBe('2026-06-15');
  });
});

describe('coupon value display', () => {
  it('shows a percentage with % and a fixed amount in dinars with three decimals', () => {
    expect(formatCouponValue({ TYPE: 'percentage', VALUE: '12.5' })).toBe('12,5\u00a0%');
    expect(formatCouponValue({ TYPE: 'fixed', VALUE: '1234.5' })).toBe('1\u00a0234,500 DT');
  });
});
