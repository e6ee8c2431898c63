import { describe, expect, it } from 'vitest';
import type { ColumnDef } from './columns';
import { frozenClass, identifyingIndex } from './fit';

const cols = (...defs: Partial<ColumnDef>[]): ColumnDef[] => defs.map((d, i) => ({ field: `F${i}`, header: `H${i}`, ...d }));

describe('held edges', () => {
  it('holds the first column on the left and an ending STATUS on the right', () => {
    const c = cols({}, {}, { field: 'STATUS' });
    expect(frozenClass(c, 0)).toBe('dt-frozen-start');
    expect(frozenClass(c, 1)).toBeUndefined();
    expect(frozenClass(c, 2)).toBe('dt-frozen-end dt-frozen-status');
  });

  it('leaves a STATUS that is not the last column scrolling', () => {
    const c = cols({}, { field: 'STATUS' }, {});
    expect(frozenClass(c, 1)).toBeUndefined();
  });

  it('holds the column that says it names the row instead of the first', () => {
    const c = cols({ field: 'position' }, { kind: 'image' }, { identifies: true });
    expect(identifyingIndex(c)).toBe(2);
    // Left out on a phone, where they would push the name under the row buttons.
    expect(frozenClass(c, 0)).toBe('dt-before-name');
    expect(frozenClass(c, 2)).toBe('dt-frozen-start');
  });
});
