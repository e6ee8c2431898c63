import { describe, expect, it } from 'vitest';
import { canReorder, mergePageOrder } from './reorder';

describe('drag reorder', () => {
  it('replaces the page slice in the full order', () => {
    expect(mergePageOrder([1, 2, 3, 4, 5, 6], [4, 3], 2)).toEqual([1, 2, 4, 3, 5, 6]);
    expect(mergePageOrder([1, 2, 3], [3, 1, 2], 0)).toEqual([3, 1, 2]);
  });

  it('keeps ids that moved meanwhile and clamps the offset', () => {
    expect(mergePageOrder([1, 2, 3], [9, 3], 10)).toEqual([1, 2, 9, 3]);
  });

  it('is offered only on the plain position order', () => {
    expect(canReorder({ search: '', sort: 'position', order: 'asc' }, 'position')).toBe(true);
    expect(canReorder({ search: 'a', sort: 'position', order: 'asc' }, 'position')).toBe(false);
    expect(canReorder({ search: '', sort: 'NAME', order: 'asc' }, 'position')).toBe(false);
    expect(canReorder({ search: '', sort: 'position', order: 'desc' }, 'position')).toBe(false);
  });
});
