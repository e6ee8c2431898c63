import type { Voucher } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { cellText, labelProblems, sortKeyProblems } from '../../components/data-table/columns';
import { voucherColumns } from './columns';
import { vouchersMeta } from '@app/domain';

const voucher: Voucher = {
  id: 1,
  ID: 1,
  REF: 'VCH-1',
  DESCRIPTION: null,
  QTS: 100,
  SOLDE: '1250.5',
  IS_ACTIVE: 1,
  TYPE_CLIENT_ID: 2,
  TYPE_CLIENT_NAME: 'Grossiste',
  CIRCUIT: null,
  ACTIVITE: null,
  CATEGORY: null,
  CATEGORY_NAME: null,
  BADGES_ID: null,
  START_DAY: '2025-01-01',
  END_DATE: '2025-12-31',
  MEDIA: null,
};

describe('vouchers list columns', () => {
  it('lists number, quantity, balance, company, category and the active switch', () => {
    expect(voucherColumns.map((c) => `${c.field}:${c.header}:${c.kind ?? 'text'}${c.sortable ? ':sort' : ''}`)).toEqual([
      'REF:Numéro de voucher:text:sort',
      'QTS:Quantité:text',
      'SOLDE:Solde:money',
      'TYPE_CLIENT_NAME:Société:text',
      'CATEGORY_NAME:Catégorie:text',
      'IS_ACTIVE:Actif:switch',
    ]);
  });
  it('shows the balance in DT with 3 decimals and an empty category when none', () => {
    expect(cellText(voucherColumns[2], voucher)).toBe('1\u00a0250,500 DT');
    expect(cellText(voucherColumns[4], voucher)).toBe('');
  });
});

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('sorts only on keys the API sorts on, by a default it knows', () => {
    expect(sortKeyProblems(voucherColumns, vouchersMeta)).toEqual([]);
    expect(labelProblems(voucherColumns, vouchersMeta)).toEqual([]);
  });
});
