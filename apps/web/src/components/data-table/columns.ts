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
  /** The column that names a row, frozen on the left of a wide list (default: the first; see fit.ts). */
  identifies?: boolean;
}

/** A column as a screen declares it: its header is its field's label in the domain metadata unless it says its own. */
export type LabelledColumn<Row> = Omit<ColumnDef<Row>, 'header'> & { header?: string };

/** What `withLabels` reads of a resource's domain metadata. */
export interface LabelSource {
  readonly path: string;
  readonly labels: { readonly [field: string]: string | undefined };
  /** The keys the API sorts this list on: a column of one of them sorts, unless it says `sortable: false`. */
  readonly sortable?: readonly string[];
}

/**
 * The list's columns with their headers and their sorting: each field's label is written once, in the
 * domain's resource metadata (`meta.labels`), which the API's export headers read too, and a column
 * sorts when its field is one of the metadata's `sortable` keys, which the API's sort keys equal. A column gives its own
 * `header` only where the screen needs other words (a header that carries the year). A column with
 * neither fails when the module loads, so the columns tests name it.
 */
export function withLabels<Row>(meta: LabelSource, columns: readonly LabelledColumn<Row>[]): ColumnDef<Row>[] {
  return columns.map((c) => {
    const header = c.header ?? meta.labels[c.field];
    if (header === undefined) throw new Error(`${meta.path} : la colonne ${c.field} n'a pas de libellé (meta.labels du domaine)`);
    const sortable = c.sortable ?? meta.sortable?.includes(c.sortKey ?? c.field);
    return sortable === undefined ? { ...c, header } : { ...c, header, sortable };
  });
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
  const problems = columns
    .filter((c) => c.sortable && !keys.has(sortKeyOf(c)))
    .map((c) => `${meta.path}: la colonne ${c.field} trie sur ${sortKeyOf(c)}, que l'API ne trie pas`);
  if (!keys.has(meta.defaultSort.field)) problems.push(`${meta.path}: le tri par défaut ${meta.defaultSort.field} n'est pas triable`);
  return problems;
}

/**
 * Columns whose header is not their field's label in the domain metadata (the export's header too):
 * a screen that needs other words for a field says so in its metadata, not in a column.
 */
export function labelProblems<Row>(columns: readonly ColumnDef<Row>[], meta: LabelSource): string[] {
  return columns
    .filter((c) => meta.labels[c.field] !== undefined && meta.labels[c.field] !== c.header)
    .map((c) => `${meta.path}: la colonne ${c.field} s'intitule « ${c.header} », son libellé est « ${meta.labels[c.field]} »`);
}
