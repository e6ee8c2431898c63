import { type Circuit, type Tarif, tarifBody, tarifsMeta } from '@app/domain';
import type { z } from 'zod';
import { DateField, FieldGrid, formFields, NumberField, SearchSelectField, SelectField, TextAreaField } from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { tarifColumns } from './columns';

const F = formFields<z.input<typeof tarifBody>>()({ DateField, NumberField, SearchSelectField, SelectField, TextAreaField });

interface ProductOption extends Record<string, unknown> {
  id: number;
  REF: string;
  LABEL: string;
}
const productOption = (p: ProductOption) => `${p.REF} — ${p.LABEL}`;

/**
 * Price lists (spec 2, `/layout/tarifs`): the article is a product REF found by server search (the
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
      <F.SearchSelectField<ProductOption>
        name="ARTICLE"
        label="Article"
        required
        path="products"
        valueField="REF"
        optionLabel={productOption}
        placeholder="Référence ou nom du produit…"
        emptyMessage="Aucun produit trouvé"
      />
      <F.NumberField name="REMISE" label="Remise (%)" required decimals={3} />
      <F.DateField name="MSTRDAT" label="Date début" required />
      <F.DateField name="MENDDAT" label="Date fin" required />
      <F.NumberField name="PHT" label="Prix HT (DT)" required decimals={3} />
      <F.SelectField<Circuit> name="CIRCUIT" label="Circuit" required source={{ path: 'clients_circuits', value: 'NAME' }} />
      <F.TextAreaField name="DESCRIPTION" label="Description" maxLength={2000} />
    </FieldGrid>
  );
}
