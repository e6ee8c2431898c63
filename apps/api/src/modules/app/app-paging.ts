import { queryInteger } from '@app/domain';
import { z } from 'zod';

/** Rows of an app list page unless `perPage` says otherwise; at most APP_MAX_PAGE (a phone's screenful or two). */
export const APP_PAGE_SIZE = 20;
export const APP_MAX_PAGE = 100;

/** ?page=&perPage= of the app's lists: always paged, page 1 of APP_PAGE_SIZE rows by default. */
export const appPageQuery = z.object({
  page: queryInteger({ min: 1, max: 1_000_000 }).optional(),
  perPage: queryInteger({ min: 1, max: APP_MAX_PAGE }).optional(),
});

/** The page asked, its size and the rows to skip. */
export function pageOf(q: { page?: number; perPage?: number }) {
  const page = q.page ?? 1;
  const perPage = q.perPage ?? APP_PAGE_SIZE;
  return { page, perPage, offset: (page - 1) * perPage };
}
