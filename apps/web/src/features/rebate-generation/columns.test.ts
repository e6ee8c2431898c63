import { SIMULATION_SORTABLE } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { simulatedVoucherColumns } from './columns';

describe('simulated voucher columns', () => {
  it('sort exactly on the keys the API sorts by', () => {
    const sorted = simulatedVoucherColumns.filter((c) => c.sortable).map((c) => c.sortKey ?? c.field);
    expect([...sorted].sort()).toEqual([...SIMULATION_SORTABLE].sort());
  });
});
