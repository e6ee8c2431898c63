import { z } from 'zod';
import { queryInteger } from './fields';

/** Paged-list contract shared by every list call and the data table. */
export const PAGE_SIZE_CHOICES = [50, 100, 150, 200, 500] as const;
export const MAX_PAGE_SIZE = 500;
/**
 * Rows of a list asked without `page` (the selects' option lists): never the whole table. Past it,
 * the reply carries `meta` with the total, and a picker of a large table searches on the server.
 */
export const UNPAGED_LIMIT = 5000;

export const listQuery = z.object({
  page: queryInteger({ min: 1 }).optional(),
  perPage: queryInteger({ min: 1, max: MAX_PAGE_SIZE }).optional(),
  search: z.string().max(200).optional(),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  /** Search tags (repeat the parameter): a row matches every tag, each as the search box would. */
  tags: z
    .union([z.string().max(100), z.array(z.string().max(100)).max(10)])
    .optional()
    .transform((v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).map((t) => t.trim()).filter(Boolean))),
});
export type ListQuery = z.infer<typeof listQuery>;

export interface PageMeta {
  total: number;
  last_page: number;
  current_page: number;
  per_page: number;
}
export interface Ok<T> {
  success: true;
  data: T;
  meta?: PageMeta;
}
export interface Fail {
  success: false;
  message: string;
  errors?: Record<string, string[]>;
}
export type ApiReply<T> = Ok<T> | Fail;

export type ExportFormat = 'csv' | 'xlsx' | 'pdf';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'xlsx', 'pdf'];

/**
 * Exports that run as a background job (export-jobs.ts): a whole-list export of more rows
 * than this is started as a job (`?job=1` on the list's export route) whose progress the screen shows;
 * a smaller one stays a direct download. The screen decides from the list's total; the server accepts
 * a job for any size (the total may have moved since the screen read it).
 */
export const EXPORT_JOB_THRESHOLD = 5000;
