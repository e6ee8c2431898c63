import { formatInteger } from '@app/domain';

/**
 * Row selection of a list with bulk actions (react-admin / Gmail style), as plain data so it is
 * tested without a browser. Two modes:
 * - `ids`: the rows ticked, kept across pages (a Map keeps the order they were ticked in);
 * - `filter`: "every row matching the list's current filter": the server resolves the rows with
 *   the list's own where / scope / search, so the count is the list's total, not what was loaded.
 * A change of filter or search empties the selection (what was ticked may no longer be listed).
 */
export type Selection = { readonly mode: 'ids'; readonly ids: ReadonlySet<number> } | { readonly mode: 'filter' };

export const EMPTY_SELECTION: Selection = { mode: 'ids', ids: new Set() };

export function isSelected(sel: Selection, id: number): boolean {
  return sel.mode === 'filter' || sel.ids.has(id);
}

/** How many rows the action will target (`total`: the list's total, for the filter mode). */
export function selectedCount(sel: Selection, total: number | undefined): number {
  return sel.mode === 'filter' ? (total ?? 0) : sel.ids.size;
}

export function isEmpty(sel: Selection): boolean {
  return sel.mode === 'ids' && sel.ids.size === 0;
}

/**
 * Ticks or unticks one row. Unticking a row while "all matching" is on falls back to the rows of
 * this page minus that one: the other pages' rows are not known here, and a silent "all but one"
 * would be a filter the server cannot express.
 */
export function toggleRow(sel: Selection, id: number, on: boolean, pageIds: readonly number[]): Selection {
  if (sel.mode === 'filter') {
    if (on) return sel;
    return { mode: 'ids', ids: new Set(pageIds.filter((p) => p !== id)) };
  }
  const ids = new Set(sel.ids);
  if (on) ids.add(id);
  else ids.delete(id);
  return { mode: 'ids', ids };
}

/** The header checkbox: ticks or unticks every row of the page, keeping the other pages' ticks. */
export function togglePage(sel: Selection, pageIds: readonly number[], on: boolean): Selection {
  if (sel.mode === 'filter') return on ? sel : EMPTY_SELECTION;
  const ids = new Set(sel.ids);
  for (const id of pageIds) {
    if (on) ids.add(id);
    else ids.delete(id);
  }
  return { mode: 'ids', ids };
}

/** State of the header checkbox: all, some (indeterminate) or none of the page's rows ticked. */
export function pageState(sel: Selection, pageIds: readonly number[]): 'all' | 'some' | 'none' {
  if (pageIds.length === 0) return 'none';
  const n = pageIds.filter((id) => isSelected(sel, id)).length;
  return n === pageIds.length ? 'all' : n > 0 ? 'some' : 'none';
}

/**
 * Whether to offer « Sélectionner les N lignes correspondant au filtre »: the whole page is ticked
 * and the list has more rows than those ticked.
 */
export function offersAllMatching(sel: Selection, pageIds: readonly number[], total: number | undefined): boolean {
  return sel.mode === 'ids' && pageState(sel, pageIds) === 'all' && total !== undefined && total > sel.ids.size;
}

export const selectAllMatching = (): Selection => ({ mode: 'filter' });

/**
 * The list's filter as the bulk call takes it: its list query minus paging and sort, empty values
 * dropped, and values as the list's GET receives them (text; tags stay a list), since the server
 * validates `filter` with the list's own query schema.
 */
export function bulkFilter(query: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(query)) {
    if (k === 'page' || k === 'perPage' || k === 'sort' || k === 'order') continue;
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) {
      if (v.length) out[k] = v.map(String);
    } else if (String(v).trim() !== '') out[k] = String(v).trim();
  }
  return out;
}

/** The target part of a bulk call's body: the ticked ids, or the list's filter. */
export function bulkTarget(sel: Selection, filter: Record<string, unknown>): { ids: number[] } | { filter: Record<string, unknown> } {
  return sel.mode === 'filter' ? { filter } : { ids: [...sel.ids] };
}

/** A stable key of the filter: when it changes, the selection is emptied. */
export function filterKey(filter: Record<string, unknown>): string {
  return JSON.stringify(Object.entries(filter).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * What is selected, in words: the whole page (the line that offers all matching rows follows it),
 * every matching row, or a count kept across pages.
 */
export function selectionLine(sel: Selection, pageIds: readonly number[], total: number | undefined): string {
  if (sel.mode === 'filter') {
    const n = total ?? 0;
    return n > 1 ? `Les ${formatInteger(n)} lignes correspondant au filtre sont sélectionnées.` : 'La ligne correspondant au filtre est sélectionnée.';
  }
  const n = sel.ids.size;
  if (n === pageIds.length && pageState(sel, pageIds) === 'all') {
    return n > 1 ? `Les ${formatInteger(n)} lignes de cette page sont sélectionnées.` : 'La ligne de cette page est sélectionnée.';
  }
  const here = pageIds.filter((id) => sel.ids.has(id)).length;
  const head = n > 1 ? `${formatInteger(n)} lignes sélectionnées` : '1 ligne sélectionnée';
  return here < n ? `${head}, dont ${formatInteger(here)} sur cette page.` : `${head}.`;
}
