import { formatPercent, productCategoriesMeta, type ProductCategory, subCategoriesMeta, type SubCategory, type Tarif, tarifsMeta } from '@app/domain';
import { type ColumnDef, withLabels } from '../../components/data-table';

/** Categories list: image, code, category name, order. */
export const categoryColumns: ColumnDef<ProductCategory>[] = withLabels(productCategoriesMeta, [
  { field: 'MEDIA.original_url', kind: 'image', width: '6rem' },
  { field: 'CODE_CATEGORIE', sortable: true, width: '9rem' },
  { field: 'NAME', sortable: true },
  { field: 'Ordre', sortable: true, width: '7rem' },
]);

/** Ranges list: image, name, label, category code. */
export const rangeColumns: ColumnDef<SubCategory>[] = withLabels(subCategoriesMeta, [
  { field: 'MEDIA.original_url', kind: 'image', width: '6rem' },
  { field: 'NAME', sortable: true },
  { field: 'LABEL', sortable: true },
  { field: 'CODE_CATEGORIE', sortable: true, width: '10rem' },
]);

/** Price lists: article, discount %, start and end dates (the ID stays hidden), plus price and circuit. */
export const tarifColumns: ColumnDef<Tarif>[] = withLabels(tarifsMeta, [
  { field: 'ARTICLE', sortable: true, width: '9rem' },
  { field: 'PRODUCT_LABEL', header: 'Produit' },
  { field: 'REMISE', sortable: true, kind: 'custom', width: '7rem', render: (t) => formatPercent(t.REMISE) },
  { field: 'MSTRDAT', sortable: true, kind: 'date', width: '8rem' },
  { field: 'MENDDAT', sortable: true, kind: 'date', width: '8rem' },
  { field: 'PHT', sortable: true, kind: 'money', width: '9rem' },
  { field: 'CIRCUIT', sortable: true, width: '9rem' },
]);
