import { type ClientType, clientTypeBody, clientTypesMeta } from '@app/domain';
import { z } from 'zod';
import { FieldGrid, FileField, type FileValue, formFields, TextField } from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { clientTypeColumns } from './columns';
import { syncClientTypeImage } from './client-type-media';

const F = formFields<In>()({ FileField, TextField });

/** The form adds the image to the API body's schema; it travels in its own upload call. */
const clientTypeForm = clientTypeBody.extend({
  file: z.custom<FileValue>((v) => v === null || typeof v === 'string' || v instanceof File).optional(),
});
type In = z.input<typeof clientTypeForm>;
type Out = z.output<typeof clientTypeForm>;

export default function ClientTypesPage() {
  return (
    <ResourcePage<ClientType, In, Out>
      resource={clientTypesMeta}
      columns={clientTypeColumns}
      reorder={{ positionField: 'position' }}
      writeAction="classification:write"
      form={{
        schema: clientTypeForm,
        toValues: (row) => ({ NAME: row?.NAME ?? '', file: row?.MEDIA?.original_url ?? null }),
        toBody: ({ file: _file, ...body }) => body,
        afterSave: (saved, values, before) => syncClientTypeImage(saved, values.file, before),
        content: (
          <FieldGrid>
            <F.TextField name="NAME" label="Nom" required maxLength={100} autoFocus />
            <F.FileField name="file" label="Image" family="image" />
          </FieldGrid>
        ),
      }}
    />
  );
}
