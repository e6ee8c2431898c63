import { type ClientType, clientTypeBody, clientTypesMeta } from '@app/domain';
import { z } from 'zod';
import { FieldGrid, FileField as AnyFileField, type FileValue, type FormField, TextField as AnyTextField } from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { clientTypeColumns } from './columns';
import { syncClientTypeImage } from './client-type-media';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const FileField: FormField<typeof AnyFileField, In> = AnyFileField;
const TextField: FormField<typeof AnyTextField, In> = AnyTextField;

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
            <TextField name="NAME" label="Nom" required maxLength={100} autoFocus />
            <FileField name="file" label="Image" family="image" />
          </FieldGrid>
        ),
      }}
    />
  );
}
