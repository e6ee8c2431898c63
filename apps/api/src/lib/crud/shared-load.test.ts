import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { sharedLoad } from './shared-load';

describe('sharedLoad', () => {
  it('reads once for the fields of one page, and again for another page', async () => {
    const calls: number[][] = [];
    const load = sharedLoad(async (_db, ids) => {
      calls.push(ids);
      return new Map(ids.map((id) => [id, id * 10]));
    });
    const db = {} as Db;
    const page = [1, 2];
    const [a, b] = await Promise.all([load(db, page), load(db, page)]);
    expect(a.get(2)).toBe(20);
    expect(b).toBe(a);
    expect(calls).toEqual([[1, 2]]);
    await load(db, [1, 2]);
    expect(calls).toHaveLength(2);
  });
});
