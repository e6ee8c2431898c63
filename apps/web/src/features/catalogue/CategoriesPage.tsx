import { productCategoriesMeta, type ProductCategory, productCategoryBody } from '@app/domain';
import type { z } from 'zod';
import { FieldGrid, FileField as AnyFileField, type FormField, NumberField as AnyNumberField, TextField as AnyTextField } from '../../components/fields';
import { useFormMode } from '../../components/form-dialog/form-mode';
import { mediaFormBody, ResourcePage, syncImage } from '../../components/resource-page';
import { categoryColumns } from './columns';
import { imageValue } from './image-field';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const FileField: FormField<typeof AnyFileField, z.input<typeof form>> = AnyFileField;
const NumberField: FormField<typeof AnyNumberField, z.input<typeof form>> = AnyNumberField;
const TextField: FormField<typeof AnyTextField, z.input<typeof form>> = AnyTextField;

const form = productCategoryBody.extend({ file: imageValue });

/** Product categories (`/layout/categories`): the code is given once and read-only when editing. */
export default function CategoriesPage() {
  return (
    <ResourcePage<ProductCategory, z.input<typeof form>, z.output<typeof form>>
      resource={productCategoriesMeta}
      columns={categoryColumns}
      writeAction="catalogue:write"
      form={{
        schema: form,
        toValues: (row) => ({
          CODE_CATEGORIE: row?.CODE_CATEGORIE ?? '',
          NAME: row?.NAME ?? '',
          LABEL: row?.LABEL ?? '',
          Ordre: row ? String(row.Ordre) : '',
          file: row?.MEDIA?.original_url ?? null,
        }),
        toBody: mediaFormBody,
        afterSave: (saved, values, before) => syncImage(productCategoriesMeta.path, saved, values.file, before),
        content: <CategoryFields />,
      }}
    />
  );
}

function CategoryFields() {
  return (
    <FieldGrid>
      <CodeField />
      <TextField name="NAME" label="Nom de la catégorie" required maxLength={100} />
      <TextField name="LABEL" label="Libellé" required maxLength={150} />
      <NumberField name="Ordre" label="Ordre" required decimals={0} />
      <FileField name="file" label="Image" family="image" />
    </FieldGrid>
  );
}

/** CODE_CATEGORIE: typed on creation only (the server ignores it on edit). */
function CodeField() {
  const editing = useFormMode() === 'edit';
  return <TextField name="CODE_CATEGORIE" label="Code catégorie" required maxLength={30} autoFocus={!editing} disabled={editing} />;
}
