import { INT4_MAX, listQuery, MSG } from '@app/domain';
import { z } from 'zod';
import { okReply } from '../replies';

/**
 * A row id in a path: decimal digits only, 1 to 2,147,483,647 (an int4 column). A number coerced
 * with Number() would read `1e3` as 1000, `0x10` as 16 and ` 1` or `1.0` as 1: another row than
 * the one named.
 */
export const pathId = () =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, { error: MSG.invalidId })
    .transform(Number)
    .pipe(z.number().int().max(INT4_MAX, { error: MSG.invalidId }));
export const idParams = z.object({ id: pathId() });
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
