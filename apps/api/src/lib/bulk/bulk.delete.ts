import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { removeStored } from '../media/media.service';
import type { BulkRun } from './bulk.routes';
import { outcomeOf } from './bulk.sql';
import { rowsOf } from '../../db/rows';

/**
 * The foreign keys that stop a row of `table` from being deleted (RESTRICT / NO ACTION), read from
 * the catalogue once per table: the single delete answers 409 when one holds the row, the bulk delete
 * refuses that row and deletes the others, in one statement.
 */
const holders = new Map<string, Promise<{ tbl: string; col: string }[]>>();
function holdersOf(db: Db, table: string) {
  let found = holders.get(table);
  if (!found) {
    found = db
      .execute(sql`select c.conrelid::regclass::text as tbl, a.attname as col
        from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.confrelid = ${table}::regclass and c.confdeltype in ('r', 'a') and array_length(c.conkey, 1) = 1
        order by 1, 2`)
      .then((res) => rowsOf<{ tbl: string; col: string }>(res));
    found.catch(() => holders.delete(table));
    holders.set(table, found);
  }
  return found;
}

/** `exists (…)` for each row that still holds `alias.id` (false when nothing may hold it). */
async function inUseSql(db: Db, table: string, alias: string): Promise<SQL> {
  const list = await holdersOf(db, table);
  if (!list.length) return sql`false`;
  return sql.join(
    list.map((h) => sql`exists (select 1 from ${sql.identifier(h.tbl)} x where x.${sql.identifier(h.col)} = ${sql.raw(alias)}.id)`),
    sql` or `,
  );
}

/**
 * A bulk delete as the single delete does it: the rows `refusal` refuses (the single delete's own
 * rule, e.g. an order's status) or still in use stay, with the reason; the others are deleted with
 * their media rows in one statement, and the media files removed after the commit.
 */
export function bulkDelete(opts: { table: string; label: SQL; inUse: string; refusal?: SQL; mediaEntity?: string }): BulkRun<never> {
  return {
    run: async ({ tx, ids }) => {
      const used = await inUseSql(tx, opts.table, 'r');
      const res = await tx.execute(sql`
        with t as (select r.id, ${opts.label} as label,
                     (case when ${opts.refusal ?? sql`null::text`} is not null then ${opts.refusal ?? sql`null::text`}
                           when ${used} then ${opts.inUse}::text end) as reason
                   from ${sql.identifier(opts.table)} r where r.id = any(${sql.param(ids)}::int[]) order by r.id for update),
        d as (delete from ${sql.identifier(opts.table)} r using t where r.id = t.id and t.reason is null returning r.id)
        ${opts.mediaEntity ? sql`, m as (delete from media where entity = ${opts.mediaEntity} and entity_id in (select id from d) returning stored_name)` : sql``}
        select id, label, reason, ${opts.mediaEntity ? sql`(select coalesce(array_agg(stored_name), '{}') from m)` : sql`'{}'::text[]`} as files from t order by id`);
      const out = outcomeOf(res);
      const files = rowsOf<{ files: string[] }>(res)[0]?.files ?? [];
      return { ...out, carry: files };
    },
    after: async ({ req, carry }) => {
      const files = carry as string[];
      if (files.length) await removeStored(req.server.storage.media, files);
      return [];
    },
  };
}
