import { productsMeta } from '@app/domain';
import type { Product } from '@app/domain';
import { createElement } from 'react';
import { type ColumnDef, withLabels } from '../../components/data-table';

/** Products list: position, image, designation (REF plus LABEL), brand (the category's name), prices, points, the two flags. */
export const productColumns: ColumnDef<Product>[] = withLabels(productsMeta, [
  { field: 'position', width: '6rem' },
  { field: 'MEDIA.0.original_url', kind: 'image', width: '4.5rem' },
  {
    field: 'LABEL',
    header: 'Désignation',
    sortable: true,
    // The row's name: frozen on the left of the wide list (the position and image scroll under it).
    identifies: true,
    kind: 'custom',
    render: (p) =>
      createElement(
        'span',
        { className: 'prd-designation' },
        createElement('strong', null, p.REF),
        ' ',
        p.LABEL,
        p.LABEL_AR ? createElement('span', { className: 'prd-ar', dir: 'rtl', lang: 'ar' }, p.LABEL_AR) : null,
      ),
  },
  { field: 'CATEGORY_NAME', width: '8.5rem' },
  { field: 'PRICE_HT', kind: 'money', width: '8rem' },
  { field: 'PRICE_TTC', kind: 'money', width: '8rem' },
  { field: 'POINTS', width: '5.5rem' },
  // Saved at once; a refused save (a zone chief) puts the box back and shows the server's message.
  { field: 'IS_NEW', kind: 'checkbox', width: '6.5rem' },
  { field: 'VISIBLE', kind: 'checkbox', width: '6.5rem' },
]);

/** The new products alone, in their ORDER_NEW: the only rows that may be dragged. */
export const NEW_ORDER = { path: 'products/order-new', positionField: 'ORDER_NEW' } as const;
