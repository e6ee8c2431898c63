import { listQuery } from '@app/domain';
import { z } from 'zod';
import { okReply } from '../replies';

export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const exportParams = z.object({ format: z.enum(['csv', 'xlsx', 'pdf']) });
export const exportQuery = listQuery.pick({ search: true, tags: true, sort: true, order: true });
export const reorderBody = z.object({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(5000),
  /** Position of the first id (default 1): lets a paged list renumber one page. */
  from: z.number().int().min(1).max(1_000_000).optional(),
});

/** PUT takes any subset of the POST body; defaults must not fill absent fields. */
export function partialBody(body: z.ZodObject): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(body.shape)) {
    const inner = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
    shape[key] = inner.optional();
  }
  return z.object(shape);
}

export const reorderReply = okReply(z.object({ ids: z.array(z.number().int()), from: z.number().int() }));
export const deletedReply = okReply(z.object({ id: z.number().int() }));
