import { type Block, blockBody, blocksMeta, SITE_MSG } from '@app/domain';
import { z } from 'zod';
import type { FileValue } from '../../components/fields';
import { mediaFormBody } from '../../components/resource-page';
import { api } from '../../lib/api';
import { type ImageItem, imageChanges } from './section-form';

export const BLOCKS_PATH = blocksMeta.path;

const fileValue = z.custom<FileValue>((v) => v == null || typeof v === 'string' || v instanceof File);
const imageList = z.array(z.custom<ImageItem>((v) => v instanceof File || (typeof v === 'object' && v !== null && 'id' in v)));

/**
 * The block's rules (the server's) plus its image, required: one image
 * (`file`), or on the image-annotation page a list of them (`images`), in order.
 */
export function blockFormFor(several: boolean) {
  return blockBody.omit({ sections_id: true }).safeExtend({
    file: several ? fileValue.optional() : fileValue.refine((v) => v != null, { error: SITE_MSG.imageRequired }),
    images: several ? imageList.min(1, { error: SITE_MSG.imageRequired }) : imageList.optional(),
  });
}
export type BlockFormIn = z.input<ReturnType<typeof blockFormFor>>;
export type BlockFormOut = z.output<ReturnType<typeof blockFormFor>>;

export const BLOCK_STEPS = [
  { label: 'Français', fields: ['key', 'title_fr', 'content_fr', 'img_title_fr'] },
  { label: 'English', fields: ['title_en', 'content_en', 'img_title_en'] },
  { label: 'Média', fields: ['url', 'img_alt', 'file', 'images'] },
] as const;

export function blockFormValues(row: Block | null, columnSpan: boolean): BlockFormIn {
  return {
    key: row?.key ?? '',
    url: row?.url ?? (columnSpan ? '1' : ''),
    title_fr: row?.title_fr ?? '',
    title_en: row?.title_en ?? '',
    content_fr: row?.content_fr ?? '',
    content_en: row?.content_en ?? '',
    img_title_fr: row?.img_title_fr ?? '',
    img_title_en: row?.img_title_en ?? '',
    img_alt: row?.img_alt ?? '',
    file: row?.MEDIA?.original_url ?? null,
    images: row?.IMAGES ?? [],
  };
}

/**
 * A new block is one form-data call with its section and its image(s), all of them in order on the
 * image-annotation page; an edit is JSON (the images apart).
 */
export const blockBodyOf = (sectionId: number) => (values: BlockFormOut, before: Block | null) => {
  const { images, ...fields } = values;
  const body = mediaFormBody(before ? fields : { ...fields, sections_id: sectionId }, before);
  if (body instanceof FormData) for (const f of images ?? []) if (f instanceof File) body.append('file', f);
  return body;
};

/** After an edit of an image-annotation block: removes the images taken out, then adds the new ones in one upload. */
export async function syncBlockImages(saved: Block, images: readonly ImageItem[] | undefined, before: Block | null): Promise<void> {
  if (!before) return;
  const { removed, added } = imageChanges(before.IMAGES, images ?? []);
  for (const m of removed) await api.delete(`${BLOCKS_PATH}/${saved.id}/media/${m.id}`);
  if (!added.length) return;
  const data = new FormData();
  for (const f of added) data.append('file', f);
  await api.post(`${BLOCKS_PATH}/${saved.id}/img`, data);
}
