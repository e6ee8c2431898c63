import { INT4_MAX, listQuery, MSG } from '@app/domain';
import { z } from 'zod';
import { exportJobParam } from '../exports/jobs/export-jobs.schemas';
import { AppError } from '../http';
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
/** A list's export: the list's search and sort, and `job=1` to run it in the background (lib/exports/jobs). */
export const exportQuery = listQuery.pick({ search: true, tags: true, sort: true, order: true }).extend(exportJobParam);
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

/**
 * A PUT's sent fields over the stored record, checked as the whole record the write leaves: its
 * required fields and cross-field rules (start ≤ end, min ≤ max) judge the merged values, so a
 * partial update can neither be refused for fields it did not send nor slip past a rule by sending
 * one side of it. A stored null counts as absent (a required field left empty is named). Returns the
 * sent fields as the schema gives them (trimmed, typed): only they are written.
 */
export function mergeForUpdate(record: z.ZodType, stored: object, sent: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  const shape = record instanceof z.ZodObject ? (record.shape as Record<string, unknown>) : sent;
  for (const key of Object.keys(shape)) {
    const value = Object.hasOwn(sent, key) ? sent[key] : (stored as Record<string, unknown>)[key];
    if (value !== undefined && (value !== null || Object.hasOwn(sent, key))) merged[key] = value;
  }
  const result = record.safeParse(merged);
  if (!result.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || 'body';
      errors[key] = [...(errors[key] ?? []), issue.message];
    }
    throw new AppError(422, Object.values(errors)[0][0], errors);
  }
  const data = result.data as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(sent)
      .filter((k) => Object.hasOwn(data, k))
      .map((k) => [k, data[k]]),
  );
}

export const reorderReply = okReply(z.object({ ids: z.array(z.number().int()), from: z.number().int() }));
export const deletedReply = okReply(z.object({ id: z.number().int() }));
