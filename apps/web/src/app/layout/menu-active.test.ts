import { hrefFor } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { isEntryActive, isGroupActive } from './menu-active';

describe('the lit menu entry', () => {
  const starter = { path: hrefFor('starter-gift-conversions', {}, { dem: 'start' }) };
  const gifts = { path: hrefFor('starter-gift-conversions') };
  const list = { path: hrefFor('starter-gifts') };
  const entries = [list, starter, gifts];
  const lit = (pathname: string, search = '') => entries.filter((e) => isEntryActive(e, entries, pathname, search)).map((e) => e.path);

  it('lights one of two entries opening one screen, by its query', () => {
    expect(lit(hrefFor('starter-gift-conversions'), '?dem=start&page=2')).toEqual([starter.path]);
    expect(lit(hrefFor('starter-gift-conversions'), '?page=2')).toEqual([gifts.path]);
  });

  it('keeps an entry lit below its path, never on a path that only starts alike', () => {
    expect(lit(hrefFor('starter-gifts'))).toEqual([list.path]);
    expect(lit('/layout/starter_gifts/12')).toEqual([list.path]);
    expect(lit('/layout/starter_giftsX')).toEqual([]);
    expect(isGroupActive(entries, hrefFor('starter-gift-conversions'))).toBe(true);
    expect(isGroupActive(entries, '/layout/clients')).toBe(false);
  });
});
