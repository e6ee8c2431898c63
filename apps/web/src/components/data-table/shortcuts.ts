/**
 * List keyboard shortcuts: `/` focuses the list's search, `n` opens its « Ajouter »,
 * `?` shows the help. A key typed into a field, with a modifier (Ctrl/Cmd/Alt shortcuts belong to
 * the browser), or while a dialog, menu or panel is open, is left alone.
 */
export type ShortcutAction = 'search' | 'add' | 'help';

export interface ShortcutHelp {
  readonly keys: string;
  readonly label: string;
}

/** What the help dialog lists, in French; `n` only where the list has « Ajouter ». */
export function shortcutHelp(canAdd: boolean): ShortcutHelp[] {
  return [
    { keys: '/', label: 'Rechercher dans la liste' },
    ...(canAdd ? [{ keys: 'n', label: 'Ajouter (ouvre le formulaire d’ajout)' }] : []),
    { keys: '?', label: 'Afficher les raccourcis clavier' },
    { keys: 'Échap', label: 'Fermer la fenêtre ouverte' },
    { keys: 'Tab', label: 'Passer d’un bouton ou d’un champ au suivant (Maj+Tab : au précédent)' },
  ];
}

/** Where a typed character belongs to the element (a field, an editor, a select), not to the page. */
const TYPING =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], [role="combobox"], [role="searchbox"], [role="spinbutton"]';

/** Something modal or floating over the page: a key goes to it, not to the list under it. */
const OVERLAYS = [
  '[role="dialog"][aria-modal="true"]',
  '[role="alertdialog"]',
  '.p-dialog-mask',
  '.p-sidebar-mask',
  '.p-overlaypanel',
  '.p-menu-overlay',
  '.p-tieredmenu-overlay',
  '.p-dropdown-panel',
  '.p-multiselect-panel',
  '.p-autocomplete-panel',
  '.p-datepicker:not(.p-datepicker-inline)',
  '.menu-backdrop',
].join(', ');

export function isTypingTarget(target: EventTarget | null): boolean {
  return typeof Element !== 'undefined' && target instanceof Element && target.closest(TYPING) !== null;
}

export function overlayOpen(doc: Document): boolean {
  return doc.querySelector(OVERLAYS) !== null;
}

type KeyInfo = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'defaultPrevented' | 'isComposing' | 'target'>;

/** The list action a key press asks for, or null when it is not a shortcut here and now. */
export function shortcutFor(e: KeyInfo, doc: Document): ShortcutAction | null {
  if (e.defaultPrevented || e.isComposing || e.ctrlKey || e.metaKey || e.altKey) return null;
  const action: ShortcutAction | null = e.key === '/' ? 'search' : e.key === 'n' || e.key === 'N' ? 'add' : e.key === '?' ? 'help' : null;
  if (!action || isTypingTarget(e.target) || overlayOpen(doc)) return null;
  return action;
}

/** Visible on screen (not in a hidden tab panel or a collapsed section). */
function isShown(el: Element): boolean {
  return el.getClientRects().length > 0;
}

/**
 * Of several lists on a page (two tabs, two lists one above the other), the first one shown answers
 * the keys; the others stay quiet, so `/` never focuses two boxes.
 */
export function isAnsweringList(root: Element, doc: Document): boolean {
  const first = Array.from(doc.querySelectorAll('.dt-resource')).find(isShown);
  return first === root;
}
