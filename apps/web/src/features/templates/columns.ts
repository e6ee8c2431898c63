import { type MessageTemplate, PLACEHOLDER_LABELS, PLACEHOLDERS, placeholderTag, templatesMeta, type TemplateType } from '@app/domain';
import { type ColumnDef, withLabels } from '../../components/data-table';

/** Template name and subject; 50 rows. */
export const templateColumns: ColumnDef<MessageTemplate>[] = withLabels(templatesMeta, [{ field: 'NOM_DU_MODÈLE' }, { field: 'SUJET' }]);

export const BY_TEMPLATE_NAME = { field: 'NOM_DU_MODÈLE', order: 'asc' } as const;

/** /layout/templates/{type}: 'email' means email templates, anything else SMS. */
export const templateTypeOf = (param: string | undefined): TemplateType => (param === 'email' ? 'email' : 'sms');

/** The hint under the form: each placeholder and what it becomes. */
export const placeholderHints = PLACEHOLDERS.map((p) => ({ tag: placeholderTag(p), label: PLACEHOLDER_LABELS[p] }));

export const templateTitles = (type: TemplateType) =>
  type === 'email'
    ? { add: 'Ajouter un modèle email', edit: 'Modifier le modèle email', view: 'Détails du modèle email' }
    : { add: 'Ajouter un modèle SMS', edit: 'Modifier le modèle SMS', view: 'Détails du modèle SMS' };
