import { describe, expect, it } from 'vitest';
import {
  bulkFilter,
  bulkTarget,
  EMPTY_SELECTION,
  filterKey,
  isEmpty,
  isSelected,
  offersAllMatching,
  pageState,
  type Selection,
  selectAllMatching,
  selectedCount,
  selectionLine,
  toggleRow,
  togglePage,
} from './selection';

const page1 = [1, 2, 3];
const page2 = [4, 5, 6];
const ids = (sel: Selection) => (sel.mode === 'ids' ? [...sel.ids].sort((a, b) => a - b) : 'filter');

describe('bulk selection', () => {
  it('keeps ticks across pages and counts them', () => {
    let sel = toggleRow(EMPTY_SELECTION, 2, true, page1);
    sel = toggleRow(sel, 5, true, page2);
    sel = toggleRow(sel, 6, true, page2);
    expect(ids(sel)).toEqual([2, 5, 6]);
    expect(selectedCount(sel, 1234)).toBe(3);
    expect(pageState(sel, page1)).toBe('some');
    expect(pageState(sel, page2)).toBe('some');
    expect(selectionLine(sel, page2, 1234)).toBe('3 lignes sélectionnées, dont 2 sur cette page.');
    sel = toggleRow(sel, 5, false, page2);
    expect(ids(sel)).toEqual([2, 6]);
  });

  it('ticks and unticks a whole page without touching the other pages', () => {
    let sel = toggleRow(EMPTY_SELECTION, 4, true, page2);
    sel = togglePage(sel, page1, true);
    expect(ids(sel)).toEqual([1, 2, 3, 4]);
    expect(pageState(sel, page1)).toBe('all');
    sel = togglePage(sel, page1, false);
    expect(ids(sel)).toEqual([4]);
    expect(pageState(sel, page1)).toBe('none');
    expect(pageState(EMPTY_SELECTION, [])).toBe('none');
  });

  it('offers every matching row once the page is all ticked, and then targets the filter', () => {
    let sel = togglePage(EMPTY_SELECTION, page1, true);
    expect(selectionLine(sel, page1, 1234)).toBe('Les 3 lignes de cette page sont sélectionnées.');
    expect(offersAllMatching(sel, page1, 1234)).toBe(true);
    // A list that fits on the page has nothing more to offer.
    expect(offersAllMatching(sel, page1, 3)).toBe(false);
    expect(offersAllMatching(toggleRow(sel, 1, false, page1), page1, 1234)).toBe(false);

    sel = selectAllMatching();
    expect(offersAllMatching(sel, page1, 1234)).toBe(false);
    expect(selectedCount(sel, 1234)).toBe(1234);
    expect(isSelected(sel, 99)).toBe(true);
    expect(pageState(sel, page2)).toBe('all');
    expect(selectionLine(sel, page1, 1234)).toBe('Les 1\u00a0234 lignes correspondant au filtre sont sélectionnées.');
    expect(bulkTarget(sel, { search: 'kiosque' })).toEqual({ filter: { search: 'kiosque' } });
  });

  it('falls back from "all matching" to this page minus the row unticked', () => {
    const sel = toggleRow(selectAllMatching(), 2, false, page1);
    expect(ids(sel)).toEqual([1, 3]);
    expect(togglePage(selectAllMatching(), page1, false)).toEqual(EMPTY_SELECTION);
    expect(toggleRow(selectAllMatching(), 2, true, page1).mode).toBe('filter');
  });

  it('sends the ticked ids in ids mode', () => {
    const sel = togglePage(EMPTY_SELECTION, [7, 8], true);
    expect(bulkTarget(sel, { search: 'x' })).toEqual({ ids: [7, 8] });
    expect(isEmpty(sel)).toBe(false);
    expect(isEmpty(EMPTY_SELECTION)).toBe(true);
    expect(isEmpty(selectAllMatching())).toBe(false);
  });

  it('turns the list query into the bulk filter: no paging or sort, no empty values', () => {
    const query = { page: 3, perPage: 50, sort: 'NAME', order: 'desc', search: ' sfax ', tags: ['a', 'b'], STATUS: 2, IS_NEW: undefined, x: ' ', y: [] };
    // As the list's GET gets them: text (the server checks `filter` with the list's query schema).
    expect(bulkFilter(query)).toEqual({ search: 'sfax', tags: ['a', 'b'], STATUS: '2' });
  });

  it('keys the filter whatever the order of its fields, so only a real change empties the selection', () => {
    expect(filterKey({ a: 1, search: 's' })).toBe(filterKey({ search: 's', a: 1 }));
    expect(filterKey({ search: 's' })).not.toBe(filterKey({ search: 'S' }));
  });
});
