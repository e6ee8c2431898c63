import { type ContactRequest, contactRequestBody, contactRequestsMeta, } from '@app/domain';
import type { z } from 'zod';
import { FieldGrid, formFields } from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { contactColumns } from './columns';

const { PhoneField, TextAreaField, TextField } = formFields<z.input<typeof contactRequestBody>>();

/** Contact requests (spec 3 §2.10, /layout/prises-contacts): view, delete, add (no edit). */
export default function ContactRequestsPage() {
  return (
    <ResourcePage<ContactRequest, z.input<typeof contactRequestBody>, z.output<typeof contactRequestBody>>
      resource={contactRequestsMeta}
      columns={contactColumns}
      writeAction="contact-requests:write"
      editable={false}
      form={{
        schema: contactRequestBody,
        toValues: (row) => ({ NAME: row?.NAME ?? '', GSM: row?.GSM ?? '', CONTENT: row?.CONTENT ?? '' }),
        content: (
          <FieldGrid>
            <TextField name="NAME" label="Nom" required maxLength={150} autoFocus />
            <PhoneField name="GSM" label="Téléphone" required />
            <TextAreaField name="CONTENT" label="Message" required rows={5} maxLength={5000} />
          </FieldGrid>
        ),
      }}
    />
  );
}
