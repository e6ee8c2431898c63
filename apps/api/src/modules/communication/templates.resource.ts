import { type MessageTemplate, TEMPLATE_TYPE_LABELS, TEMPLATE_TYPES, templateFields, templatesMeta, type TemplateType } from '@app/domain';
import { z } from 'zod';
import { defineResource } from '../../lib/crud/resource';
import { messageTemplates as t } from './templates.table';

/**
 * Message templates declared once (ID, NOM_DU_MODÈLE, SUJET, CONTENU, TYPE). The field
 * list drives the DTO, the search, the sort keys and the export columns (lib/crud/compile.ts); the
 * routes are templates.routes.ts, because the list is filtered by TYPE and CONTENU is cleaned
 * according to the template's type (rich text for email, plain text for SMS).
 */
export const templatesResource = defineResource<MessageTemplate>()({
  meta: templatesMeta,
  tag: 'templates',
  actions: { read: 'templates:read', write: 'templates:write' },
  table: t,
  idColumn: t.id,
  body: templateFields,
  fields: [
    { api: 'NOM_DU_MODÈLE', column: t.name, search: true, sort: 'text', export: { width: 2 } },
    { api: 'SUJET', column: t.subject, search: true, sort: 'text', export: { width: 3 } },
    { api: 'CONTENU', column: t.content },
    {
      api: 'TYPE',
      column: t.type,
      schema: z.enum(TEMPLATE_TYPES),
      sort: true,
      export: { width: 1, format: (v) => TEMPLATE_TYPE_LABELS[v as TemplateType] ?? String(v) },
    },
  ],
  // Invitations keep their history when a template goes (template_id is set to null).
  inUseMessage: 'Suppression impossible : ce modèle est encore utilisé.',
});
