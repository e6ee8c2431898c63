import { describe, expect, it } from 'vitest';
import { CONVERSION_STATUS, GIFT_PURCHASE_STATUS } from './gifts';
import { ORDER_STATUS } from './orders';
import { CLIENT_STATUS } from './statuses';
import { VOUCHER_PURCHASE_STATUS } from './vouchers';

describe('status sets', () => {
  it('never count the same status again as a move: the server answers it 409', () => {
    for (const set of [CLIENT_STATUS, ORDER_STATUS, CONVERSION_STATUS, GIFT_PURCHASE_STATUS, VOUCHER_PURCHASE_STATUS]) {
      for (const code of set.codes) expect(set.canMove(code, code)).toBe(false);
    }
  });
  it('let a new order move to 1 or 3 only', () => {
    expect(ORDER_STATUS.codes.filter((to) => ORDER_STATUS.canMove(0, to))).toEqual([1, 3]);
  });
});
