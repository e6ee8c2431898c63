import { describe, expect, it } from 'vitest';
import { productCategoryBody, productCategoryUpdateBody, subCategoryBody, tarifBody } from './catalogue';
import { MSG } from './messages';

const errors = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('product category', () => {
  it('requires the code, the name, the label and a whole-number order', () => {
    expect(errors(productCategoryBody.safeParse({}))).toEqual({ CODE_CATEGORIE: MSG.required, NAME: MSG.required, LABEL: MSG.required, Ordre: MSG.required });
    expect(errors(productCategoryBody.safeParse({ CODE_CATEGORIE: 'CAF', NAME: 'Café', LABEL: 'x', Ordre: '1.5' }))).toEqual({ Ordre: MSG.wholeNumber });
    expect(productCategoryBody.parse({ CODE_CATEGORIE: ' CAF ', NAME: 'Café', LABEL: 'Cafés', Ordre: '3' })).toEqual({
      CODE_CATEGORIE: 'CAF',
      NAME: 'Café',
      LABEL: 'Cafés',
      Ordre: 3,
    });
  });

  it('never changes the code on edit', () => {
    expect(productCategoryUpdateBody.parse({ CODE_CATEGORIE: 'AUTRE', NAME: 'Thé' })).toEqual({ NAME: 'Thé' });
  });
});

describe('range', () => {
  it('requires name, label and the category code', () => {
    expect(errors(subCategoryBody.safeParse({ NAME: '  ' }))).toEqual({ NAME: MSG.blank, LABEL: MSG.required, CODE_CATEGORIE: MSG.required });
  });
});

describe('tarif', () => {
  const ok = { ARTICLE: 'CAF-0001', REMISE: '7.5', MSTRDAT: '2026-01-01', MENDDAT: '2026-06-30', PHT: '12.345', CIRCUIT: 'CHR' };
  it('accepts a complete line, dates as YYYY-MM-DD', () => {
    expect(tarifBody.parse(ok)).toEqual({ ...ok, DESCRIPTION: null });
  });

  it('refuses an end before the start, on the end date', () => {
    expect(errors(tarifBody.safeParse({ ...ok, MENDDAT: '2025-12-31' }))).toEqual({ MENDDAT: MSG.periodOrder });
    expect(tarifBody.safeParse({ ...ok, MENDDAT: ok.MSTRDAT }).success).toBe(true);
  });

  it('checks days, percentages and amounts', () => {
    expect(errors(tarifBody.safeParse({ ...ok, MSTRDAT: '2026-02-30', REMISE: '100.5', PHT: '1.2345' }))).toEqual({
      MSTRDAT: MSG.date,
      REMISE: MSG.percentMax,
      PHT: MSG.number,
    });
    expect(errors(tarifBody.safeParse({ ...ok, MSTRDAT: '01/02/2026' }))).toEqual({ MSTRDAT: MSG.date });
    expect(errors(tarifBody.safeParse({ ...ok, ARTICLE: '', CIRCUIT: undefined }))).toEqual({ ARTICLE: MSG.required, CIRCUIT: MSG.required });
  });
});
