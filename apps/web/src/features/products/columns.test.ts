import type { Product } from '@app/domain';
import { isValidElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cellText, readField, labelProblems, sortKeyProblems } from '../../components/data-table/columns';
import { productColumns } from './columns';
import { productsMeta } from '@app/domain';

const product: Product = {
  id: 7,
  ID: 7,
  REF: 'HUI-0003',
  LABEL: 'Huile d’olive vierge extra 5 L',
  LABEL_AR: 'زيت زيتون بكر ممتاز 5 لتر',
  DESCRIPTION: null,
  DESCRIPTION_AR: null,
  CATEGORY: 3,
  CATEGORY_NAME: 'Huiles',
  BRAND_ID: null,
  BRAND_NAME: null,
  TYPE: null,
  NATURE: null,
  QTE: 10,
  PRICE_HT: 82.5,
  PRICE_TTC: 98.175,
  POINTS: 196,
  BASE_POINTS: 98,
  UNITE_VENTE: 'Unité',
  IS_NEW: 1,
  ORDER_NEW: 2,
  VISIBLE: 1,
  position: 9,
  sections_id: 2,
  MEDIA: [{ id: 1, original_url: '/uploads/a.png', file_name: 'a.png', mime_type: 'image/png', size: 10 }],
};

describe('product columns', () => {
  it('lists position, image, designation, brand, prices, points and the two flags, in that order', () => {
    expect(productColumns.map((c) => `${c.field}:${c.header}:${c.kind ?? 'text'}`)).toEqual([
      'position:Position:text',
      'MEDIA.0.original_url:Image:image',
      'LABEL:Désignation:custom',
      'CATEGORY_NAME:Marque:text',
      'PRICE_HT:Prix HT:money',
      'PRICE_TTC:Prix TTC:money',
      'POINTS:Points:text',
      'IS_NEW:Nouveau:checkbox',
      'VISIBLE:Vendable:checkbox',
    ]);
  });

  it('shows the first image, REF plus label with the Arabic label right-to-left, and dinars with three decimals', () => {
    expect(readField(product, 'MEDIA.0.original_url')).toBe('/uploads/a.png');
    const designation = productColumns.find((c) => c.field === 'LABEL')!.render!(product);
    expect(isValidElement(designation)).toBe(true);
    const html = renderToStaticMarkup(designation as ReactElement);
    expect(html).toContain('<strong>HUI-0003</strong>');
    expect(html).toContain('dir="rtl" lang="ar"');
    expect(html).toContain('زيت زيتون بكر ممتاز 5 لتر');
    expect(cellText(productColumns.find((c) => c.field === 'PRICE_TTC')!, product)).toBe('98,175 DT');
  });
});

describe('sort keys (the API’s, from the domain’s resource metadata)', () => {
  it('sorts only on keys the API sorts on, by a default it knows', () => {
    expect(sortKeyProblems(productColumns, productsMeta)).toEqual([]);
    expect(labelProblems(productColumns, productsMeta)).toEqual([]);
  });
});
