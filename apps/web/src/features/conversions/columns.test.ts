import { giftConversionsMeta, startingGiftPurchasesMeta } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { labelProblems, sortKeyProblems } from '../../components/data-table/columns';
import { conversionColumns } from './columns';

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('sorts only on keys the API sorts on, by a default it knows', () => {
    expect(
      sortKeyProblems(
        conversionColumns('gift', () => ''),
        giftConversionsMeta,
      ),
    ).toEqual([]);
    expect(
      labelProblems(
        conversionColumns('gift', () => ''),
        giftConversionsMeta,
      ),
    ).toEqual([]);
    expect(
      sortKeyProblems(
        conversionColumns('starter', () => ''),
        startingGiftPurchasesMeta,
      ),
    ).toEqual([]);
    expect(
      labelProblems(
        conversionColumns('starter', () => ''),
        startingGiftPurchasesMeta,
      ),
    ).toEqual([]);
  });
});
