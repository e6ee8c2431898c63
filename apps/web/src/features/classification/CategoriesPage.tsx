import { categoriesMeta, type Category, type CategoryBody, categoryBody } from '@app/domain';
import { FieldGrid, formFields, SelectField, TextAreaField, TextField } from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { categoryColumns } from './columns';

const F = formFields<CategoryBody>()({ SelectField, TextAreaField, TextField });

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
            <F.TextField name="NAME" label="Nom" required maxLength={100} autoFocus />
            <F.SelectField name="ACTIVITE" label="Activité" required source={{ path: 'clients_activities' }} />
            <F.TextAreaField name="DESCRIPTION" label="Description" maxLength={2000} />
          </FieldGrid>
        ),
      }}
    />
  );
}
