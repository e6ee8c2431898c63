import { type Media, type Section, type SectionDef, SITE_MSG, sectionSchemaFor } from '@app/domain';
import { z } from 'zod';
import type { FileValue } from '../../components/fields';

/** An image of the form: one already stored, or a File just chosen. */
export type ImageItem = Media | File;

const fileValue = z.custom<FileValue>((v) => v === null || v === undefined || typeof v === 'string' || v instanceof File).optional();

/**
 * The form of one section: its own rules (the server's) plus its files. Values sit under the
 * section's key, so that two panels open at once never share a field id.
 */
export function sectionFormSchema(def: SectionDef) {
  const values = sectionSchemaFor(def).safeExtend({
    // A section that shows an image needs one; the video stays optional.
    img: def.image ? z.array(z.custom<ImageItem>()).min(1, { error: SITE_MSG.imageRequired }) : z.array(z.custom<ImageItem>()).optional(),
    video: fileValue,
    file: fileValue,
  });
  return z.object({ [def.key]: values });
}

export const TEXT_FIELDS = [
  'title_fr',
  'title_en',
  'content_fr',
  'content_en',
  'img_title_fr',
  'img_title_en',
  'img_alt',
  'url',
  'phone',
  'email',
  'address',
] as const;

export function sectionValues(def: SectionDef, row: Section | undefined) {
  const v: Record<string, unknown> = {};
  for (const f of TEXT_FIELDS) v[f] = row?.[f] ?? '';
  v.img = row?.img ?? [];
  v.video = row?.video?.original_url ?? null;
  v.file = row?.file?.original_url ?? null;
  return { [def.key]: v };
}

/** Text fields of a save: empty strings go as null for the optional ones (the server trims). */
export function sectionBody(values: Record<string, unknown>) {
  const body: Record<string, unknown> = {};
  for (const f of TEXT_FIELDS) body[f] = values[f] === '' ? null : (values[f] ?? null);
  return body;
}

/** What to upload and what to delete so the stored images become the form's list. */
export function imageChanges(before: readonly Media[], after: readonly ImageItem[]) {
  const kept = new Set(after.filter((i): i is Media => !(i instanceof File)).map((m) => m.id));
  return { removed: before.filter((m) => !kept.has(m.id)), added: after.filter((i): i is File => i instanceof File) };
}
