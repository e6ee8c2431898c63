import { z } from 'zod';
import { INT4_MAX } from './fields';
import { MAX_PAGE_SIZE } from './list';
import { canOpen } from './permissions';
import { SCREENS, type Screen } from './screens';

/**
 * Saved views of a list (issue 25 §2): a named copy of a list's URL state (search, tags, the screen's
 * own filter parameters, sort, page size, visible columns in order), kept per user and optionally
 * shared with every staff member of the owner's role.
 *
 * A list is named by its key, `<screen key>:<list id>`: the screen (screens.ts) decides who may open
 * the list and therefore its views; the list id tells two lists of one screen apart (the web uses the
 * API path of the list and its URL prefix, e.g. `users:users#revendeurs`).
 */

export const VIEW_NAME_MAX = 80;
/** Views one user may keep for one list. */
export const MAX_VIEWS_PER_LIST = 50;
export const MAX_VIEW_COLUMNS = 60;
export const MAX_VIEW_FILTERS = 20;
/** Keys are short ASCII: screen keys are kebab-case, list ids API paths with a URL prefix. */
const LIST_KEY = /^[a-z0-9-]{1,60}(?::[A-Za-z0-9_./#-]{1,120})?$/;
/** A column's field (a dotted path into the row) or a filter's URL parameter name. */
const FIELD = /^[A-Za-z0-9_.-]{1,80}$/;

export const VIEWS_MSG = {
  name: 'Le nom de la vue est obligatoire (80 caractères au plus).',
  unknownList: 'Liste inconnue.',
  tooMany: `Vous avez déjà ${MAX_VIEWS_PER_LIST} vues pour cette liste : supprimez-en une avant d’en enregistrer une autre.`,
  duplicate: 'Vous avez déjà une vue de ce nom pour cette liste.',
  notOwner: 'Seul le créateur de la vue peut la modifier.',
  notFound: 'Cette vue n’existe pas ou ne vous est pas partagée.',
} as const;

/** The screen a list key belongs to (undefined for a key no screen owns). */
export function screenOfList(listKey: string): Screen | undefined {
  const key = listKey.split(':', 1)[0];
  return SCREENS.find((s) => s.key === key);
}

/** Whether the role may see the views of a list: it may open the list's screen. */
export function canUseList(role: string | null | undefined, listKey: string): boolean {
  const screen = screenOfList(listKey);
  return !!screen && canOpen(role, screen);
}

export const viewListKey = z
  .string()
  .max(181)
  .regex(LIST_KEY, VIEWS_MSG.unknownList)
  .refine((k) => screenOfList(k) !== undefined, VIEWS_MSG.unknownList);

const field = z.string().regex(FIELD, 'Nom de champ invalide.');

/** A view's list state: what the list's URL holds, minus the page (a view opens on page 1). */
export const savedViewState = z.strictObject({
  search: z.string().max(200).optional(),
  tags: z.array(z.string().min(1).max(100)).max(10).optional(),
  /** The screen's own filter parameters, as they appear in the URL (`platform=web`). */
  filters: z
    .record(field, z.string().max(200))
    .refine((f) => Object.keys(f).length <= MAX_VIEW_FILTERS, `${MAX_VIEW_FILTERS} filtres au plus.`)
    .optional(),
  sort: z.string().regex(FIELD).max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  perPage: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  /** Visible columns in order; absent: every column in the list's own order. */
  columns: z.array(field).min(1).max(MAX_VIEW_COLUMNS).optional(),
});
export type SavedViewState = z.infer<typeof savedViewState>;

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

export interface SavedView {
  ID: number;
  LIST: string;
  NAME: string;
  STATE: SavedViewState;
  SHARED: boolean;
  /** Mine (I may rename, update, delete it). */
  MINE: boolean;
  /** The owner's name, for a colleague's shared view. */
  OWNER: string;
  IS_DEFAULT: boolean;
  UPDATED_AT: string;
}
