import { formatPercent, type ProductCategory, type SubCategory, type Tarif } from '@app/domain';
import type { ColumnDef } from '../../components/data-table';

/** Spec 2 "Categories list": image, code, category name, order. */
export const categoryColumns: ColumnDef<ProductCategory>[] = [
  { field: 'MEDIA.original_url', header: 'Image', kind: 'image', width: '6rem' },
  { field: 'CODE_CATEGORIE', header: 'Code', sortable: true, width: '9rem' },
  { field: 'NAME', header: 'Nom de la catégorie', sortable: true },
  { field: 'Ordre', header: 'Ordre', sortable: true, width: '7rem' },
];

/** Spec 2 "Ranges list": image, name, label, category code. */
export const rangeColumns: ColumnDef<SubCategory>[] = [
  { field: 'MEDIA.original_url', header: 'Image', kind: 'image', width: '6rem' },
  { field: 'NAME', header: 'Nom', sortable: true },
  { field: 'LABEL', header: 'Libellé', sortable: true },
  { field: 'CODE_CATEGORIE', header: 'Code catégorie', sortable: true, width: '10rem' },
];

/** Spec 2 "Price lists": article, discount %, start and end dates (the ID stays hidden), plus price and circuit. */
export const tarifColumns: ColumnDef<Tarif>[] = [
  { field: 'ARTICLE', header: 'Article', sortable: true, width: '9rem' },
  { field: 'PRODUCT_LABEL', header: 'Produit' },
  { field: 'REMISE', header: 'Remise', sortable: true, kind: 'custom', width: '7rem', render: (t) => formatPercent(t.REMISE) },
  { field: 'MSTRDAT', header: 'Date début', sortable: true, kind: 'date', width: '8rem' },
  { field: 'MENDDAT', header: 'Date fin', sortable: true, kind: 'date', width: '8rem' },
  { field: 'PHT', header: 'Prix HT', sortable: true, kind: 'money', width: '9rem' },
  { field: 'CIRCUIT', header: 'Circuit', sortable: true, width: '9rem' },
];
