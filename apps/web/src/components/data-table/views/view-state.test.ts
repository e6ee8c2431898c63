import { MAX_VIEW_COLUMNS, savedViewState, VIEW_FIELD } from '@app/domain';
import { COL_FIELD, MAX_COLS } from './cols-param';
import { describe, expect, it } from 'vitest';
import { clearList, colsOf, hasListState, readColumns, readViewId, sameState, shownColumns, stateOfUrl, urlOfView, writeColumns } from './view-state';

const defaults = { perPage: 50, sort: 'DATE_CMD', order: 'desc' as const };
const columns = [{ field: 'REFERENCE' }, { field: 'CLIENT_NAME' }, { field: 'TOTAL' }, { field: 'STATUS' }];

describe('saved views: the list state in the URL', () => {
  it('reads the state a view saves, defaults spelt out, the page left out, the screen’s filters kept', () => {
    const params = new URLSearchParams('page=4&search=+Sfax+&tags=a&tags=b&sort=TOTAL&order=asc&perPage=100&cols=STATUS,TOTAL&platform=web&commande=9');
    const state = stateOfUrl(params, defaults, '', ['platform', 'year']);
    expect(state).toEqual({
      search: 'Sfax',
      tags: ['a', 'b'],
      sort: 'TOTAL',
      order: 'asc',
      perPage: 100,
      columns: ['STATUS', 'TOTAL'],
      filters: { platform: 'web' },
    });
    // What the server's schema accepts.
    expect(savedViewState.safeParse(state).success).toBe(true);
    expect(stateOfUrl(new URLSearchParams(''), defaults)).toEqual({ perPage: 50, order: 'desc', sort: 'DATE_CMD' });
  });

  it('opens a view: its state replaces the list’s, page 1, view=<id>; another list’s and a dialog’s parameters stay', () => {
    const params = new URLSearchParams('page=3&search=old&platform=app&sim.page=2&commande=9');
    const next = urlOfView(
      params,
      { ID: 12, STATE: { search: 'Sfax', sort: 'TOTAL', order: 'asc', perPage: 100, columns: ['STATUS'], filters: { year: '2025' } } },
      defaults,
      '',
      ['platform', 'year'],
    );
    expect(Object.fromEntries(next)).toEqual({
      'sim.page': '2',
      commande: '9',
      perPage: '100',
      search: 'Sfax',
      sort: 'TOTAL',
      order: 'asc',
      year: '2025',
      cols: 'STATUS',
      view: '12',
    });
    // Round trip: the URL of a view reads back as its state.
    expect(stateOfUrl(next, defaults, '', ['platform', 'year'])).toEqual({
      search: 'Sfax',
      sort: 'TOTAL',
      order: 'asc',
      perPage: 100,
      columns: ['STATUS'],
      filters: { year: '2025' },
    });
    expect(readViewId(next)).toBe(12);
  });

  it('keeps two lists of a page apart with the prefix', () => {
    const next = urlOfView(new URLSearchParams('search=a'), { ID: 3, STATE: { search: 'b', columns: ['X'] } }, defaults, 'pp');
    expect(next.get('search')).toBe('a');
    expect(next.get('pp.search')).toBe('b');
    expect(next.get('pp.cols')).toBe('X');
    expect(next.get('pp.view')).toBe('3');
    expect(hasListState(new URLSearchParams('search=a'), 'pp')).toBe(false);
    expect(hasListState(next, 'pp')).toBe(true);
    expect(clearList(next, 'pp').toString()).toBe('search=a');
  });

  it('tells a list opened bare (its default view may apply) from one the URL describes', () => {
    expect(hasListState(new URLSearchParams('commande=4'))).toBe(false);
    expect(hasListState(new URLSearchParams('cols=TOTAL'))).toBe(true);
    expect(hasListState(new URLSearchParams('platform=web'), '', ['platform'])).toBe(true);
  });

  it('reads columns from user input safely: unknown fields ignored, the first column always shown first', () => {
    expect(readColumns(new URLSearchParams('cols=TOTAL,<x>,TOTAL,STATUS'))).toEqual(['TOTAL', 'STATUS']);
    expect(readColumns(new URLSearchParams('cols='))).toBeUndefined();
    expect(shownColumns(columns, ['STATUS', 'NOPE', 'REFERENCE', 'TOTAL']).map((c) => c.field)).toEqual(['REFERENCE', 'STATUS', 'TOTAL']);
    expect(shownColumns(columns, undefined)).toEqual(columns);
    expect(shownColumns(columns, [])).toEqual([columns[0]]);
  });

  it('writes no cols for the list’s own order, and never lists the first column', () => {
    expect(colsOf(columns, ['REFERENCE', 'CLIENT_NAME', 'TOTAL', 'STATUS'])).toBeUndefined();
    expect(colsOf(columns, ['REFERENCE', 'STATUS', 'TOTAL'])).toEqual(['STATUS', 'TOTAL']);
    expect(writeColumns(new URLSearchParams('a=1'), ['STATUS', 'TOTAL']).toString()).toBe('a=1&cols=STATUS%2CTOTAL');
    expect(writeColumns(new URLSearchParams('a=1&cols=X'), undefined).toString()).toBe('a=1');
  });

  it('reads columns by the domain’s rule (copied to keep it out of every list’s first load)', () => {
    expect(COL_FIELD.source).toBe(VIEW_FIELD.source);
    expect(MAX_COLS).toBe(MAX_VIEW_COLUMNS);
  });

  it('compares states as the list shows them (defaults equal their absence)', () => {
    expect(sameState({ perPage: 50, order: 'desc', sort: 'DATE_CMD' }, {}, defaults)).toBe(true);
    expect(sameState({ search: 'a' }, { search: 'b' }, defaults)).toBe(false);
    expect(sameState({ filters: { a: '1', b: '2' } }, { filters: { b: '2', a: '1' } }, defaults)).toBe(true);
    expect(readViewId(new URLSearchParams('view=1e3'))).toBeNull();
  });
});
