import { describe, expect, it } from 'vitest';
import { titleFor } from './TitleBar';

describe('titleFor', () => {
  it('names the starter-gift requests by their query, the gift conversions without it', () => {
    expect(titleFor('/layout/starter_gifts/conversions', '?dem=start')).toEqual(['Cadeaux de bienvenue', 'Conversions de bienvenue']);
    expect(titleFor('/layout/starter_gifts/conversions', '?dem=start&page=2')).toEqual(['Cadeaux de bienvenue', 'Conversions de bienvenue']);
    expect(titleFor('/layout/starter_gifts/conversions', '')).toEqual(['Cadeaux de bienvenue', 'Conversions cadeaux']);
    expect(titleFor('/layout/points', '?onglet=produits')).toEqual(['Référentiel', 'Points']);
    expect(titleFor('/layout/inconnu', '')).toEqual([]);
  });
});
