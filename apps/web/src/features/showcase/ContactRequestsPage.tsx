import { type ContactRequest, contactRequestBody, SHOWCASE_PAGE_SIZE } from '@app/domain';
import type { z } from 'zod';
import { FieldGrid, PhoneField, TextAreaField, TextField } from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { BY_NEWEST, contactColumns } from './columns';

/** Contact requests (spec 3 §2.10, /layout/prises-contacts): view, delete, add (no edit). */
export default function ContactRequestsPage() {
  return (
    <ResourcePage<ContactRequest, z.input<typeof contactRequestBody>, z.output<typeof contactRequestBody>>
      path="contacts"
      columns={contactColumns}
      itemNoun="cette prise de contact"
      defaultPerPage={SHOWCASE_PAGE_SIZE}
      defaultSort={BY_NEWEST}
      writeAction="contact-requests:write"
      editable={false}
      form={{
        schema: contactRequestBody,
        titles: { add: 'Ajouter une prise de contact', edit: 'Modifier la prise de contact', view: 'Détails de la prise de contact' },
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
