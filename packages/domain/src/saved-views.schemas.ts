import { z } from 'zod';
import { INT4_MAX } from './fields';
import { MAX_PAGE_SIZE } from './list';
import { MAX_VIEW_COLUMNS, MAX_VIEW_FILTERS, type SavedViewState, screenOfList, VIEW_FIELD, VIEW_LIST_KEY, VIEW_NAME_MAX, VIEWS_MSG } from './saved-views';

/** The saved views' request schemas; the rules and messages are in saved-views.ts. */
export const viewListKey = z
  .string()
  .max(181)
  .regex(VIEW_LIST_KEY, VIEWS_MSG.unknownList)
  .refine((k) => screenOfList(k) !== undefined, VIEWS_MSG.unknownList);

const field = z.string().max(80).regex(VIEW_FIELD, 'Nom de champ invalide.');

/** A view's list state: what the list's URL holds, minus the page (a view opens on page 1). */
export const savedViewState = z.strictObject({
  search: z.string().max(200).optional(),
  tags: z.array(z.string().min(1).max(100)).max(10).optional(),
  /** The screen's own filter parameters, as they appear in the URL (`platform=web`). */
  filters: z
    .record(field, z.string().max(200))
    .refine((f) => Object.keys(f).length <= MAX_VIEW_FILTERS, `${MAX_VIEW_FILTERS} filtres au plus.`)
    .optional(),
  sort: z.string().regex(VIEW_FIELD).max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  perPage: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  /** Visible columns in order; absent: every column in the list's own order. */
  columns: z.array(field).min(1).max(MAX_VIEW_COLUMNS).optional(),
});

const viewName = z.string().trim().min(1, VIEWS_MSG.name).max(VIEW_NAME_MAX, VIEWS_MSG.name);

export const savedViewCreateBody = z.strictObject({
  LIST: viewListKey,
  NAME: viewName,
  STATE: savedViewState,
  SHARED: z.boolean().optional(),
  /** Also make it my default view of the list. */
  DEFAULT: z.boolean().optional(),
});
export type SavedViewCreateBody = z.infer<typeof savedViewCreateBody>;

/** Rename, replace the state, share or unshare (owner only); at least one field. */
export const savedViewUpdateBody = z
  .strictObject({ NAME: viewName.optional(), STATE: savedViewState.optional(), SHARED: z.boolean().optional() })
  .refine((b) => b.NAME !== undefined || b.STATE !== undefined || b.SHARED !== undefined, 'Rien à modifier.');
export type SavedViewUpdateBody = z.infer<typeof savedViewUpdateBody>;

/** My default view of a list; `ID: null` removes it. */
export const savedViewDefaultBody = z.strictObject({ LIST: viewListKey, ID: z.number().int().min(1).max(INT4_MAX).nullable() });

// The schema and the interface the web writes against say the same thing.
export const savedViewStateMatches: z.ZodType<SavedViewState> = savedViewState;
