import { type Circuit, type Tarif, tarifBody, tarifsMeta } from '@app/domain';
import type { z } from 'zod';
import {
  DateField as AnyDateField,
  FieldGrid,
  type FormField,
  type FormSearchSelectField,
  type FormSelectField,
  NumberField as AnyNumberField,
  SearchSelectField as AnySearchSelectField,
  SelectField as AnySelectField,
  TextAreaField as AnyTextAreaField,
} from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { tarifColumns } from './columns';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const DateField: FormField<typeof AnyDateField, z.input<typeof tarifBody>> = AnyDateField;
const NumberField: FormField<typeof AnyNumberField, z.input<typeof tarifBody>> = AnyNumberField;
const SearchSelectField: FormSearchSelectField<z.input<typeof tarifBody>> = AnySearchSelectField;
const SelectField: FormSelectField<z.input<typeof tarifBody>> = AnySelectField;
const TextAreaField: FormField<typeof AnyTextAreaField, z.input<typeof tarifBody>> = AnyTextAreaField;

interface ProductOption extends Record<string, unknown> {
  id: number;
  REF: string;
  LABEL: string;
}
const productOption = (p: ProductOption) => `${p.REF} — ${p.LABEL}`;

/**
 * Price lists (`/layout/tarifs`): the article is a product REF found by server search (the
 * catalogue is too large for a plain select), the circuit one of the circuit names, start ≤ end.
 */
export default function TarifsPage() {
  return (
    <ResourcePage<Tarif, z.input<typeof tarifBody>, z.output<typeof tarifBody>>
      resource={tarifsMeta}
      columns={tarifColumns}
      writeAction="catalogue:write"
      form={{
        schema: tarifBody,
        toValues: (row) => ({
          ARTICLE: row?.ARTICLE ?? '',
          REMISE: row ? String(row.REMISE) : '',
          MSTRDAT: row?.MSTRDAT ?? '',
          MENDDAT: row?.MENDDAT ?? '',
          PHT: row ? String(row.PHT) : '',
          CIRCUIT: row?.CIRCUIT ?? '',
          DESCRIPTION: row?.DESCRIPTION ?? '',
        }),
        content: <TarifFields />,
      }}
    />
  );
}

function TarifFields() {
  return (
    <FieldGrid>
      <SearchSelectField<ProductOption>
        name="ARTICLE"
        label="Article"
        required
        path="products"
        valueField="REF"
        optionLabel={productOption}
        placeholder="Référence ou nom du produit…"
        emptyMessage="Aucun produit trouvé"
      />
      <NumberField name="REMISE" label="Remise (%)" required decimals={3} />
      <DateField name="MSTRDAT" label="Date début" required />
      <DateField name="MENDDAT" label="Date fin" required />
      <NumberField name="PHT" label="Prix HT (DT)" required decimals={3} />
      <SelectField<Circuit> name="CIRCUIT" label="Circuit" required source={{ path: 'clients_circuits', value: 'NAME' }} />
      <TextAreaField name="DESCRIPTION" label="Description" maxLength={2000} />
    </FieldGrid>
  );
}
