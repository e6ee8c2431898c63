import { type ContactRequest, contactRequestBody, contactRequestsMeta, formatDateTime } from '@app/domain';
import { dateTimeField } from '../../lib/crud/fields';
import { defineResource } from '../../lib/crud/resource';
import { contactRequests as t } from './showcase.table';

/** Contact requests (route /layout/prises-contacts): newest first. */
export const contactRequestsResource = defineResource<ContactRequest>()({
  meta: contactRequestsMeta,
  tag: 'showcase',
  actions: { read: 'contact-requests:read', write: 'contact-requests:write' },
  table: t,
  idColumn: t.id,
  body: contactRequestBody,
  fields: [
    { api: 'NAME', column: t.name, search: true, sort: 'text', export: { width: 1.5 } },
    { api: 'GSM', column: t.gsm, search: true, sort: true, export: { width: 1 } },
    { api: 'CONTENT', column: t.content, search: true, export: { width: 4 } },
    {
      api: 'created_at',
      column: t.createdAt,
      ...dateTimeField,
      sort: true,
      export: { width: 1.2, format: (v) => formatDateTime(v as string) },
    },
  ],
  inUseMessage: 'Suppression impossible : cette prise de contact est encore utilisée.',
});
