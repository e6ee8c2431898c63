import { describe, expect, it } from 'vitest';
import { toOptions } from './useOptions';

describe('select options from API rows', () => {
  it('uses NAME and id by default', () => {
    expect(toOptions([{ id: 3, NAME: 'Détail' }], {})).toEqual([{ label: 'Détail', value: 3 }]);
  });
  it('takes a label function (client picker: code then name)', () => {
    const rows = [{ id: 1, CODE_CLIENT: 'C01', NAME: 'Kiosque' }];
    expect(toOptions(rows, { label: (r) => `${r.CODE_CLIENT} ${r.NAME}`, value: 'CODE_CLIENT' })).toEqual([{ label: 'C01 Kiosque', value: 'C01' }]);
  });
});
