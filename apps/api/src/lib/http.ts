import type { PageMeta } from '@app/domain';

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

export const notFound = () => new AppError(404, 'Élément introuvable');
