import { getTableColumns, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { type Db, readTogether } from '../../db/client';
import type { ExportColumn } from '../exports/types';
import { mediaReply } from '../replies';
import { columnSchema, type FieldDef } from './fields';
import { countExpr, type SearchTarget, sortKey } from './list-query';
import type { JoinDef, ResourceDef } from './resource';

type Row = Record<string, unknown>;

/** Structural type of a Drizzle select that can still take where/orderBy/limit/offset. */
export interface SelectBuilder<T> extends PromiseLike<T[]> {
  where(where: SQL | undefined): SelectBuilder<T>;
  orderBy(...columns: (AnyPgColumn | SQL)[]): SelectBuilder<T>;
  limit(n: number): SelectBuilder<T>;
  offset(n: number): SelectBuilder<T>;
}

/** What the generic router needs, derived once at start-up from a resource's field declarations. */
export interface CompiledResource<Dto extends { id: number }> {
  def: ResourceDef<Dto>;
  /** The select with its joins, rows keyed by API name; `where`, order and paging are added by the router. */
  select(db: Db): {
    rows: SelectBuilder<Row>;
    /**
     * The rows with `total` in one more field, PAGE_TOTAL: a page and its list's count in one statement
     * (an uncorrelated sub-select, which PostgreSQL runs once for the statement).
     */
    pageRows(total: SQL): SelectBuilder<Row>;
    count: SelectBuilder<{ n: number }>;
    ids: SelectBuilder<{ id: number }>;
    exportRows: SelectBuilder<Row>;
  };
  /** Turns a row of `select().rows` into the DTO, in place (the row is not to be used after). */
  toDto(row: Row): Dto;
  /**
   * Turns a row of `select().exportRows` into the part of the DTO the export columns read, in place.
   * An export selects only those fields: a client row has 70, its export 20, and reading the other 50
   * took 60 % of a 100,000-row export's database time.
   */
  toExportDto(row: Row): Dto;
  /** Fills the loaded fields the export columns read (none for most resources). */
  loadExport(db: Db, dtos: Dto[]): Promise<void>;
  /** Parsed (possibly partial) body → column values keyed by the table's Drizzle properties. */
  toValues(body: Row): Row;
  richText: string[];
  searchTargets: SearchTarget[];
  sortable: Record<string, AnyPgColumn | SQL>;
  exportColumns: ExportColumn<Dto>[];
  /** Fills the fields that come from other tables, for a page of DTOs at once. */
  load(db: Db, dtos: Dto[]): Promise<void>;
  /** Reply schema of one item (the DTO). */
  dto: z.ZodObject;
  /** Drizzle property of the position column, when the list is ordered by hand. */
  positionKey?: string;
  /** Drizzle property of one of the table's own columns (insert and update values are keyed by it). */
  propertyOf(column: AnyPgColumn): string;
}

const isColumn = (c: AnyPgColumn | SQL): c is AnyPgColumn => !(c instanceof SQL);

/** The field of `pageRows` that holds the list's total (no API field starts with two underscores). */
export const PAGE_TOTAL = '__total';

/** Drizzle property name of each of a table's columns (insert and update values use them). */
function propertyNames(table: PgTable): Map<AnyPgColumn, string> {
  return new Map(Object.entries(getTableColumns(table)).map(([key, col]) => [col as AnyPgColumn, key]));
}

export function compileResource<Dto extends { id: number }>(def: ResourceDef<Dto>): CompiledResource<Dto> {
  const own = propertyNames(def.table);
  const bodyKeys = new Set(Object.keys(def.body.shape));
  const leftJoined = new Set((def.joins ?? []).filter((j) => j.kind === 'left').map((j) => j.table));
  const fields = def.fields as readonly FieldDef<Dto>[];

  const seen = new Set<string>(['id', 'ID', 'MEDIA']);
  for (const f of fields) {
    if (seen.has(f.api)) throw new Error(`${def.path} : champ ${f.api} déclaré deux fois`);
    seen.add(f.api);
  }

  const stored = fields.filter((f) => f.column !== undefined) as (FieldDef<Dto> & { column: AnyPgColumn | SQL })[];
  const withRead = stored.filter((f) => f.read);
  const readKeys = withRead.map((f) => f.api as string);
  const reads = withRead.map((f) => f.read!);
  const loaded = fields.filter((f) => f.load);
  const writable = stored.filter((f) => bodyKeys.has(f.api) && isColumn(f.column) && own.has(f.column));
  const selection: Record<string, AnyPgColumn | SQL> = { id: def.idColumn };
  for (const f of stored) selection[f.api] = f.column;

  // What an export reads: its columns' fields and those their formats name in `uses`.
  const exportOf = (f: FieldDef<Dto>) => (f.export === true ? {} : f.export);
  for (const f of fields) {
    const spec = exportOf(f);
    if (spec?.format && spec.format.length > 1 && !spec.uses) {
      throw new Error(`${def.path} : le format d'export de ${f.api} lit d'autres champs, nommez-les dans uses`);
    }
  }
  const exported = new Set(fields.filter((f) => f.export).flatMap((f) => [f.api as string, ...(exportOf(f)!.uses ?? [])]));
  const exportSelection: Record<string, AnyPgColumn | SQL> = { id: def.idColumn };
  for (const f of stored) if (exported.has(f.api)) exportSelection[f.api] = f.column;
  const exportReadKeys = readKeys.filter((k) => exported.has(k));
  const exportReads = withRead.filter((f) => exported.has(f.api)).map((f) => f.read!);
  const exportLoaded = loaded.filter((f) => exported.has(f.api));

  type Joinable = { innerJoin(t: PgTable, on: SQL): Joinable; leftJoin(t: PgTable, on: SQL): Joinable; $dynamic(): unknown };
  const withJoins = (query: unknown, joins: readonly JoinDef[] = def.joins ?? []) => {
    let q = query as Joinable;
    for (const j of joins) q = j.kind === 'left' ? q.leftJoin(j.table, j.on) : q.innerJoin(j.table, j.on);
    return q.$dynamic() as never;
  };
  // A left join to a row by its key, or a `one` join, never changes how many rows there are: the count
  // skips it unless the search reads one of its columns directly (or an expression whose tables are
  // unknown). At a million orders, counting without the clients join takes a third of the time.
  const searchedTables = new Set(
    stored.filter((f) => f.search === true).map((f) => (isColumn(f.column) ? (f.column as unknown as { table: PgTable }).table : null)),
  );
  const countJoins = (def.joins ?? []).filter((j) => j.kind === 'inner' || j.kind === undefined || searchedTables.has(j.table) || searchedTables.has(null));

  const shape: Record<string, z.ZodType> = { id: z.number().int(), ID: z.number().int() };
  for (const f of fields) {
    const column = f.column;
    if (!column || !isColumn(column)) {
      if (!f.schema) throw new Error(`${def.path} : le champ calculé ${f.api} doit donner son schéma`);
      shape[f.api] = f.schema;
      continue;
    }
    const table = (column as unknown as { table: PgTable }).table;
    const nullable = !column.notNull || leftJoined.has(table);
    shape[f.api] = f.schema ? (nullable ? f.schema.nullable() : f.schema) : columnSchema(column, nullable);
  }
  if (def.media) shape.MEDIA = def.media.multiple ? z.array(mediaReply) : mediaReply.nullable();

  const sortable: Record<string, AnyPgColumn | SQL> = { id: def.idColumn };
  for (const f of stored) {
    if (f.sort === true) sortable[f.api] = f.column;
    else if (f.sort === 'text') sortable[f.api] = sortKey(f.column as AnyPgColumn);
    else if (f.sort) sortable[f.api] = f.sort;
  }

  /** The row becomes the DTO in place: only the fields with a `read` change (copying a client's 70 keys cost 6 µs a row). */
  const inPlace = (row: Row, keys: string[], fns: ((v: unknown) => unknown)[]) => {
    for (let i = 0; i < keys.length; i++) row[keys[i]] = fns[i](row[keys[i]]);
    row.ID = row.id;
    if (def.media) row.MEDIA = def.media.multiple ? [] : null;
    return row as unknown as Dto;
  };
  const loadInto = async (db: Db, dtos: Dto[], which: typeof loaded) => {
    if (!which.length || !dtos.length) return;
    const ids = dtos.map((d) => d.id);
    // The loaders are independent reads: sent together, they cost one round-trip.
    const all = await readTogether(
      db,
      which.map((f) => () => f.load!(db, ids)),
    );
    which.forEach((f, i) => {
      for (const d of dtos) (d as Row)[f.api] = f.read ? f.read(all[i].get(d.id)) : (all[i].get(d.id) ?? null);
    });
  };

  const exportColumns: ExportColumn<Dto>[] = fields
    .filter((f) => f.export)
    .map((f) => {
      const { header: own, width, format } = exportOf(f)!;
      const key = f.api;
      const header = own ?? (def.meta.labels as Record<string, string | undefined>)[key];
      if (!header) throw new Error(`${def.path} : la colonne d'export ${key} n'a pas de libellé (meta.labels du domaine)`);
      return { header, width, value: (d: Dto) => (format ? format(d[key], d) : (d[key] as string | number | null)) };
    });
  if (def.media?.export) {
    const { header, width } = def.media.export;
    const first = (m: unknown) => (Array.isArray(m) ? m[0] : m) as { file_name: string } | null | undefined;
    exportColumns.push({ header, width, value: (d) => first((d as { MEDIA?: unknown }).MEDIA)?.file_name ?? '' });
  }

  return {
    def,
    select: (db) => ({
      rows: withJoins(db.select(selection).from(def.table)),
      pageRows: (total) => withJoins(db.select({ ...selection, [PAGE_TOTAL]: sql`${total}`.mapWith(Number) }).from(def.table)),
      count: withJoins(db.select({ n: countExpr }).from(def.table), countJoins),
      ids: withJoins(db.select({ id: def.idColumn }).from(def.table)),
      exportRows: withJoins(db.select(exportSelection).from(def.table)),
    }),
    toDto: (row) => inPlace(row, readKeys, reads),
    toExportDto: (row) => inPlace(row, exportReadKeys, exportReads),
    toValues: (body) => {
      const values: Row = {};
      for (const f of writable) {
        const v = body[f.api];
        if (v !== undefined) values[own.get(f.column as AnyPgColumn)!] = f.write ? f.write(v) : v;
      }
      return values;
    },
    richText: fields.filter((f) => f.richText).map((f) => f.api),
    searchTargets: stored.filter((f) => f.search).map((f) => (f.search === true ? f.column : f.search!)),
    load: (db, dtos) => loadInto(db, dtos, loaded),
    loadExport: (db, dtos) => loadInto(db, dtos, exportLoaded),
    sortable,
    exportColumns,
    dto: z.object(shape),
    positionKey: def.position ? own.get(def.position) : undefined,
    propertyOf: (column) => {
      const key = own.get(column);
      if (!key) throw new Error(`${def.path} : la colonne ${column.name} n'est pas de la table de la ressource`);
      return key;
    },
  };
}
