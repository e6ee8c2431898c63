import { formatDate, formatDateTime, formatMoney } from '@app/domain';
import type { ReactNode } from 'react';

/**
 * Column definitions are plain data: a list screen says which reply field to show, under which
 * header, and how (the kind). Only `custom` columns carry a render function.
 */
export type CellKind = 'text' | 'money' | 'date' | 'datetime' | 'image' | 'checkbox' | 'switch' | 'custom';

/** A field of an object-valued field of the row, as `MEDIA.original_url` or `MEDIA.0.original_url` (a list): the replies nest no deeper. */
type NestedField<Row, K extends keyof Row & string> =
  NonNullable<Row[K]> extends readonly (infer Item)[]
    ? `${K}.${number}.${keyof NonNullable<Item> & string}`
    : NonNullable<Row[K]> extends object
      ? `${K}.${keyof NonNullable<Row[K]> & string}`
      : never;

/**
 * A field of the reply row, or a dotted path into one of its objects: a typo does not compile. A row
 * that is one of several types (a conversion) may name a field of any of them.
 */
export type ColumnField<Row> = Row extends unknown
  ? string extends keyof Row
    ? string
    : { [K in keyof Row & string]: K | NestedField<Row, K> }[keyof Row & string]
  : never;

export interface ColumnDef<Row = Record<string, unknown>> {
  /** Field of the reply row; a dotted path reads nested objects (`MEDIA.original_url`). */
  field: ColumnField<Row>;
  header: string;
  /** How the cell is drawn; `text` when absent. */
  kind?: CellKind;
  sortable?: boolean;
  /** Server sort key when it is not `field` (the API sorts by reply field names; see the domain's `meta.sortable`). */
  sortKey?: keyof Row & string;
  /** CSS width, e.g. '6rem'. */
  width?: string;
  /** Only for `custom` columns. */
  render?: (row: Row) => ReactNode;
}

export function readField(row: unknown, path: string): unknown {
  let cur: unknown = row;
  for (const part of path.split('.')) {
    if (cur == null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** The text of a formatted cell (text, money, date, datetime); empty for missing values. */
export function cellText(col: Pick<ColumnDef, 'field' | 'kind'>, row: unknown): string {
  const v = readField(row, col.field);
  if (v == null || v === '') return '';
  switch (col.kind ?? 'text') {
    case 'money':
      return formatMoney(v as number | string);
    case 'date':
      return formatDate(v as string);
    case 'datetime':
      return formatDateTime(v as string);
    default:
      return String(v);
  }
}

export const isToggleKind = (kind: CellKind | undefined) => kind === 'checkbox' || kind === 'switch';

/** The API stores flags as 0/1; forms may hold booleans. */
export const isOn = (v: unknown) => v === 1 || v === true || v === '1';

/** The value an inline toggle sends: the API's 0/1. */
export const toggled = (current: unknown): 0 | 1 => (isOn(current) ? 0 : 1);

export const sortKeyOf = (col: Pick<ColumnDef, 'field' | 'sortKey'>) => col.sortKey ?? col.field;

/** The column a server sort key belongs to, so PrimeReact can draw the sort arrow on it. */
export function columnForSort<Row>(columns: ColumnDef<Row>[], sort: string | undefined): ColumnDef<Row> | undefined {
  return sort ? columns.find((c) => c.sortable && sortKeyOf(c) === sort) : undefined;
}

/** A sort key from the URL is only sent if a sortable column owns it (the URL is user input). */
export function isKnownSort<Row>(columns: ColumnDef<Row>[], sort: string | undefined, extra: string[] = []): boolean {
  return !!sort && (extra.includes(sort) || !!columnForSort(columns, sort));
}

/** What a list's columns need to know of its resource's metadata (@app/domain `ResourceMeta`). */
interface SortMeta {
  path: string;
  sortable: readonly string[];
  defaultSort: { field: string };
}

/**
 * Where a list's columns disagree with the API's sort keys (the domain metadata's `sortable`, plus
 * `id`): a sortable column the server would not sort on, or a default sort it does not know. The
 * columns tests expect none.
 */
export function sortKeyProblems<Row>(columns: readonly ColumnDef<Row>[], meta: SortMeta): string[] {
  const keys = new Set(['id', ...meta.sortable]);
  const problems = columns.filter((c) => c.sortable && !keys.has(sortKeyOf(c))).map((c) => `${meta.path}: la colonne ${c.field} trie sur ${sortKeyOf(c)}, que l'API ne trie pas`);
  if (!keys.has(meta.defaultSort.field)) problems.push(`${meta.path}: le tri par défaut ${meta.defaultSort.field} n'est pas triable`);
  return problems;
}
