import { GIFT_MSG, type StartingGift, startingGiftBody, startingGiftsMeta } from '@app/domain';
import { z } from 'zod';
import type { FileValue } from '../../components/fields';

export const STARTER_GIFTS_PATH = startingGiftsMeta.path;

/**
 * Starter gift: ref, title, description and image all required. The image is a File just
 * chosen or, when editing, the stored one's URL (it counts); removing it leaves the field empty.
 */
export const starterGiftForm = startingGiftBody.safeExtend({
  file: z.custom<FileValue>((v) => v instanceof File || (typeof v === 'string' && v !== ''), { error: GIFT_MSG.imageRequired }),
});
export type StarterGiftFormIn = z.input<typeof starterGiftForm>;
export type StarterGiftFormOut = z.output<typeof starterGiftForm>;

export function starterGiftFormValues(row: StartingGift | null): StarterGiftFormIn {
  return { REF: row?.REF ?? '', NAME: row?.NAME ?? '', DESCRIPTION: row?.DESCRIPTION ?? '', file: row?.MEDIA?.original_url ?? null };
}
