import type { Tarif } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { cellText, labelProblems, sortKeyProblems } from '../../components/data-table/columns';
import { categoryColumns, rangeColumns, tarifColumns } from './columns';
import { productCategoriesMeta, subCategoriesMeta, tarifsMeta } from '@app/domain';

const shape = (cols: { field: string; header: string; kind?: string; sortable?: boolean }[]) =>
  cols.map((c) => `${c.field}:${c.header}:${c.kind ?? 'text'}${c.sortable ? ':sort' : ''}`);

describe('catalogue columns', () => {
  it('categories: image, code, name, order', () => {
    expect(shape(categoryColumns)).toEqual([
      'MEDIA.original_url:Image:image',
      'CODE_CATEGORIE:Code:text:sort',
      'NAME:Nom de la catégorie:text:sort',
      'Ordre:Ordre:text:sort',
    ]);
  });
  it('ranges: image, name, label, category code', () => {
    expect(shape(rangeColumns)).toEqual([
      'MEDIA.original_url:Image:image',
      'NAME:Nom:text:sort',
      'LABEL:Libellé:text:sort',
      'CODE_CATEGORIE:Code catégorie:text:sort',
    ]);
  });
  it('tarifs: the ID stays hidden; percent, DD/MM/YYYY dates and dinars with three decimals', () => {
    expect(tarifColumns.map((c) => c.field)).not.toContain('ID');
    const row: Tarif = {
      id: 1,
      ID: 1,
      ARTICLE: 'CAF-0001',
      PRODUCT_ID: 3,
      PRODUCT_LABEL: 'Café',
      REMISE: 7.5,
      MSTRDAT: '2026-01-01',
      MENDDAT: '2026-06-30',
      PHT: 1234.5,
      CIRCUIT: 'CHR',
      CIRCUIT_ID: 2,
      DESCRIPTION: null,
    };
    const text = (field: string) => {
      const col = tarifColumns.find((c) => c.field === field)!;
      return col.render ? col.render(row) : cellText(col, row);
    };
    expect(text('REMISE')).toBe('7,5\u00a0%');
    expect(text('MSTRDAT')).toBe('01/01/2026');
    expect(text('PHT')).toBe('1\u00a0234,500 DT');
  });
});

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('sorts only on keys the API sorts on, by a default it knows', () => {
    expect(sortKeyProblems(categoryColumns, productCategoriesMeta)).toEqual([]);
    expect(labelProblems(categoryColumns, productCategoriesMeta)).toEqual([]);
    expect(sortKeyProblems(rangeColumns, subCategoriesMeta)).toEqual([]);
    expect(labelProblems(rangeColumns, subCategoriesMeta)).toEqual([]);
    expect(sortKeyProblems(tarifColumns, tarifsMeta)).toEqual([]);
    expect(labelProblems(tarifColumns, tarifsMeta)).toEqual([]);
  });
});
