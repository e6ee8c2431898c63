import { describe, expect, it } from 'vitest';
import { CONVERSION_STATUS, conversionAction, conversionMoveAllowed, giftRefusal, GIFT_MSG, purchaseDeliveryStatus, rewardNumber } from './gifts';
import { ROLE } from './permissions';

/** The fulfilment rules: who moves a unit where, when a purchase is complete, who may buy. */
describe('conversion transitions', () => {
  it('allows 0→1, 0→2, 0→3, 1→3 by hand and nothing else; 3→4 is the scan’s', () => {
    const allowed: string[] = [];
    for (const from of CONVERSION_STATUS.codes) for (const to of CONVERSION_STATUS.codes) if (conversionMoveAllowed(from, to)) allowed.push(`${from}→${to}`);
    expect(allowed).toEqual(['0→1', '0→2', '0→3', '1→3']);
  });

  it('gives the Magasinier « Préparer » from En attente, any other role « Expédier » with a confirmation, none once shipped', () => {
    expect(conversionAction(ROLE.magasinier, 0)).toEqual({ to: 1, label: 'Préparer', confirm: false });
    expect(conversionAction(ROLE.magasinier, 1)).toBeNull();
    for (const role of [ROLE.admin, ROLE.chefZone, 'Commercial']) {
      expect(conversionAction(role, 0)).toEqual({ to: 3, label: 'Expédier', confirm: true });
      expect(conversionAction(role, 1)?.to).toBe(3);
      for (const s of [2, 3, 4]) expect(conversionAction(role, s)).toBeNull();
    }
  });

  it('completes a purchase when every live unit is received, partially when some are', () => {
    expect(purchaseDeliveryStatus(0, 3)).toBe(1);
    expect(purchaseDeliveryStatus(1, 3)).toBe(4);
    expect(purchaseDeliveryStatus(3, 3)).toBe(2);
  });

  it('numbers purchases, conversions, starter gifts and vouchers per year on six digits', () => {
    expect(rewardNumber('purchase', 2026, 7)).toBe('ACH-2026-000007');
    expect(rewardNumber('conversion', 2026, 123456)).toBe('CONV-2026-123456');
    expect(rewardNumber('starter', 2025, 1)).toBe('BV-2025-000001');
  });
});

describe('gift eligibility', () => {
  const gift = {
    isActive: 1,
    qts: 5,
    startDay: '2026-01-01',
    endDate: '2026-12-31',
    activiteId: null,
    circuitId: 2,
    categoryId: null,
    typeClientId: null,
    badgesId: 7,
  };
  const client = { activiteId: 1, circuitId: 2, categoryId: 3, typeClientId: 4, badgeId: 7 };

  it('accepts a client matching every restriction within the dates and the stock', () => {
    expect(giftRefusal(gift, client, 5, '2026-06-15')).toBeNull();
  });

  it('says which rule refuses', () => {
    expect(giftRefusal({ ...gift, isActive: 0 }, client, 1, '2026-06-15')).toBe(GIFT_MSG.inactive);
    expect(giftRefusal(gift, client, 1, '2025-12-31')).toBe(GIFT_MSG.notStarted('01/01/2026'));
    expect(giftRefusal(gift, client, 1, '2027-01-01')).toBe(GIFT_MSG.ended('31/12/2026'));
    expect(giftRefusal(gift, client, 6, '2026-06-15')).toBe(GIFT_MSG.stockInsufficient);
    expect(giftRefusal(gift, { ...client, circuitId: 9 }, 1, '2026-06-15')).toBe(GIFT_MSG.notEligible('circuit différent'));
    expect(giftRefusal(gift, { ...client, badgeId: null }, 1, '2026-06-15')).toBe(GIFT_MSG.notEligible('badge différent'));
  });
});
