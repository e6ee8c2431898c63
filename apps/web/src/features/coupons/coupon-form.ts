import { COUPON_TYPE_LABELS, COUPON_TYPES, type Coupon, couponFormBody } from '@app/domain';
import type { z } from 'zod';

/** The form's schema for `today` (YYYY-MM-DD in Tunis): the API body plus "expiry after today". */
export const couponForm = (today: string) => couponFormBody(today);
export type CouponFormIn = z.input<ReturnType<typeof couponForm>>;
export type CouponFormOut = z.output<ReturnType<typeof couponForm>>;

export const COUPON_TYPE_OPTIONS = COUPON_TYPES.map((value) => ({ value, label: COUPON_TYPE_LABELS[value] }));

/** Form values of a new coupon (a fixed amount, active) or of an existing one; amounts typed as text. */
export function couponFormValues(row: Coupon | null): CouponFormIn {
  return {
    CODE: row?.CODE ?? '',
    VALUE: row?.VALUE ?? '',
    TYPE: row?.TYPE ?? 'fixed',
    EXPIRY_DATE: row?.EXPIRY_DATE ?? '',
    ACTIF: row?.ACTIF === 0 ? 0 : 1,
  };
}

/** The value's label says its unit, which depends on the type. */
export const valueLabel = (type: unknown) => (type === 'percentage' ? 'Valeur (%)' : 'Valeur (DT)');
