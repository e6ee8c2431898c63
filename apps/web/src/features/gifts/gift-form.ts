import { type Gift, giftBody, giftHasMedia, giftsMeta, type GiftType, giftVoucherValue } from '@app/domain';
import { z } from 'zod';
import { type FileValue, isNewFile } from '../../components/fields';
import { syncImage } from '../../components/resource-page';

export const GIFTS_PATH = giftsMeta.path;

/** The API body's schema (the same rules) plus the file: a File just chosen, the stored URL, or null. */
export const giftForm = giftBody.safeExtend({
  file: z.custom<FileValue>((v) => v === null || typeof v === 'string' || v instanceof File).optional(),
});
export type GiftFormIn = z.input<typeof giftForm>;
export type GiftFormOut = z.output<typeof giftForm>;

/** Form values of a new gift (a good, active, the common case) or of a stored one; numbers typed as text. */
export function giftFormValues(row: Gift | null): GiftFormIn {
  return {
    REF: row?.REF ?? '',
    NAME: row?.NAME ?? '',
    TYPE: row?.TYPE ?? 'bien',
    QTS: row ? String(row.QTS) : '',
    NBR_OF_POINTS: row ? String(row.NBR_OF_POINTS) : '',
    // A good's hidden value is 0; a voucher's shows without trailing zeros ("12.5").
    VOCHER_VALUE: row?.TYPE === 'voucher' ? String(Number(row.VOCHER_VALUE)) : '0',
    START_DAY: row?.START_DAY ?? null,
    END_DATE: row?.END_DATE ?? null,
    ACTIVITE: row?.ACTIVITE ?? null,
    CIRCUIT: row?.CIRCUIT ?? null,
    CATEGORY: row?.CATEGORY ?? null,
    TYPE_CLIENT_ID: row?.TYPE_CLIENT_ID ?? null,
    BADGES_ID: row?.BADGES_ID ?? null,
    IS_ACTIVE: row ? (row.IS_ACTIVE === 1 ? 1 : 0) : 1,
    DESCRIPTION: row?.DESCRIPTION ?? '',
    file: giftHasMedia(row?.TYPE) ? (row?.MEDIA?.original_url ?? null) : null,
  };
}

/** What the value field holds once the type changes: 0 for a good (hidden), empty for a new voucher value. */
export const voucherValueFor = (type: GiftType, current: string | number | null | undefined): string =>
  type === 'bien' ? '0' : current == null || Number(current) === 0 ? '' : String(current);

/**
 * The body of a save: a new gift is ONE form-data call with its fields and, for a
 * good only, the file; an edit is JSON. Either way a good's voucher value goes as 0.
 */
export function giftBodyOf({ file, ...values }: GiftFormOut, before: Gift | null): FormData | Record<string, unknown> {
  const fields = { ...values, VOCHER_VALUE: giftVoucherValue(values.TYPE, values.VOCHER_VALUE) };
  if (before) return fields;
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value != null) data.append(key, String(value));
  if (giftHasMedia(values.TYPE) && isNewFile(file)) data.append('file', file);
  return data;
}

/**
 * After an edit: a good's new image is uploaded (gifts/media/{id}) or its removed one deleted; a
 * gift now a voucher has had its image removed by the server with the change of type.
 */
export async function syncGiftImage(saved: Gift, values: GiftFormOut, before: Gift | null): Promise<void> {
  if (!giftHasMedia(values.TYPE)) return;
  await syncImage(GIFTS_PATH, saved, values.file, before);
}
