import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * The next number of a kind for the current year (Africa/Tunis), taken in the caller's transaction:
 * the counter row's lock serialises concurrent takers, and a rolled-back transaction gives its
 * number back, so numbers stay sequential, unique and without gaps.
 */
export async function nextNumber(tx: Db, kind: string): Promise<{ year: number; seq: number }> {
  const [row] = rowsOf<{ year: number; last: number }>(
    await tx.execute(sql`
      insert into number_sequences (kind, year, last)
      values (${kind}, extract(year from now() at time zone 'Africa/Tunis')::smallint, 1)
      on conflict (kind, year) do update set last = number_sequences.last + 1
      returning year, last`),
  );
  return { year: Number(row.year), seq: Number(row.last) };
}

/** `count` consecutive numbers of a kind for the current year, in one statement: the first and the year. */
export async function nextNumbers(tx: Db, kind: string, count: number): Promise<{ year: number; first: number }> {
  const [row] = rowsOf<{ year: number; last: number }>(
    await tx.execute(sql`
      insert into number_sequences (kind, year, last)
      values (${kind}, extract(year from now() at time zone 'Africa/Tunis')::smallint, ${count}::int)
      on conflict (kind, year) do update set last = number_sequences.last + ${count}::int
      returning year, last`),
  );
  return { year: Number(row.year), first: Number(row.last) - count + 1 };
}
