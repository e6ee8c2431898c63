import { z } from 'zod';

/**
 * The API's reply envelopes as schemas. Routes name them in `schema.response`: they serialise the
 * reply (a field missing from the schema is not sent) and document it in /api/docs, so the
 * future mobile app and integrators can generate a client from the document.
 */
export const okReply = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const pageMeta = z.object({
  total: z.number().int(),
  last_page: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
});

/** A list: one page of it with `meta` when `page` is given; without `page`, up to UNPAGED_LIMIT rows (`meta` when cut). */
export const listReply = <T extends z.ZodType>(item: T) => z.object({ success: z.literal(true), data: z.array(item), meta: pageMeta.optional() });

export const errorReply = z
  .object({
    success: z.literal(false),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ description: 'Erreur : message en français, et par champ quand la saisie est refusée' });

export const mediaReply = z.object({ id: z.number().int(), original_url: z.string(), file_name: z.string(), mime_type: z.string(), size: z.number().int() });

/** A file sent as a stream (exports): documented by its content types, never serialised. */
export const fileReply = (types: Record<string, string>) => ({
  description: 'Fichier en flux',
  content: Object.fromEntries(Object.values(types).map((t) => [t, { schema: z.string().meta({ format: 'binary' }) }])),
});
