import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { ExportCell } from '../exports/types';

/**
 * One field of a plain resource, declared once: its API name and column, and what the generic
 * router derives from them (body → column values, row → DTO, reply schema, search, sort, export).
 */
export interface FieldDef<Dto> {
  /** API name, as the spec writes it (NAME, CIRCUIT_NAME, position…). */
  api: keyof Dto & string;
  /**
   * The resource table's column, a joined table's column for a display field (a circuit's name), or
   * an SQL expression for a figure read at query time (give its `schema`; never written).
   */
  column?: AnyPgColumn | SQL;
  /**
   * A value from other tables (a client's user ids…): loaded for a page of rows in one query, by id.
   * Such a field has no column; give its `schema`.
   */
  load?: (db: Db, ids: number[]) => Promise<Map<number, unknown>>;
  /**
   * Column value → API value, and back for writes (e.g. smallint flags sent as 0 | 1). With `read`,
   * give `schema` too: the column's own type no longer describes the reply.
   */
  read?: (value: unknown) => unknown;
  write?: (value: unknown) => unknown;
  /** Reply schema of the field when the column type does not say it. */
  schema?: z.ZodType;
  /** HTML from the rich-text editor: cleaned with the allowlist of lib/rich-text.ts before storage. */
  richText?: boolean;
  /**
   * Matched by the list's search box: `true` for ILIKE on the column (give it a trigram index), or a
   * builder for a condition through a sub-select (a joined name keeps its own table's index usable).
   */
  search?: true | ((pattern: string) => SQL);
  /** Sortable: `true` on the raw column, 'text' on the accent- and case-insensitive key, or an expression. */
  sort?: true | 'text' | SQL;
  /**
   * A column of the CSV/XLSX/PDF export; `format` turns the API value into the cell. An export reads
   * only its own columns' fields: a `format` that looks at other fields of the DTO names them in `uses`
   * (compileResource refuses a two-argument format without it). The header is the field's label in the
   * domain metadata (`meta.labels`, the list column's words too): `true` exports the field under it;
   * a `header` of its own is for an export that needs other words (a unit, the time zone of a raw date).
   */
  export?: true | { header?: string; width?: number; format?: (value: unknown, dto: Dto) => ExportCell; uses?: readonly (keyof Dto & string)[] };
}

/** 0/1 flags stored as smallint: the API only ever says 0 or 1. */
export const flag01Field = {
  read: (v: unknown) => (v === 1 ? 1 : 0),
  schema: z.union([z.literal(0), z.literal(1)]),
} satisfies Partial<FieldDef<unknown>>;

/** numeric(14,3) money: sent as a JSON number (exact to the millime), received as decimal text. */
export const moneyField = {
  read: (v: unknown) => (v == null ? null : Number(v)),
  schema: z.number(),
} satisfies Partial<FieldDef<unknown>>;

/** timestamptz: sent as ISO 8601 text. */
export const dateTimeField = {
  read: (v: unknown) => (v == null ? null : new Date(v as string).toISOString()),
  schema: z.string(),
} satisfies Partial<FieldDef<unknown>>;

export const yesNo = (v: unknown) => (v ? 'Oui' : 'Non');
export const orEmpty = (v: unknown) => (v == null ? '' : (v as ExportCell));

/** Reply schema from the column's SQL type; a type without an obvious JSON form must say its own. */
export function columnSchema(column: AnyPgColumn, nullable: boolean): z.ZodType {
  let base: z.ZodType;
  switch (column.columnType) {
    case 'PgSerial':
    case 'PgInteger':
    case 'PgSmallInt':
    case 'PgSmallSerial':
    case 'PgBigInt53':
      base = z.number().int();
      break;
    case 'PgVarchar':
    case 'PgText':
    case 'PgChar':
      base = z.string();
      break;
    case 'PgDateString':
      base = z.string();
      break;
    case 'PgBoolean':
      base = z.boolean();
      break;
    default:
      throw new Error(`Colonne ${column.name} (${column.columnType}) : donnez le schéma de réponse du champ.`);
  }
  return nullable ? base.nullable() : base;
}
