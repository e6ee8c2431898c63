import { type ProductPoint, productPointBody, productPointsMeta } from '@app/domain';
import type { z } from 'zod';
import { type ColumnDef, withLabels } from '../../components/data-table';
import {
  DateField as AnyDateField,
  FieldGrid,
  type FormField,
  type FormSearchSelectField,
  NumberField as AnyNumberField,
  SearchSelectField as AnySearchSelectField,
} from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const DateField: FormField<typeof AnyDateField, In> = AnyDateField;
const NumberField: FormField<typeof AnyNumberField, In> = AnyNumberField;
const SearchSelectField: FormSearchSelectField<In> = AnySearchSelectField;

interface ProductOption extends Record<string, unknown> {
  id: number;
  REF: string;
  LABEL: string;
}
const productOption = (p: ProductOption) => `${p.REF} — ${p.LABEL}`;

/** Product points list: reference, product, points, start date, end date. */
export const productPointColumns: ColumnDef<ProductPoint>[] = withLabels(productPointsMeta, [
  { field: 'PRODUCT_REF', width: '9rem' },
  { field: 'LABEL' },
  { field: 'points', width: '7rem' },
  { field: 'DATE_DEBUT', kind: 'date', width: '9rem' },
  { field: 'DATE_FIN', kind: 'date', width: '9rem' },
]);

type In = z.input<typeof productPointBody>;
type Out = z.output<typeof productPointBody>;

/**
 * « Points produits »: a product's points over a period (GET showProductPoint; writes at the spec's
 * paths). Two periods of one product may not overlap: the server's 422 names the other one.
 */
export function ProductPointsTab() {
  return (
    <ResourcePage<ProductPoint, In, Out>
      resource={productPointsMeta}
      stateKey="pp"
      columns={productPointColumns}
      writeAction="catalogue:write"
      minWidth="40rem"
      writePaths={{ create: 'products/addProductPoint', update: 'products/updateProductPoint', delete: 'products/productPoint' }}
      form={{
        schema: productPointBody,
        toValues: (row) => ({
          PRODUCT_ID: row?.PRODUCT_ID ?? (null as unknown as number),
          points: row ? String(row.points) : '',
          DATE_DEBUT: row?.DATE_DEBUT ?? '',
          DATE_FIN: row?.DATE_FIN ?? '',
        }),
        content: <ProductPointFields />,
      }}
    />
  );
}

function ProductPointFields() {
  return (
    <FieldGrid>
      <SearchSelectField<ProductOption>
        name="PRODUCT_ID"
        label="Produit (référence)"
        required
        path="products"
        optionLabel={productOption}
        placeholder="Référence ou nom du produit…"
        emptyMessage="Aucun produit trouvé"
        wide
      />
      <NumberField name="points" label="Points" required decimals={0} />
      <span />
      <DateField name="DATE_DEBUT" label="Date début" required />
      <DateField name="DATE_FIN" label="Date fin" required />
    </FieldGrid>
  );
}
