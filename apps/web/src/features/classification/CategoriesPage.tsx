import { categoriesMeta, type Category, type CategoryBody, categoryBody } from '@app/domain';
import {
  FieldGrid,
  type FormField,
  type FormSelectField,
  SelectField as AnySelectField,
  TextAreaField as AnyTextAreaField,
  TextField as AnyTextField,
} from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { categoryColumns } from './columns';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const SelectField: FormSelectField<CategoryBody> = AnySelectField;
const TextAreaField: FormField<typeof AnyTextAreaField, CategoryBody> = AnyTextAreaField;
const TextField: FormField<typeof AnyTextField, CategoryBody> = AnyTextField;

export default function CategoriesPage() {
  return (
    <ResourcePage<Category, CategoryBody, typeof categoryBody._output>
      resource={categoriesMeta}
      columns={categoryColumns}
      writeAction="classification:write"
      form={{
        schema: categoryBody,
        toValues: (row) => ({ NAME: row?.NAME ?? '', ACTIVITE: row?.ACTIVITE ?? null, DESCRIPTION: row?.DESCRIPTION ?? '' }),
        content: (
          <FieldGrid>
            <TextField name="NAME" label="Nom" required maxLength={100} autoFocus />
            <SelectField name="ACTIVITE" label="Activité" required source={{ path: 'clients_activities' }} />
            <TextAreaField name="DESCRIPTION" label="Description" maxLength={2000} />
          </FieldGrid>
        ),
      }}
    />
  );
}
