import { hrefFor } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { titleFor } from './TitleBar';

describe('titleFor', () => {
  it('names the starter-gift requests by their query, the gift conversions without it', () => {
    expect(titleFor(hrefFor('starter-gift-conversions'), '?dem=start')).toEqual(['Cadeaux de bienvenue', 'Conversions de bienvenue']);
    expect(titleFor(hrefFor('starter-gift-conversions'), '?dem=start&page=2')).toEqual(['Cadeaux de bienvenue', 'Conversions de bienvenue']);
    expect(titleFor(hrefFor('starter-gift-conversions'), '')).toEqual(['Cadeaux de bienvenue', 'Conversions cadeaux']);
    expect(titleFor(hrefFor('points'), '?onglet=produits')).toEqual(['Référentiel', 'Points']);
    expect(titleFor('/layout/inconnu', '')).toEqual([]);
  });
});
