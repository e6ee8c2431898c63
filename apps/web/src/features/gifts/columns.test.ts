import type { Gift, StartingGift } from '@app/domain';
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { cellText, labelProblems, sortKeyProblems } from '../../components/data-table/columns';
import { giftColumns, starterGiftColumns } from './columns';
import { giftsMeta, startingGiftsMeta } from '@app/domain';

const gift: Gift = {
  id: 4,
  ID: 4,
  REF: 'CAD-V30',
  NAME: 'Bon de 30 DT',
  DESCRIPTION: null,
  TYPE: 'voucher',
  QTS: 100,
  NBR_OF_POINTS: 12500,
  VOCHER_VALUE: '30.500',
  START_DAY: '2025-01-01',
  END_DATE: '2025-12-31',
  ACTIVITE: null,
  ACTIVITE_NAME: null,
  CIRCUIT: null,
  CATEGORY: null,
  TYPE_CLIENT_ID: null,
  BADGES_ID: null,
  IS_ACTIVE: 1,
  MEDIA: null,
  CREATED_AT: '2025-01-01T10:00:00.000Z',
};
const columnOf = (field: string) => giftColumns.find((c) => c.field === field)!;
/** Text of a custom cell (a string, or the children of the element it returns). */
const rendered = (field: string, row: Gift) => {
  const out = columnOf(field).render?.(row);
  return isValidElement(out) ? (out.props as { children?: unknown }).children : out;
};

describe('gift columns', () => {
  it('lists image, ref, name, type, stock, points, voucher value, period and the active switch; sorts on ref and name', () => {
    expect(giftColumns.map((c) => `${c.field}:${c.header}:${c.kind ?? 'text'}${c.sortable ? ':sort' : ''}`)).toEqual([
      'MEDIA:Image:custom',
      'REF:Référence:text:sort',
      'NAME:Nom:text:sort',
      'TYPE:Type:custom',
      'QTS:Stock:text',
      'NBR_OF_POINTS:Points:custom',
      'VOCHER_VALUE:Valeur voucher:custom',
      'START_DAY:Début:date',
      'END_DATE:Fin:date',
      'IS_ACTIVE:Actif:switch',
    ]);
  });

  it('shows the type’s label, points grouped by thousands, the value in DT with 3 decimals, dates DD/MM/YYYY', () => {
    expect(rendered('TYPE', gift)).toBe('Voucher');
    expect(rendered('NBR_OF_POINTS', gift)).toBe('12\u00a0500');
    expect(rendered('VOCHER_VALUE', gift)).toBe('30,500 DT');
    expect(cellText(columnOf('START_DAY'), gift)).toBe('01/01/2025');
    expect(cellText(columnOf('END_DATE'), gift)).toBe('31/12/2025');
  });

  it('leaves the voucher value empty for a good (stored as 0)', () => {
    expect(rendered('VOCHER_VALUE', { ...gift, TYPE: 'bien', VOCHER_VALUE: '0.000' })).toBe('');
    expect(rendered('TYPE', { ...gift, TYPE: 'bien' })).toBe('Bien');
  });
});

describe('starter gift columns', () => {
  it('lists image, ref, title, description and the date, sortable on the date', () => {
    expect(starterGiftColumns.map((c) => `${c.field}:${c.header}:${c.kind ?? 'text'}${c.sortable ? ':sort' : ''}`)).toEqual([
      'MEDIA.original_url:Image:image',
      'REF:Référence:text',
      'NAME:Titre:text',
      'DESCRIPTION:Description:text',
      'CREATED_AT:Date:date:sort',
    ]);
    const row: StartingGift = { id: 1, ID: 1, REF: 'BNV', NAME: 'Kit', DESCRIPTION: 'x', MEDIA: null, CREATED_AT: '2025-03-04T09:00:00.000Z' };
    expect(cellText(starterGiftColumns[4], row)).toBe('04/03/2025');
  });
});

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('sorts only on keys the API sorts on, by a default it knows', () => {
    expect(sortKeyProblems(giftColumns, giftsMeta)).toEqual([]);
    expect(labelProblems(giftColumns, giftsMeta)).toEqual([]);
    expect(sortKeyProblems(starterGiftColumns, startingGiftsMeta)).toEqual([]);
    expect(labelProblems(starterGiftColumns, startingGiftsMeta)).toEqual([]);
  });
});
