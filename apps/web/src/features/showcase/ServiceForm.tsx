import type { homeServiceBody } from '@app/domain';
import type { z } from 'zod';
import {
  FieldGrid,
  FileField as AnyFileField,
  type FileValue,
  type FormField,
  RichTextField as AnyRichTextField,
  TextField as AnyTextField,
} from '../../components/fields';
import type { FormStep } from '../../components/form-dialog';

/** The fields both service forms (by type and home page) share. */
type ServiceFormIn = z.input<typeof homeServiceBody> & { file?: FileValue };

// The fields this form uses, typed by its values: a wrong name fails to compile.
const FileField: FormField<typeof AnyFileField, ServiceFormIn> = AnyFileField;
const RichTextField: FormField<typeof AnyRichTextField, ServiceFormIn> = AnyRichTextField;
const TextField: FormField<typeof AnyTextField, ServiceFormIn> = AnyTextField;

/** The three steps of a service's dialog: French, English, image; both service forms take them. */
export const serviceSteps = [
  {
    label: 'Français',
    fields: ['title_fr', 'content_fr'],
    content: (
      <FieldGrid>
        <TextField name="title_fr" label="Titre (français)" required maxLength={255} wide autoFocus />
        <RichTextField name="content_fr" label="Contenu (français)" required height="12rem" />
      </FieldGrid>
    ),
  },
  {
    label: 'Anglais',
    fields: ['title_en', 'content_en'],
    content: (
      <FieldGrid>
        <TextField name="title_en" label="Titre (anglais)" required maxLength={255} wide />
        <RichTextField name="content_en" label="Contenu (anglais)" required height="12rem" />
      </FieldGrid>
    ),
  },
  {
    label: 'Image',
    fields: ['file', 'img_title', 'alt'],
    content: (
      <FieldGrid>
        <FileField name="file" label="Image" family="image" required />
        <TextField name="img_title" label="Titre de l’image" maxLength={255} />
        <TextField name="alt" label="Texte alternatif" maxLength={255} />
      </FieldGrid>
    ),
  },
] satisfies FormStep<ServiceFormIn>[];
