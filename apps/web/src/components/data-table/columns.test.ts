import { describe, expect, it } from 'vitest';
import { type ColumnDef, cellText, columnForSort, isKnownSort, isOn, readField, sortKeyOf, toggled } from './columns';

describe('column helpers', () => {
  it('reads dotted paths and tolerates missing objects', () => {
    const row = { NAME: 'A', MEDIA: { original_url: '/u/a.png' }, EMPTY: null };
    expect(readField(row, 'MEDIA.original_url')).toBe('/u/a.png');
    expect(readField(row, 'EMPTY.original_url')).toBeUndefined();
    expect(readField(row, 'MISSING')).toBeUndefined();
  });

  it('formats cells by kind', () => {
    const row = { amount: 1234.5, day: '2025-03-07T08:05:00.000Z' /* 09:05 in Tunis */, name: 'Épicerie', none: null };
    expect(cellText({ field: 'amount', kind: 'money' }, row)).toBe('1\u00a0234,500 DT');
    expect(cellText({ field: 'day', kind: 'date' }, row)).toBe('07/03/2025');
    expect(cellText({ field: 'day', kind: 'datetime' }, row)).toBe('07/03/2025 à 09:05');
    expect(cellText({ field: 'name' }, row)).toBe('Épicerie');
    expect(cellText({ field: 'none', kind: 'money' }, row)).toBe('');
  });

  it('flips 0/1 flags the way the API stores them', () => {
    expect(isOn(1)).toBe(true);
    expect(isOn('1')).toBe(true);
    expect(isOn(0)).toBe(false);
    expect(isOn(null)).toBe(false);
    expect(toggled(0)).toBe(1);
    expect(toggled(true)).toBe(0);
  });

  it('maps server sort keys to sortable columns only', () => {
    const cols: ColumnDef[] = [
      { field: 'NAME', header: 'Nom', sortable: true },
      { field: 'CIRCUIT', header: 'Circuit', sortable: true, sortKey: 'CIRCUIT_NAME' },
      { field: 'DESCRIPTION', header: 'Description' },
    ];
    expect(sortKeyOf(cols[1])).toBe('CIRCUIT_NAME');
    expect(columnForSort(cols, 'CIRCUIT_NAME')?.field).toBe('CIRCUIT');
    expect(isKnownSort(cols, 'DESCRIPTION')).toBe(false);
    expect(isKnownSort(cols, 'position', ['position'])).toBe(true);
    expect(isKnownSort(cols, 'password')).toBe(false);
  });
});
