import { STATUS_MSG, type StatusSet } from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';

/**
 * A row's refusal of a status move, in SQL, from the status set's one rule (lib/status-rule.ts):
 * the same status again is « déjà », a start the workflow does not allow is « non autorisé »; null
 * where the move is allowed. `allowedFrom` is the statuses the move may start from (the set's rule,
 * narrowed by the caller's role rule where the single action narrows it).
 */
export function statusRefusalSql(set: StatusSet, column: SQL, to: number, allowedFrom: readonly number[]): SQL {
  const cases = set.codes
    .filter((from) => from !== to && !allowedFrom.includes(from))
    .map((from) => sql`when ${column} = ${from}::int then ${STATUS_MSG.notAllowed(set, from, to)}::text`);
  const allowed = allowedFrom.filter((c) => c !== to);
  return sql`(case when ${column} = ${to}::int then ${STATUS_MSG.already(set, to)}::text
    ${allowed.length ? sql`when ${column} = any(${sql.param(allowed)}::int[]) then null::text` : sql``}
    ${sql.join(cases, sql` `)} else null::text end)`;
}

/** A flag's refusal: the row already has the value (« Déjà actif. »). */
export const alreadySql = (column: SQL, value: number, message: string): SQL => sql`(case when ${column} = ${value}::int then ${message}::text end)`;

/** The rows of a bulk statement's result. */

/**
 * The refused and changed rows of a bulk statement whose final select gives `id`, `label`, `reason`
 * (reason null: the row was changed).
 */
export function outcomeOf(res: unknown): { changed: number[]; refused: { id: number; label: string; reason: string }[] } {
  const changed: number[] = [];
  const refused: { id: number; label: string; reason: string }[] = [];
  for (const r of rowsOf<{ id: number; label: string | null; reason: string | null }>(res)) {
    if (r.reason == null) changed.push(Number(r.id));
    else refused.push({ id: Number(r.id), label: r.label ?? '', reason: r.reason });
  }
  return { changed, refused };
}
