import type { Coupon } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { cellText, labelProblems, sortKeyProblems } from '../../components/data-table/columns';
import { couponColumns } from './columns';
import { couponsMeta } from '@app/domain';

const shape = (cols: { field: string; header: string; kind?: string; sortable?: boolean }[]) =>
  cols.map((c) => `${c.field}:${c.header}:${c.kind ?? 'text'}${c.sortable ? ':sort' : ''}`);
const text = (row: Coupon, field: string) => {
  const col = couponColumns.find((c) => c.field === field)!;
  return col.render ? col.render(row) : cellText(col, row);
};

const fixed: Coupon = { id: 1, CODE: 'BIENVENUE', VALUE: '1234.500', TYPE: 'fixed', EXPIRY_DATE: '2026-12-31', ACTIF: 1 };
const percent: Coupon = { id: 2, CODE: 'ETE25', VALUE: '12.500', TYPE: 'percentage', EXPIRY_DATE: '2026-07-01', ACTIF: 0 };

describe('coupon columns', () => {
  it('lists code, value, type, expiry date and the active switch, sorting on the indexed ones', () => {
    expect(shape(couponColumns)).toEqual([
      'CODE:Code:text:sort',
      'VALUE:Valeur:custom:sort',
      'TYPE:Type:custom',
      "EXPIRY_DATE:Date d'expiration:date:sort",
      'ACTIF:Actif:switch',
    ]);
  });

  it('shows a fixed value in dinars with three decimals and a percentage with %', () => {
    expect(text(fixed, 'VALUE')).toBe('1\u00a0234,500 DT');
    expect(text(percent, 'VALUE')).toBe('12,5\u00a0%');
  });

  it('shows the French type label and the date as DD/MM/YYYY', () => {
    expect(text(fixed, 'TYPE')).toBe('Montant fixe');
    expect(text(percent, 'TYPE')).toBe('Pourcentage');
    expect(text(fixed, 'EXPIRY_DATE')).toBe('31/12/2026');
  });
});

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('sorts only on keys the API sorts on, by a default it knows', () => {
    expect(sortKeyProblems(couponColumns, couponsMeta)).toEqual([]);
    expect(labelProblems(couponColumns, couponsMeta)).toEqual([]);
  });
});
