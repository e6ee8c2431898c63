import { describe, expect, it } from 'vitest';
import { ORDER_MSG, ORDER_STATUS, orderTotals, orderUpdateBody, toMillimes } from './orders';

describe('order status rule', () => {
  it('moves a new order only to Traitement en cours or Traité et refusé, an order in progress to accepted or refused; nothing else moves', () => {
    const allowed = ORDER_STATUS.codes.flatMap((from) =>
      ORDER_STATUS.codes.filter((to) => to !== from && ORDER_STATUS.canMove(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual(['0→1', '0→3', '1→2', '1→3']);
  });
  it('has the five labels and colours of the list selector', () => {
    expect(ORDER_STATUS.all.map((s) => s.label)).toEqual(['Nouveau', 'Traitement en cours', 'Traité et accepté', 'Traité et refusé', 'Facturé']);
    expect(new Set(ORDER_STATUS.all.map((s) => s.color)).size).toBe(5);
  });
  it('takes a status or a site, and says so when neither is sent', () => {
    expect(orderUpdateBody.parse({ STATUS: '1' })).toEqual({ STATUS: 1 });
    expect(orderUpdateBody.safeParse({ STATUS: 9 }).error?.issues[0].message).toBe(ORDER_MSG.statusUnknown);
    expect(orderUpdateBody.safeParse({}).error?.issues[0].message).toBe(ORDER_MSG.nothingToChange);
  });
});

describe('order totals', () => {
  it('adds prices in integer millimes: 0.1 × 3 + 0.2 × 2 is exactly 0.700', () => {
    expect(
      orderTotals([
        { qte: 3, unitPriceTtc: '0.100', unitPoints: 2 },
        { qte: 2, unitPriceTtc: 0.2, unitPoints: 5 },
      ]),
    ).toEqual({ millimes: 700, points: 16 });
  });
  it('reads dinars with up to three decimals as millimes', () => {
    expect(toMillimes('16.422')).toBe(16_422);
    expect(toMillimes('5')).toBe(5000);
    expect(toMillimes(1234.5)).toBe(1_234_500);
    expect(() => toMillimes('1.2345')).toThrow();
  });
});
