import { type ContactRequest, contactRequestBody, contactRequestsMeta } from '@app/domain';
import type { z } from 'zod';
import { FieldGrid, type FormField, PhoneField as AnyPhoneField, TextAreaField as AnyTextAreaField, TextField as AnyTextField } from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { contactColumns } from './columns';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const PhoneField: FormField<typeof AnyPhoneField, z.input<typeof contactRequestBody>> = AnyPhoneField;
const TextAreaField: FormField<typeof AnyTextAreaField, z.input<typeof contactRequestBody>> = AnyTextAreaField;
const TextField: FormField<typeof AnyTextField, z.input<typeof contactRequestBody>> = AnyTextField;

/** Contact requests (/layout/prises-contacts): view, delete, add (no edit). */
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
