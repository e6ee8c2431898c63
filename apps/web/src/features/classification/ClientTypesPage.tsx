import { type ClientType, clientTypeBody } from '@app/domain';
import { z } from 'zod';
import { FieldGrid, FileField, type FileValue, TextField } from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { CLASSIFICATION_PAGE_SIZE, clientTypeColumns } from './columns';
import { syncClientTypeImage } from './client-type-media';

/** The form adds the image to the API body's schema; it travels in its own upload call. */
const clientTypeForm = clientTypeBody.extend({
  file: z.custom<FileValue>((v) => v === null || typeof v === 'string' || v instanceof File).optional(),
});
type In = z.input<typeof clientTypeForm>;
type Out = z.output<typeof clientTypeForm>;

export default function ClientTypesPage() {
  return (
    <ResourcePage<ClientType, In, Out>
      path="typeclients"
      columns={clientTypeColumns}
      itemNoun="ce type de client"
      defaultPerPage={CLASSIFICATION_PAGE_SIZE}
      reorder={{ positionField: 'position' }}
      writeAction="classification:write"
      form={{
        schema: clientTypeForm,
        titles: { add: 'Ajouter un type de client', edit: 'Modifier le type de client', view: 'Détails du type de client' },
        toValues: (row) => ({ NAME: row?.NAME ?? '', file: row?.MEDIA?.original_url ?? null }),
        toBody: ({ file: _file, ...body }) => body,
        afterSave: (saved, values, before) => syncClientTypeImage(saved, values.file, before),
        content: (
          <FieldGrid>
            <TextField name="NAME" label="Nom" required maxLength={100} autoFocus />
            <FileField name="file" label="Image" family="image" />
          </FieldGrid>
        ),
      }}
    />
  );
}
