import { describe, expect, it } from 'vitest';
import { isEntryActive, isGroupActive } from './menu-active';

describe('the lit menu entry', () => {
  const starter = { path: '/layout/starter_gifts/conversions?dem=start' };
  const gifts = { path: '/layout/starter_gifts/conversions' };
  const list = { path: '/layout/starter_gifts' };
  const entries = [list, starter, gifts];
  const lit = (pathname: string, search = '') => entries.filter((e) => isEntryActive(e, entries, pathname, search)).map((e) => e.path);

  it('lights one of two entries opening one screen, by its query', () => {
    expect(lit('/layout/starter_gifts/conversions', '?dem=start&page=2')).toEqual([starter.path]);
    expect(lit('/layout/starter_gifts/conversions', '?page=2')).toEqual([gifts.path]);
  });

  it('keeps an entry lit below its path, never on a path that only starts alike', () => {
    expect(lit('/layout/starter_gifts')).toEqual([list.path]);
    expect(lit('/layout/starter_gifts/12')).toEqual([list.path]);
    expect(lit('/layout/starter_giftsX')).toEqual([]);
    expect(isGroupActive(entries, '/layout/starter_gifts/conversions')).toBe(true);
    expect(isGroupActive(entries, '/layout/clients')).toBe(false);
  });
});
