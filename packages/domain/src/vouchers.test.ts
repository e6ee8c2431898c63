import { describe, expect, it } from 'vitest';
import { manualPurchaseBody, VOUCHER_MSG, voucherBody, voucherUpdateBody } from './vouchers';

/** Vouchers on offer and their manual consumption. */
const valid = { REF: 'VCH-PRO', QTS: '10', SOLDE: '30.500', TYPE_CLIENT_ID: 1, START_DAY: '2026-01-01', END_DATE: '2026-12-31' };

describe('voucher body', () => {
  it('takes the required fields and keeps the amount as text to the millime', () => {
    const v = voucherBody.parse(valid);
    expect(v).toMatchObject({ REF: 'VCH-PRO', QTS: 10, SOLDE: '30.500', IS_ACTIVE: 1, CIRCUIT: null });
  });

  it('wants the start strictly before the end', () => {
    const same = voucherBody.safeParse({ ...valid, END_DATE: '2026-01-01' });
    expect(same.success).toBe(false);
    expect(same.error?.issues[0]).toMatchObject({ path: ['END_DATE'], message: VOUCHER_MSG.periodStrict });
  });

  it('leaves absent fields absent on a partial update (a switch does not reactivate or reset)', () => {
    expect(voucherUpdateBody.parse({ SOLDE: '12' })).toEqual({ SOLDE: '12' });
    expect(voucherUpdateBody.parse({ IS_ACTIVE: 0 })).toEqual({ IS_ACTIVE: 0 });
  });
});

describe('manual consumption', () => {
  it('needs a reason and at least one voucher', () => {
    expect(manualPurchaseBody.safeParse({ MANUAL_REASON: '  ', VOCHERS_PURCHASES: [1] }).error?.issues[0].message).toBe(VOUCHER_MSG.reasonRequired);
    expect(manualPurchaseBody.safeParse({ MANUAL_REASON: 'Remise', VOCHERS_PURCHASES: [] }).error?.issues[0].message).toBe(VOUCHER_MSG.noneSelected);
    expect(manualPurchaseBody.parse({ MANUAL_REASON: ' Remise ', VOCHERS_PURCHASES: ['3', 4] })).toEqual({
      MANUAL_REASON: 'Remise',
      VOCHERS_PURCHASES: [3, 4],
    });
  });
});
