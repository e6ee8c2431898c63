import type { Db } from '../../db/client';

/**
 * One read behind several loaded fields (e.g. a client's expiring points and their date): the loaders of
 * one page are given the same array of ids, so the first field's call reads and the others reuse its
 * answer, one statement instead of one per field.
 */
export function sharedLoad<T>(read: (db: Db, ids: number[]) => Promise<T>): (db: Db, ids: number[]) => Promise<T> {
  const pending = new WeakMap<number[], Promise<T>>();
  return (db, ids) => {
    let answer = pending.get(ids);
    if (!answer) {
      answer = read(db, ids);
      pending.set(ids, answer);
    }
    return answer;
  };
}
