import { hrefFor, type MessageTemplate, SMS_MAX_LENGTH, templateBody, type TemplateBody, templatesMeta, type TemplateType } from '@app/domain';
import { Navigate, useParams } from 'react-router';
import {
  FieldGrid,
  type FormField,
  RichTextField as AnyRichTextField,
  TextAreaField as AnyTextAreaField,
  TextField as AnyTextField,
} from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { placeholderHints, templateColumns, templateTitles } from './columns';
import './templates.css';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const RichTextField: FormField<typeof AnyRichTextField, TemplateBody> = AnyRichTextField;
const TextAreaField: FormField<typeof AnyTextAreaField, TemplateBody> = AnyTextAreaField;
const TextField: FormField<typeof AnyTextField, TemplateBody> = AnyTextField;

function PlaceholderHint() {
  return (
    <section className="tpl-hint fld-wide" aria-label="Variables disponibles">
      <p>
        <i className="pi pi-info-circle" aria-hidden="true" /> Variables remplacées pour chaque destinataire :
      </p>
      <ul>
        {placeholderHints.map((h) => (
          <li key={h.tag}>
            <code>{h.tag}</code> {h.label}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TemplatesList({ type }: { type: TemplateType }) {
  // The typed API path: the list holds only this type, and new templates take it.
  const path = `templating/${type}`;
  return (
    <ResourcePage<MessageTemplate, TemplateBody, typeof templateBody._output>
      resource={{ ...templatesMeta, path }}
      columns={templateColumns}
      writeAction="templates:write"
      fetchRow={false}
      form={{
        schema: templateBody,
        titles: templateTitles(type),
        toValues: (row) => ({ NOM_DU_MODÈLE: row?.NOM_DU_MODÈLE ?? '', SUJET: row?.SUJET ?? '', CONTENU: row?.CONTENU ?? '', TYPE: type }),
        content: (
          <FieldGrid>
            {/* Quill takes the focus as it loads: a focused name would be blurred, hence "touched" and flagged at once. */}
            <TextField name="NOM_DU_MODÈLE" label="Nom du modèle" required maxLength={150} autoFocus={type === 'sms'} />
            <TextField name="SUJET" label="Sujet" required maxLength={255} />
            {type === 'email' ? (
              <RichTextField name="CONTENU" label="Contenu" required />
            ) : (
              <TextAreaField
                name="CONTENU"
                label="Contenu"
                required
                rows={5}
                maxLength={SMS_MAX_LENGTH}
                hint={`Texte seul, ${SMS_MAX_LENGTH} caractères au plus.`}
              />
            )}
            <PlaceholderHint />
          </FieldGrid>
        ),
      }}
    />
  );
}

/** /layout/templates/email and /layout/templates/sms: one screen, the type from the route. */
export default function TemplatesPage() {
  const { type } = useParams();
  if (type !== 'email' && type !== 'sms') return <Navigate to={hrefFor('templates', { type: 'sms' })} replace />;
  // A new list (state, dialog) for each type.
  return <TemplatesList key={type} type={type} />;
}
