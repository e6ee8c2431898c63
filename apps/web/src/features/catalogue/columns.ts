import { formatPercent, productCategoriesMeta, type ProductCategory, subCategoriesMeta, type SubCategory, type Tarif, tarifsMeta } from '@app/domain';
import { type ColumnDef, withLabels } from '../../components/data-table';

/** Categories list: image, code, category name, order. */
export const categoryColumns: ColumnDef<ProductCategory>[] = withLabels(productCategoriesMeta, [
  { field: 'MEDIA.original_url', kind: 'image', width: '6rem' },
  { field: 'CODE_CATEGORIE', width: '9rem' },
  { field: 'NAME' },
  { field: 'Ordre', width: '7rem' },
]);

/** Ranges list: image, name, label, category code. */
export const rangeColumns: ColumnDef<SubCategory>[] = withLabels(subCategoriesMeta, [
  { field: 'MEDIA.original_url', kind: 'image', width: '6rem' },
  { field: 'NAME' },
  { field: 'LABEL' },
  { field: 'CODE_CATEGORIE', width: '10rem' },
]);

/** Price lists: article, discount %, start and end dates (the ID stays hidden), plus price and circuit. */
export const tarifColumns: ColumnDef<Tarif>[] = withLabels(tarifsMeta, [
  { field: 'ARTICLE', width: '9rem' },
  { field: 'PRODUCT_LABEL', header: 'Produit' },
  { field: 'REMISE', kind: 'custom', width: '7rem', render: (t) => formatPercent(t.REMISE) },
  { field: 'MSTRDAT', kind: 'date', width: '8rem' },
  { field: 'MENDDAT', kind: 'date', width: '8rem' },
  { field: 'PHT', kind: 'money', width: '9rem' },
  { field: 'CIRCUIT', width: '9rem' },
]);
