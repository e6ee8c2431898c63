import { type SQL, sql } from 'drizzle-orm';

/**
 * A status code, or a list of them, written into a raw statement from the domain's named codes
 * (`o.status in ${sqlCodes(ORDER_POINTS_STATUSES)}`, `status = ${sqlCode(VOUCHER_CODES.USED)}`), never
 * as a number typed into the SQL: test/code/status-literals.test.ts refuses those. Literals rather
 * than parameters, so the planner still matches a partial index written on the same predicate.
 */
export function sqlCode(code: number): SQL {
  if (!Number.isSafeInteger(code)) throw new Error(`not a status code: ${code}`);
  return sql.raw(String(code));
}

/** A parenthesised list of codes, for `in`: `(2, 4)`. */
export function sqlCodes(codes: readonly number[]): SQL {
  if (!codes.length || !codes.every(Number.isSafeInteger)) throw new Error(`not a list of status codes: ${codes.join(', ')}`);
  return sql.raw(`(${codes.join(', ')})`);
}
