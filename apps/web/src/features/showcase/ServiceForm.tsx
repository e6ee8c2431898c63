import { FieldGrid, FileField, RichTextField, TextField } from '../../components/fields';
import type { FormStep } from '../../components/form-dialog';

/** The three steps of a service's dialog: French, English, image (spec 3 §5). */
export const serviceSteps: FormStep[] = [
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
];
