import { type ProductCategory, subCategoriesMeta, type SubCategory, subCategoryBody } from '@app/domain';
import type { z } from 'zod';
import {
  FieldGrid,
  FileField as AnyFileField,
  type FormField,
  type FormSelectField,
  SelectField as AnySelectField,
  TextField as AnyTextField,
} from '../../components/fields';
import { mediaFormBody, ResourcePage, syncImage } from '../../components/resource-page';
import { rangeColumns } from './columns';
import { imageValue } from './image-field';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const FileField: FormField<typeof AnyFileField, z.input<typeof form>> = AnyFileField;
const SelectField: FormSelectField<z.input<typeof form>> = AnySelectField;
const TextField: FormField<typeof AnyTextField, z.input<typeof form>> = AnyTextField;

const form = subCategoryBody.extend({ file: imageValue });
const categoryOption = (c: ProductCategory) => `${c.CODE_CATEGORIE} — ${c.NAME}`;

/** Ranges, "gammes" (`/layout/gammes`): each under a category chosen by its code. */
export default function RangesPage() {
  return (
    <ResourcePage<SubCategory, z.input<typeof form>, z.output<typeof form>>
      resource={subCategoriesMeta}
      columns={rangeColumns}
      writeAction="catalogue:write"
      form={{
        schema: form,
        toValues: (row) => ({
          NAME: row?.NAME ?? '',
          LABEL: row?.LABEL ?? '',
          CODE_CATEGORIE: row?.CODE_CATEGORIE ?? '',
          file: row?.MEDIA?.original_url ?? null,
        }),
        toBody: mediaFormBody,
        afterSave: (saved, values, before) => syncImage(subCategoriesMeta.path, saved, values.file, before),
        content: (
          <FieldGrid>
            <TextField name="NAME" label="Nom" required maxLength={100} autoFocus />
            <TextField name="LABEL" label="Libellé" required maxLength={150} />
            <SelectField<ProductCategory>
              name="CODE_CATEGORIE"
              label="Code catégorie"
              required
              source={{ path: 'categories', label: categoryOption, value: 'CODE_CATEGORIE', query: { sort: 'Ordre' } }}
            />
            <FileField name="file" label="Image" family="image" />
          </FieldGrid>
        ),
      }}
    />
  );
}
