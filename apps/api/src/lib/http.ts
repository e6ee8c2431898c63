import { type PageMeta, UNPAGED_LIMIT } from '@app/domain';

/** Errors the routes throw on purpose; the error handler turns them into the API's error shape. */
export class AppError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const ok = <T>(data: T) => ({ success: true as const, data });

export const paged = <T>(data: T[], total: number, page: number, perPage: number) => ({
  success: true as const,
  data,
  meta: {
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    current_page: page,
    per_page: perPage,
  } satisfies PageMeta,
});

/**
 * A list asked without `page`: its rows up to UNPAGED_LIMIT, read as limit + 1 so the common short
 * list costs no count. A longer one is cut there and answered as page 1 of UNPAGED_LIMIT rows, its
 * `meta` telling the total.
 */
export async function unpaged<Row, Out>(
  rowsUpTo: (limit: number) => PromiseLike<Row[]>,
  count: () => Promise<number>,
  finish: (rows: Row[]) => Out[] | Promise<Out[]>,
): Promise<{ success: true; data: Out[]; meta?: PageMeta }> {
  const rows = await rowsUpTo(UNPAGED_LIMIT + 1);
  if (rows.length <= UNPAGED_LIMIT) return ok(await finish(rows));
  const [data, total] = await Promise.all([finish(rows.slice(0, UNPAGED_LIMIT)), count()]);
  return paged(data, total, 1, UNPAGED_LIMIT);
}

export const notFound = () => new AppError(404, 'Élément introuvable');
