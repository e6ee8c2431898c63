import { canOpen } from './permissions';
import { SCREENS, type Screen } from './screens';

/**
 * Saved views of a list: a named copy of a list's URL state (search, tags, the screen's
 * own filter parameters, sort, page size, visible columns in order), kept per user and optionally
 * shared with every staff member of the owner's role.
 *
 * A list is named by its key, `<screen key>:<list id>`: the screen (screens.ts) decides who may open
 * the list and therefore its views; the list id tells two lists of one screen apart (the web uses the
 * API path of the list and its URL prefix, e.g. `users:users#revendeurs`).
 *
 * No zod here: the web's list screens import this file; the schemas are in saved-views.schemas.ts.
 */

export const VIEW_NAME_MAX = 80;
/** Views one user may keep for one list. */
export const MAX_VIEWS_PER_LIST = 50;
export const MAX_VIEW_COLUMNS = 60;
export const MAX_VIEW_FILTERS = 20;
/** Keys are short ASCII: screen keys are kebab-case, list ids API paths with a URL prefix. */
export const VIEW_LIST_KEY = /^[a-z0-9-]{1,60}(?::[A-Za-z0-9_./#-]{1,120})?$/;
/** A column's field (a dotted path into the row) or a filter's URL parameter name. */
export const VIEW_FIELD = /^[A-Za-z0-9_.-]{1,80}$/;

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

/** A well-formed list key of a known screen (the web checks its own before asking for views). */
export const isViewListKey = (key: string): boolean => key.length <= 181 && VIEW_LIST_KEY.test(key) && screenOfList(key) !== undefined;

/** A view's list state (the schema is savedViewState in saved-views.schemas.ts). */
export interface SavedViewState {
  search?: string;
  tags?: string[];
  /** The screen's own filter parameters, as they appear in the URL (`platform=web`). */
  filters?: Record<string, string>;
  sort?: string;
  order?: 'asc' | 'desc';
  perPage?: number;
  /** Visible columns in order; absent: every column in the list's own order. */
  columns?: string[];
}

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
