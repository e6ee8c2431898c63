import { type GalleryItem, galleryBody, type GalleryKind, SHOWCASE_MSG, SHOWCASE_PAGE_SIZE } from '@app/domain';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FieldGrid, FileField, TextField } from '../../components/fields';
import { mediaFormBody, ResourcePage, syncImage } from '../../components/resource-page';
import { galleryColumns } from './columns';
import { fileValue } from './form-values';
import { KindChoice } from './KindChoice';
import './showcase.css';

/** The photo is required for an image item only; POSITION is not asked: new items go last, drag moves them. */
const form = galleryBody
  .extend({ file: fileValue })
  .superRefine((v, ctx) => {
    if (v.TYPE === 'image' && v.file == null) ctx.addIssue({ code: 'custom', path: ['file'], message: SHOWCASE_MSG.imageRequired });
  });

/** The gallery (spec 3 §2.9, /layout/gallery). */
export default function GalleryPage() {
  return (
    <ResourcePage<GalleryItem, z.input<typeof form>, z.output<typeof form>>
      path="gallery"
      columns={galleryColumns}
      itemNoun="cet élément"
      defaultPerPage={SHOWCASE_PAGE_SIZE}
      defaultSort={{ field: 'POSITION', order: 'asc' }}
      reorder={{ positionField: 'POSITION' }}
      writeAction="showcase:write"
      form={{
        schema: form,
        titles: { add: 'Ajouter à la galerie', edit: 'Modifier l’élément', view: 'Détails de l’élément' },
        toValues: (row) => ({ TITLE: row?.TITLE ?? '', TYPE: row?.TYPE, LINK: row?.LINK ?? '', file: row?.MEDIA?.original_url ?? null }),
        toBody: mediaFormBody,
        afterSave: (saved, values, before) => syncImage('gallery', saved, values.file, before),
        content: <GalleryFields />,
      }}
    />
  );
}

function GalleryFields() {
  const kind = useWatch({ name: 'TYPE' }) as GalleryKind | undefined;
  return (
    <FieldGrid>
      <TextField name="TITLE" label="Titre" required maxLength={255} wide autoFocus />
      <KindChoice />
      {kind === 'image' && <FileField name="file" label="Photo" family="image" required />}
      {kind === 'video' && <TextField name="LINK" label="Lien de la vidéo" required maxLength={500} placeholder="https://" wide />}
    </FieldGrid>
  );
}
