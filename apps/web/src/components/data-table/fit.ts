import type { ColumnDef } from './columns';

/**
 * Tables that fit. A wide list scrolls sideways under two frozen edges: its identifying
 * column stays on the left and its status and row actions on the right, so at 1366 px (and 390 px,
 * where the status is let go and scrolls: see fit.css) a row is always named and actionable.
 *
 * The identifying column is the list's first, unless a column says `identifies` (products open on their
 * position and image; their designation names them). A STATUS column at the end freezes on the right
 * beside the actions.
 */
export function identifyingIndex<Row>(columns: readonly ColumnDef<Row>[]): number {
  const flagged = columns.findIndex((c) => c.identifies);
  return flagged >= 0 ? flagged : 0;
}

export function isEndStatus<Row>(columns: readonly ColumnDef<Row>[], index: number): boolean {
  return index === columns.length - 1 && columns[index].field === 'STATUS';
}

/**
 * The classes fit.css reads on a data column's cells. The edges are held by CSS (`position: sticky`),
 * not by PrimeReact's `frozen` columns: those measure every frozen cell after each render, and a page of
 * 100 clients froze the browser for 30 seconds. On a phone the status lets go of the right edge and the
 * columns before the name are left out, so the name starts the row.
 */
export function frozenClass<Row>(columns: readonly ColumnDef<Row>[], index: number): string | undefined {
  const name = identifyingIndex(columns);
  if (index === name) return 'dt-frozen-start';
  if (index < name) return 'dt-before-name';
  if (isEndStatus(columns, index)) return 'dt-frozen-end dt-frozen-status';
  return undefined;
}

/** Joins class names, dropping the empty ones. */
export const cx = (...names: (string | false | undefined | null)[]) => names.filter(Boolean).join(' ') || undefined;
