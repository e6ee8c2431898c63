import { describe, expect, it } from 'vitest';
import { pageSizeChoices, readListState, toListQuery, writeListState } from './list-state';

const defaults = { perPage: 50, sort: 'NAME', order: 'asc' as const };

describe('list state in the URL', () => {
  it('falls back on the defaults for missing or bad values', () => {
    const s = readListState(new URLSearchParams('page=-2&perPage=9999&order=sideways'), defaults);
    expect(s).toEqual({ page: 1, perPage: 50, search: '', sort: 'NAME', order: 'asc' });
  });

  it('reads what it wrote, leaving defaults out of the URL', () => {
    const state = { page: 3, perPage: 100, search: ' kiosque ', sort: 'CODE', order: 'desc' as const };
    const params = writeListState(new URLSearchParams('id=7'), state, defaults);
    expect(params.toString()).toBe('id=7&page=3&perPage=100&search=kiosque&sort=CODE&order=desc');
    expect(readListState(params, defaults)).toEqual({ ...state, search: 'kiosque' });
    expect(writeListState(params, { page: 1, perPage: 50, search: '', sort: 'NAME', order: 'asc' }, defaults).toString()).toBe('id=7');
  });

  it('keeps two lists apart with a prefix', () => {
    const params = writeListState(new URLSearchParams(), { page: 2, perPage: 50, search: '', order: 'asc' }, defaults, 'users');
    expect(params.get('users.page')).toBe('2');
    expect(readListState(params, defaults).page).toBe(1);
  });

  it('keeps search tags as a repeated parameter, cleaned and within the limits', () => {
    const params = writeListState(new URLSearchParams(), { page: 1, perPage: 50, search: '', order: 'asc', tags: ['tunis', 'or'] }, defaults);
    expect(params.toString()).toBe('tags=tunis&tags=or');
    expect(readListState(params, defaults).tags).toEqual(['tunis', 'or']);
    expect(toListQuery(readListState(params, defaults)).tags).toEqual(['tunis', 'or']);
    const messy = new URLSearchParams('tags=%20a%20&tags=&tags=a&tags=b');
    expect(readListState(messy, defaults).tags).toEqual(['a', 'b']);
    const many = new URLSearchParams(Array.from({ length: 12 }, (_, i) => ['tags', `t${i}`]));
    expect(readListState(many, defaults).tags).toHaveLength(10);
    expect(writeListState(params, { page: 1, perPage: 50, search: '', order: 'asc' }, defaults).toString()).toBe('');
    expect(toListQuery({ page: 1, perPage: 50, search: '', order: 'asc', tags: [] }).tags).toBeUndefined();
  });

  it('builds the list query', () => {
    expect(toListQuery({ page: 2, perPage: 50, search: '  ', sort: undefined, order: 'desc' })).toEqual({
      page: 2,
      perPage: 50,
      search: undefined,
      sort: undefined,
      order: undefined,
    });
  });

  it('offers the spec page sizes plus the list default', () => {
    expect(pageSizeChoices(50)).toEqual([50, 100, 150, 200, 500]);
    expect(pageSizeChoices(20, 50)).toEqual([20, 50, 100, 150, 200, 500]);
  });
});
