import { voucherPurchasesMeta } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { labelProblems, sortKeyProblems } from '../../components/data-table/columns';
import { voucherPurchaseColumns } from './columns';

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('sorts only on keys the API sorts on, by a default it knows', () => {
    expect(
      sortKeyProblems(
        voucherPurchaseColumns(() => ''),
        voucherPurchasesMeta,
      ),
    ).toEqual([]);
    expect(
      labelProblems(
        voucherPurchaseColumns(() => ''),
        voucherPurchasesMeta,
      ),
    ).toEqual([]);
  });
});
