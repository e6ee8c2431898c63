import type { homeServiceBody } from '@app/domain';
import type { z } from 'zod';
import { FieldGrid, FileField, type FileValue, formFields, RichTextField, TextField } from '../../components/fields';
import type { FormStep } from '../../components/form-dialog';

/** The fields both service forms (by type and home page) share. */
type ServiceFormIn = z.input<typeof homeServiceBody> & { file?: FileValue };

const F = formFields<ServiceFormIn>()({ FileField, RichTextField, TextField });

/** The three steps of a service's dialog: French, English, image (spec 3 §5); both service forms take them. */
export const serviceSteps = [
  {
    label: 'Français',
    fields: ['title_fr', 'content_fr'],
    content: (
      <FieldGrid>
        <F.TextField name="title_fr" label="Titre (français)" required maxLength={255} wide autoFocus />
        <F.RichTextField name="content_fr" label="Contenu (français)" required height="12rem" />
      </FieldGrid>
    ),
  },
  {
    label: 'Anglais',
    fields: ['title_en', 'content_en'],
    content: (
      <FieldGrid>
        <F.TextField name="title_en" label="Titre (anglais)" required maxLength={255} wide />
        <F.RichTextField name="content_en" label="Contenu (anglais)" required height="12rem" />
      </FieldGrid>
    ),
  },
  {
    label: 'Image',
    fields: ['file', 'img_title', 'alt'],
    content: (
      <FieldGrid>
        <F.FileField name="file" label="Image" family="image" required />
        <F.TextField name="img_title" label="Titre de l’image" maxLength={255} />
        <F.TextField name="alt" label="Texte alternatif" maxLength={255} />
      </FieldGrid>
    ),
  },
] satisfies FormStep<ServiceFormIn>[];
