import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { overlappingPeriod, PRODUCT_MSG, productBody, productPointBody, productUpdateBody, ttcBelowHt } from './products';

const errors = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
const product = { REF: 'CAF-1', LABEL: 'Café', LABEL_AR: 'قهوة', CATEGORY: 1, PRICE_HT: '8', PRICE_TTC: '9.520', QTE: '10' };

describe('product rules', () => {
  it('requires REF, the French and Arabic names, the category, prices and a digits-only stock', () => {
    expect(errors(productBody.safeParse({}))).toEqual({
      REF: MSG.required,
      LABEL: MSG.required,
      CATEGORY: MSG.required,
      PRICE_HT: MSG.required,
      PRICE_TTC: MSG.required,
      QTE: MSG.required,
      LABEL_AR: MSG.required,
    });
    expect(errors(productBody.safeParse({ ...product, QTE: '-3', PRICE_HT: '1.2345' }))).toEqual({ QTE: MSG.wholeNumber, PRICE_HT: MSG.number });
    expect(productBody.parse(product)).toMatchObject({ POINTS: 0, IS_NEW: 0, VISIBLE: 1, LABEL_AR: 'قهوة' });
  });

  it('compares TTC with HT in millimes, never as floating dinars', () => {
    expect(ttcBelowHt('0.3', '0.299')).toBe(true);
    expect(ttcBelowHt('0.1', '0.100')).toBe(false);
    expect(ttcBelowHt('12', 'abc')).toBe(false);
    expect(errors(productBody.safeParse({ ...product, PRICE_TTC: '7.999' }))).toEqual({ PRICE_TTC: PRODUCT_MSG.ttcBelowHt });
  });

  it('takes any subset on edit, without the read-only category and without defaults filling absent flags', () => {
    expect(productUpdateBody.parse({ VISIBLE: 0, CATEGORY: 4 })).toEqual({ VISIBLE: 0 });
    expect(productUpdateBody.parse({})).toEqual({});
  });
});

describe('product points periods', () => {
  const periods = [
    { id: 1, start: '2026-01-01', end: '2026-01-31' },
    { id: 2, start: '2026-03-01', end: '2026-03-31' },
  ];
  it('finds a period sharing a day, both ends included, ignoring the one being edited', () => {
    expect(overlappingPeriod('2026-01-31', '2026-02-10', periods)?.id).toBe(1);
    expect(overlappingPeriod('2026-02-01', '2026-02-28', periods)).toBeUndefined();
    expect(overlappingPeriod('2026-02-15', '2026-04-15', periods)?.id).toBe(2);
    expect(overlappingPeriod('2026-01-10', '2026-01-20', periods, 1)).toBeUndefined();
  });
  it('names the other period in French dates', () => {
    expect(PRODUCT_MSG.overlap('2026-03-01', '2026-03-31')).toContain('du 01/03/2026 au 31/03/2026');
  });
  it('requires a product, digits for points and a start before the end', () => {
    expect(errors(productPointBody.safeParse({ PRODUCT_ID: 1, points: '1.5', DATE_DEBUT: '2026-01-01', DATE_FIN: '2026-01-02' }))).toEqual({
      points: MSG.wholeNumber,
    });
    expect(errors(productPointBody.safeParse({ PRODUCT_ID: 1, points: '5', DATE_DEBUT: '2026-02-01', DATE_FIN: '2026-01-31' }))).toEqual({
      DATE_FIN: MSG.periodOrder,
    });
  });
});
