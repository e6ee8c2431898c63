import { PRODUCT_MSG, type ProductCategory } from '@app/domain';
import { useFormContext, useWatch } from 'react-hook-form';
import { useFormMode } from '../../components/form-dialog';
import { CheckboxField, FieldGrid, formFields, MinMaxWarning, NumberField, SelectField, TextAreaField, TextField } from '../../components/fields';
import { ImagesField } from './ImagesField';
import type { ProductFormIn } from './product-form';
import { PRODUCT_STEPS } from './product-form';

const F = formFields<ProductFormIn>()({ CheckboxField, NumberField, SelectField, TextAreaField, TextField });

const categoryOption = (c: ProductCategory) => `${c.CODE_CATEGORIE} — ${c.NAME}`;

function FrenchStep() {
  const editing = useFormMode() !== 'add';
  return (
    <FieldGrid>
      <F.TextField name="REF" label="Référence" required maxLength={50} autoFocus={!editing} />
      <F.TextField name="LABEL" label="Désignation" required maxLength={200} />
      <F.SelectField<ProductCategory>
        name="CATEGORY"
        label="Catégorie"
        required
        disabled={editing}
        hint={editing ? 'La catégorie ne se modifie pas.' : undefined}
        source={{ path: 'categories', label: categoryOption, query: { sort: 'Ordre' } }}
      />
      <F.TextField name="UNITE_VENTE" label="Unité de vente" maxLength={30} />
      <F.NumberField name="PRICE_HT" label="Prix HT (DT)" required decimals={3} />
      <F.NumberField name="PRICE_TTC" label="Prix TTC (DT)" required decimals={3} />
      <PriceWarning />
      <F.NumberField name="QTE" label="Stock" required decimals={0} />
      <F.NumberField name="POINTS" label="Points" decimals={0} />
      <F.TextAreaField name="DESCRIPTION" label="Description" maxLength={5000} />
    </FieldGrid>
  );
}

/** PRICE_TTC below PRICE_HT: a warning as soon as it happens (spec: as for min > max); the server refuses it. */
function PriceWarning() {
  return <MinMaxWarning min="PRICE_HT" max="PRICE_TTC" message={PRODUCT_MSG.ttcBelowHt} />;
}

function ArabicStep() {
  return (
    <FieldGrid>
      <F.TextField name="LABEL_AR" label="Désignation en arabe" required maxLength={200} dir="rtl" lang="ar" wide />
      <F.TextAreaField name="DESCRIPTION_AR" label="Description en arabe" maxLength={5000} dir="rtl" lang="ar" />
    </FieldGrid>
  );
}

function OtherStep() {
  const { control } = useFormContext();
  const isNew = useWatch({ control, name: 'IS_NEW' });
  return (
    <FieldGrid>
      <ImagesField name="images" label="Images" />
      <F.CheckboxField name="IS_NEW" label="Nouveau produit" />
      {(isNew === 1 || isNew === true) && <F.NumberField name="ORDER_NEW" label="Ordre parmi les nouveautés" decimals={0} hint="Vide : à la fin des nouveautés." />}
      <F.CheckboxField name="VISIBLE" label="Vendable" />
    </FieldGrid>
  );
}

/** The product dialog's three steps (spec 2 "Products list"). */
export const productSteps = [
  { ...PRODUCT_STEPS[0], fields: [...PRODUCT_STEPS[0].fields], content: <FrenchStep /> },
  { ...PRODUCT_STEPS[1], fields: [...PRODUCT_STEPS[1].fields], content: <ArabicStep /> },
  { ...PRODUCT_STEPS[2], fields: [...PRODUCT_STEPS[2].fields], content: <OtherStep /> },
];
