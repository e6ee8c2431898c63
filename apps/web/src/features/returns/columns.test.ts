import type { GoodsReturn } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { returnColumns } from './columns';
import { returnsMeta } from '@app/domain';
import { labelProblems, sortKeyProblems } from '../../components/data-table/columns';

const ret: GoodsReturn = {
  id: 1,
  ID: 1,
  NUM_RETOUR: 'RET-2026-00042',
  CLIENT_ID: 3,
  CODE_CLIENT: 'C0003',
  CLIENT_NAME: 'Superette El Amen',
  ADDRESS: 'Ben Arous',
  POINTS_OWED: 0,
  POINTS_DEBITED: 0,
  CREATED_AT: '2026-02-03T10:05:00.000Z',
  ITEMS: [],
};

describe('return columns', () => {
  it('lists number, client, date and address, all sortable', () => {
    expect(returnColumns.map((c) => c.header)).toEqual(['N° retour', 'Client', 'Date', 'Adresse']);
    expect(returnColumns.every((c) => c.sortable)).toBe(true);
  });
  it('shows the client by code and name, and the date as DD/MM/YYYY HH:mm', () => {
    const render = (field: string) => returnColumns.find((c) => c.field === field)!.render!(ret);
    expect(render('CLIENT_NAME')).toBe('C0003 — Superette El Amen');
    expect(render('CREATED_AT')).toMatch(/^03\/02\/2026 \d\d:05$/);
  });
});

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('sorts only on keys the API sorts on, by a default it knows', () => {
    expect(sortKeyProblems(returnColumns, returnsMeta)).toEqual([]);
    expect(labelProblems(returnColumns, returnsMeta)).toEqual([]);
  });
});
