import { type Badge, badgeBody } from '@app/domain';
import { z } from 'zod';
import { type FileValue, isNewFile } from '../../components/fields';
import { api } from '../../lib/api';

/** The form: the API body's schema plus the image (a File just chosen, the stored URL, or null). */
export const badgeForm = badgeBody.extend({
  file: z.custom<FileValue>((v) => v === null || typeof v === 'string' || v instanceof File).optional(),
});
export type BadgeFormIn = z.input<typeof badgeForm>;
export type BadgeFormOut = z.output<typeof badgeForm>;

/** Form values of a new badge (null) or of an existing one; bonuses are typed as text. */
export function badgeFormValues(row: Badge | null): BadgeFormIn {
  return {
    NAME: row?.NAME ?? '',
    BONUS_BADGE: String(row?.BONUS_BADGE ?? 0),
    BONUS_EVOLUTION: String(row?.BONUS_EVOLUTION ?? 0),
    BONUS_MAINTIEN: String(row?.BONUS_MAINTIEN ?? 0),
    DESCRIPTION: row?.DESCRIPTION ?? '',
    IS_ACTIVE: row?.IS_ACTIVE ?? 0,
    file: row?.MEDIA?.original_url ?? null,
  };
}

/** POST badges as form data: the fields and the image in one call, so a refused image leaves no badge. */
export function badgeFormData({ file, ...body }: BadgeFormOut): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(body)) if (value != null) data.append(key, String(value));
  if (isNewFile(file)) data.append('file', file);
  return data;
}

/**
 * Saves the dialog. A new badge is one form-data call; an edit sends its fields as JSON, then the
 * image only if it changed (a new file is uploaded, a removed one deleted). `imageFailed` says the
 * fields were saved but the image call was refused.
 */
export async function saveBadge(values: BadgeFormOut, before: Badge | null): Promise<{ saved: Badge; imageFailed: boolean }> {
  if (!before) return { saved: await api.post<Badge>('badges', badgeFormData(values)), imageFailed: false };
  const { file, ...body } = values;
  const saved = await api.put<Badge>(`badges/${before.id}`, body);
  try {
    if (isNewFile(file)) {
      const data = new FormData();
      data.append('file', file);
      await api.post<Badge>(`badges/media/${before.id}`, data);
    } else if (file == null && before.MEDIA) {
      await api.delete(`badges/${before.id}/media/${before.MEDIA.id}`);
    }
  } catch {
    return { saved, imageFailed: true };
  }
  return { saved, imageFailed: false };
}
