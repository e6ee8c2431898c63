import { type ContactRequest, contactRequestBody, contactRequestsMeta, } from '@app/domain';
import type { z } from 'zod';
import { FieldGrid, formFields, PhoneField, TextAreaField, TextField } from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { contactColumns } from './columns';

const F = formFields<z.input<typeof contactRequestBody>>()({ PhoneField, TextAreaField, TextField });

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
            <F.TextField name="NAME" label="Nom" required maxLength={150} autoFocus />
            <F.PhoneField name="GSM" label="Téléphone" required />
            <F.TextAreaField name="CONTENT" label="Message" required rows={5} maxLength={5000} />
          </FieldGrid>
        ),
      }}
    />
  );
}
