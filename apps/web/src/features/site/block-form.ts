import { type Block, blockBody, SITE_MSG } from '@app/domain';
import { z } from 'zod';
import type { FileValue } from '../../components/fields';
import { mediaFormBody } from '../../components/resource-page';

export const BLOCKS_PATH = 'blocs';

/** The block's rules (the server's) plus its image, required (spec 3 §5 content forms). */
export const blockForm = blockBody.omit({ sections_id: true }).safeExtend({
  file: z.custom<FileValue>((v) => v == null || typeof v === 'string' || v instanceof File).refine((v) => v != null, { error: SITE_MSG.imageRequired }),
});
export type BlockFormIn = z.input<typeof blockForm>;
export type BlockFormOut = z.output<typeof blockForm>;

export const BLOCK_STEPS = [
  { label: 'Français', fields: ['key', 'title_fr', 'content_fr', 'img_title_fr'] },
  { label: 'English', fields: ['title_en', 'content_en', 'img_title_en'] },
  { label: 'Média', fields: ['url', 'img_alt', 'file'] },
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
  };
}

/** A new block is one form-data call with its section and image; an edit is JSON (the image apart). */
export const blockBodyOf = (sectionId: number) => (values: BlockFormOut, before: Block | null) =>
  mediaFormBody(before ? values : { ...values, sections_id: sectionId }, before);
