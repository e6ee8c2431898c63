import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { RETURN_MSG, returnBody, returnNumber } from './returns';

const errors = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('returned goods rules', () => {
  it('numbers returns RET-<year>-<5 digits>', () => {
    expect(returnNumber(2026, 42)).toBe('RET-2026-00042');
  });
  it('requires an address, a client and at least one product, each once with a positive quantity', () => {
    expect(errors(returnBody.safeParse({ ITEMS: [] }))).toEqual({ ADDRESS: MSG.required, CLIENT_ID: MSG.required, ITEMS: RETURN_MSG.itemsRequired });
    expect(
      errors(
        returnBody.safeParse({
          ADDRESS: 'Sfax',
          CLIENT_ID: 1,
          ITEMS: [
            { PRODUCT_ID: 3, QTE: '2' },
            { PRODUCT_ID: 4, QTE: '0' },
          ],
        }),
      ),
    ).toEqual({ 'ITEMS.1.QTE': RETURN_MSG.quantity });
    expect(
      errors(
        returnBody.safeParse({
          ADDRESS: 'Sfax',
          CLIENT_ID: 1,
          ITEMS: [
            { PRODUCT_ID: 3, QTE: 1 },
            { PRODUCT_ID: 3, QTE: 2 },
          ],
        }),
      ),
    ).toEqual({
      'ITEMS.1.PRODUCT_ID': RETURN_MSG.productTwice,
    });
  });
});
