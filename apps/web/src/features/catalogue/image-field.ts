import { z } from 'zod';
import type { FileValue } from '../../components/fields';

/** The form's image: a File just chosen, the stored URL, or null. */
export const imageValue = z.custom<FileValue>((v) => v === null || typeof v === 'string' || v instanceof File).optional();
