import { PRODUCT_MSG, type ProductCategory } from '@app/domain';
import { useFormContext, useWatch } from 'react-hook-form';
import { useFormMode } from '../../components/form-dialog/form-mode';
import {
  CheckboxField as AnyCheckboxField,
  FieldGrid,
  type FormField,
  type FormSelectField,
  MinMaxWarning,
  NumberField as AnyNumberField,
  SelectField as AnySelectField,
  TextAreaField as AnyTextAreaField,
  TextField as AnyTextField,
} from '../../components/fields';
import { ImagesField } from './ImagesField';
import type { ProductFormIn } from './product-form';
import { PRODUCT_STEPS } from './product-form';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const CheckboxField: FormField<typeof AnyCheckboxField, ProductFormIn> = AnyCheckboxField;
const NumberField: FormField<typeof AnyNumberField, ProductFormIn> = AnyNumberField;
const SelectField: FormSelectField<ProductFormIn> = AnySelectField;
const TextAreaField: FormField<typeof AnyTextAreaField, ProductFormIn> = AnyTextAreaField;
const TextField: FormField<typeof AnyTextField, ProductFormIn> = AnyTextField;

const categoryOption = (c: ProductCategory) => `${c.CODE_CATEGORIE} — ${c.NAME}`;

function FrenchStep() {
  const editing = useFormMode() !== 'add';
  return (
    <FieldGrid>
      <TextField name="REF" label="Référence" required maxLength={50} autoFocus={!editing} />
      <TextField name="LABEL" label="Désignation" required maxLength={200} />
      <SelectField<ProductCategory>
        name="CATEGORY"
        label="Catégorie"
        required
        disabled={editing}
        hint={editing ? 'La catégorie ne se modifie pas.' : undefined}
        source={{ path: 'categories', label: categoryOption, query: { sort: 'Ordre' } }}
      />
      <TextField name="UNITE_VENTE" label="Unité de vente" maxLength={30} />
      <NumberField name="PRICE_HT" label="Prix HT (DT)" required decimals={3} />
      <NumberField name="PRICE_TTC" label="Prix TTC (DT)" required decimals={3} />
      <PriceWarning />
      <NumberField name="QTE" label="Stock" required decimals={0} />
      <NumberField name="POINTS" label="Points" decimals={0} />
      <TextAreaField name="DESCRIPTION" label="Description" maxLength={5000} />
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
      <TextField name="LABEL_AR" label="Désignation en arabe" required maxLength={200} dir="rtl" lang="ar" wide />
      <TextAreaField name="DESCRIPTION_AR" label="Description en arabe" maxLength={5000} dir="rtl" lang="ar" />
    </FieldGrid>
  );
}

function OtherStep() {
  const { control } = useFormContext();
  const isNew = useWatch({ control, name: 'IS_NEW' });
  return (
    <FieldGrid>
      <ImagesField name="images" label="Images" />
      <CheckboxField name="IS_NEW" label="Nouveau produit" />
      {(isNew === 1 || isNew === true) && (
        <NumberField name="ORDER_NEW" label="Ordre parmi les nouveautés" decimals={0} hint="Vide : à la fin des nouveautés." />
      )}
      <CheckboxField name="VISIBLE" label="Vendable" />
    </FieldGrid>
  );
}

/** The product dialog's three steps. */
export const productSteps = [
  { ...PRODUCT_STEPS[0], fields: [...PRODUCT_STEPS[0].fields], content: <FrenchStep /> },
  { ...PRODUCT_STEPS[1], fields: [...PRODUCT_STEPS[1].fields], content: <ArabicStep /> },
  { ...PRODUCT_STEPS[2], fields: [...PRODUCT_STEPS[2].fields], content: <OtherStep /> },
];
