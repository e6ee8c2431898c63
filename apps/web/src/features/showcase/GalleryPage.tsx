import { galleryBody, type GalleryItem, type GalleryKind, galleryMeta, SHOWCASE_MSG } from '@app/domain';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FieldGrid, FileField as AnyFileField, type FormField, TextField as AnyTextField } from '../../components/fields';
import { mediaFormBody, ResourcePage, syncImage } from '../../components/resource-page';
import { galleryColumns } from './columns';
import { fileValue } from './form-values';
import { KindChoice } from './KindChoice';
import './showcase.css';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const FileField: FormField<typeof AnyFileField, z.input<typeof form>> = AnyFileField;
const TextField: FormField<typeof AnyTextField, z.input<typeof form>> = AnyTextField;

/** The photo is required for an image item only; POSITION is not asked: new items go last, drag moves them. */
const form = galleryBody.extend({ file: fileValue }).superRefine((v, ctx) => {
  if (v.TYPE === 'image' && v.file == null) ctx.addIssue({ code: 'custom', path: ['file'], message: SHOWCASE_MSG.imageRequired });
});

/** The gallery (/layout/gallery). */
export default function GalleryPage() {
  return (
    <ResourcePage<GalleryItem, z.input<typeof form>, z.output<typeof form>>
      resource={galleryMeta}
      columns={galleryColumns}
      reorder={{ positionField: 'POSITION' }}
      writeAction="showcase:write"
      form={{
        schema: form,
        toValues: (row) => ({ TITLE: row?.TITLE ?? '', TYPE: row?.TYPE, LINK: row?.LINK ?? '', file: row?.MEDIA?.original_url ?? null }),
        toBody: mediaFormBody,
        afterSave: (saved, values, before) => syncImage(galleryMeta.path, saved, values.file, before),
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
