import { describe, expect, it } from 'vitest';
import type { ColumnDef } from './columns';
import { frozenClass, frozenProps, identifyingIndex } from './fit';

const cols = (...defs: Partial<ColumnDef>[]): ColumnDef[] => defs.map((d, i) => ({ field: `F${i}`, header: `H${i}`, ...d }));

describe('frozen edges', () => {
  it('freezes the first column on the left and an ending STATUS on the right', () => {
    const c = cols({}, {}, { field: 'STATUS' });
    expect(frozenProps(c, 0)).toEqual({ frozen: true });
    expect(frozenProps(c, 1)).toEqual({});
    expect(frozenProps(c, 2)).toEqual({ frozen: true, alignFrozen: 'right' });
    expect(frozenClass(c, 2)).toContain('dt-frozen-status');
  });

  it('leaves a STATUS that is not the last column scrolling', () => {
    const c = cols({}, { field: 'STATUS' }, {});
    expect(frozenProps(c, 1)).toEqual({});
  });

  it('freezes the column that says it names the row instead of the first', () => {
    const c = cols({ field: 'position' }, { kind: 'image' }, { identifies: true });
    expect(identifyingIndex(c)).toBe(2);
    expect(frozenProps(c, 0)).toEqual({});
    expect(frozenProps(c, 2)).toEqual({ frozen: true });
    // Left out on a phone, where they would push the name under the row buttons.
    expect(frozenClass(c, 0)).toBe('dt-before-name');
    expect(frozenClass(c, 2)).toBe('dt-frozen-start');
  });
});
