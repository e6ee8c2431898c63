import { COUPON_MSG, type Coupon } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { COUPON_TYPE_OPTIONS, couponForm, couponFormValues, valueLabel } from './coupon-form';

const stored: Coupon = { id: 4, CODE: 'ETE25', VALUE: '12.500', TYPE: 'percentage', EXPIRY_DATE: '2026-07-01', ACTIF: 0 };
const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('coupon form', () => {
  it('starts a new coupon as an active fixed amount, and an existing one from its row', () => {
    expect(couponFormValues(null)).toEqual({ CODE: '', VALUE: '', TYPE: 'fixed', EXPIRY_DATE: '', ACTIF: 1 });
    expect(couponFormValues(stored)).toEqual({ CODE: 'ETE25', VALUE: '12.500', TYPE: 'percentage', EXPIRY_DATE: '2026-07-01', ACTIF: 0 });
  });

  it('offers the two types with their French labels', () => {
    expect(COUPON_TYPE_OPTIONS).toEqual([
      { value: 'fixed', label: 'Montant fixe' },
      { value: 'percentage', label: 'Pourcentage' },
    ]);
    expect(valueLabel('percentage')).toBe('Valeur (%)');
    expect(valueLabel('fixed')).toBe('Valeur (DT)');
  });

  it('refuses an expiry that is today or earlier, and sends the body the API expects otherwise', () => {
    const form = couponForm('2026-07-01');
    // Editing a coupon whose date has passed: the form says so on the field.
    expect(issues(form.safeParse(couponFormValues(stored)))).toEqual({ EXPIRY_DATE: COUPON_MSG.expiryPast });
    expect(form.parse({ ...couponFormValues(stored), EXPIRY_DATE: '2026-07-02' })).toEqual({
      CODE: 'ETE25',
      VALUE: '12.500',
      TYPE: 'percentage',
      EXPIRY_DATE: '2026-07-02',
      ACTIF: 0,
    });
  });
});
