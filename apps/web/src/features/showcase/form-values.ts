import { SHOWCASE_MSG } from '@app/domain';
import { z } from 'zod';
import type { FileValue } from '../../components/fields';

/** The form's image: a File just chosen, the stored URL, or null. */
export const fileValue = z.custom<FileValue>((v) => v == null || typeof v === 'string' || v instanceof File).optional();

/** An image the form cannot save without (services, partner logos). */
export function requireFile(message: string = SHOWCASE_MSG.imageRequired) {
  return (v: { file?: FileValue | null }, ctx: z.RefinementCtx) => {
    if (v.file == null) ctx.addIssue({ code: 'custom', path: ['file'], message });
  };
}
