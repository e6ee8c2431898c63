import { matchHeader, SYNC_DEFS, SYNC_MSG, type SyncKind, type SyncRejection, syncRowValidator } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { detectDelimiter, inspectFile, type OpenFile, readCsv } from './csv-reader';
import { rowsOf } from '../../db/rows';

type CsvKind = Exclude<SyncKind, 'images'>;
/** Rows per staging statement: one JSON parameter each (json_to_recordset), whatever the column count. */
const BATCH = 5000;

export interface Staged {
  sha256: string;
  /** Data rows read (header excluded). */
  total: number;
  /** CSV columns the file has (canonical names). */
  present: Set<string>;
}

const col = (name: string) => name.toLowerCase();

/** Rejections of this run, gathered in `sync_reject` (line, field, message). */
export async function reject(tx: Db, rows: SyncRejection[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const json = JSON.stringify(rows.slice(i, i + BATCH));
    await tx.execute(
      sql`insert into sync_reject (line, field, message) select line, field, message from json_to_recordset(${json}::json) as x(line int, field text, message text)`,
    );
  }
}

/**
 * Reads the file as a stream, checks every row with the domain's rules and stages the good ones in
 * the temporary table `sync_stage` (one text column per CSV column) by batches of one statement;
 * bad rows, a missing column, an unreadable file go to `sync_reject`. Both tables live until the
 * end of the caller's transaction.
 */
export async function stageCsv(tx: Db, kind: CsvKind, file: OpenFile, progress: (done: number, total: number) => void): Promise<Staged> {
  const def = SYNC_DEFS[kind];
  const info = await inspectFile(file);
  const delimiter = detectDelimiter(info.firstLine);
  const columns = def.columns.map((c) => col(c.name));
  await tx.execute(sql.raw(`create temp table sync_stage (line int not null, ${columns.map((c) => `"${c}" text`).join(', ')}) on commit drop`));
  await tx.execute(sql.raw('create temp table sync_reject (line int not null, field text not null, message text not null) on commit drop'));
  const recordset = `x(line int, ${columns.map((c) => `"${c}" text`).join(', ')})`;
  // One batch in flight while the next is read and checked: the database and the parser work at once.
  let inFlight: Promise<unknown> = Promise.resolve();
  const insertBatch = async (rows: Record<string, unknown>[]) => {
    await inFlight;
    if (!rows.length) return;
    // Drizzle's query runs each time it is awaited: Promise.resolve makes it run once.
    inFlight = Promise.resolve(tx.execute(sql`insert into sync_stage select * from json_to_recordset(${JSON.stringify(rows)}::json) as ${sql.raw(recordset)}`));
    // Its failure is seen by the next await; a rejection is never left unhandled meanwhile.
    inFlight.catch(() => {});
  };

  const required = new Set(def.columns.filter((c) => c.required).map((c) => c.name));
  const check = syncRowValidator(kind);
  let names: (string | null)[] | null = null;
  const present = new Set<string>();
  let total = 0;
  let read = 0;
  let batch: Record<string, unknown>[] = [];
  let rejections: SyncRejection[] = [];
  try {
    for await (const rec of readCsv(file, info.encoding, delimiter, (n) => {
      read += n;
    })) {
      if (!names) {
        const header = matchHeader(kind, rec.cells);
        if (header.missing.length) {
          await reject(
            tx,
            header.missing.map((m) => ({ line: rec.line, field: m, message: SYNC_MSG.missingColumn(m) })),
          );
          return { sha256: info.sha256, total: 0, present };
        }
        names = header.names;
        for (const n of names) if (n) present.add(n);
        continue;
      }
      total++;
      const cells: Record<string, string> = {};
      for (let i = 0; i < names.length; i++) {
        const n = names[i];
        const v = rec.cells[i];
        // An empty cell of an optional column is "no value" (null); a required one stays empty and is refused.
        if (n && v !== undefined && (v.trim() !== '' || required.has(n))) cells[n] = v;
      }
      const checked = check(cells);
      if (!checked.ok) {
        for (const e of checked.errors) rejections.push({ line: rec.line, field: e.field, message: e.message });
        if (rejections.length >= BATCH) {
          await reject(tx, rejections);
          rejections = [];
        }
        continue;
      }
      const row: Record<string, unknown> = { line: rec.line };
      for (const c of def.columns) {
        const v = checked.value[c.name];
        row[col(c.name)] = v === null || v === undefined ? null : String(v);
      }
      batch.push(row);
      if (batch.length >= BATCH) {
        await insertBatch(batch);
        batch = [];
        progress(read, info.size);
      }
    }
  } catch (err) {
    // csv-parse's own errors (an unclosed quote…) name the line: the file is refused, not the server.
    const e = err as { code?: string; message?: string; lines?: number };
    if (!e.code?.startsWith('CSV_')) throw err;
    rejections.push({ line: e.lines ?? 0, field: '', message: SYNC_MSG.badCsv(e.message ?? '') });
  }
  await insertBatch(batch);
  await inFlight;
  await reject(tx, rejections);
  if (!names || total === 0) await reject(tx, [{ line: 1, field: '', message: SYNC_MSG.noRows }]);
  progress(info.size, info.size);
  return { sha256: info.sha256, total, present };
}

/**
 * A second row with the same natural key as an earlier one is refused, naming the first. Keys are
 * grouped by hashing (no sort of the whole file); the rows are read again only for repeated keys.
 */
export async function rejectDuplicates(tx: Db, kind: CsvKind) {
  const keys = SYNC_DEFS[kind].key.map((k) => `lower(${col(k)})`);
  const template = SYNC_MSG.duplicate(-1);
  const match = SYNC_DEFS[kind].key.map((k, i) => `lower(s.${col(k)}) = d.k${i}`).join(' and ');
  await tx.execute(sql`insert into sync_reject (line, field, message)
    select s.line, ${SYNC_DEFS[kind].key[0]}, replace(${template}, '-1', d.first::text)
    from (select ${sql.raw(keys.map((k, i) => `${k} as k${i}`).join(', '))}, min(line) as first
          from sync_stage group by ${sql.raw(keys.join(', '))} having count(*) > 1) d
    join sync_stage s on ${sql.raw(match)} and s.line <> d.first`);
}

/** Every rejection of the run: the count, and the first `keep` by line. */
export async function rejections(tx: Db, keep: number): Promise<{ count: number; rows: SyncRejection[] }> {
  const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(distinct line)::int as n from sync_reject`));
  const rows = rowsOf<SyncRejection>(await tx.execute(sql`select line, field, message from sync_reject order by line, field limit ${keep}`));
  return { count: Number(n), rows: rows.map((r) => ({ line: Number(r.line), field: r.field, message: r.message })) };
}
