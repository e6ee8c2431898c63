import type { BulkListKey, StatusSet } from '@app/domain';
import { useEffect, useState } from 'react';
import { useSessionUser } from '../../lib/useSession';
import type { BulkParts, KeptSelection } from './bulk-ui';

/** A list's bulk actions: its key in the domain's BULK_LISTS, and how a row is named to a user. */
export interface BulkConfig<Row> {
  list: BulkListKey;
  /** « Sélectionner la ligne C0042 Kiosque Ennasr » reads this (client code and name, order number…). */
  rowLabel: (row: Row) => string;
  /** Options of the STATUS param (the list's status set). */
  statusSet?: StatusSet;
  /** List filters the table's path carries instead of its query (the users' tab: `status`). */
  filter?: Record<string, string>;
  /** Work after a bulk call (other caches to refresh: a bell, tab counts). */
  onDone?: () => unknown;
}

export interface BulkView<Row> {
  /** The table's API path (its queries are refreshed after a call). */
  path: string;
  rows: readonly Row[];
  total: number | undefined;
  /** The list's current query (page, sort and empty values are dropped for the bulk filter). */
  query: Record<string, unknown>;
}

type BulkUi = typeof import('./bulk-ui');
let loadedUi: BulkUi | null = null;

/**
 * Row selection and the bulk bar of a ResourceTable: the checkbox column (first) and the bar above
 * the table, from a module loaded with the first list that has bulk actions. Nothing at all when the
 * list has none or the role may run none of them (a reader sees the plain list).
 */
export function useBulk<Row extends { id: number }>(config: BulkConfig<Row> | undefined, view: BulkView<Row>): BulkParts<Row> {
  const role = useSessionUser()?.role;
  const [ui, setUi] = useState(loadedUi);
  const [kept, keep] = useState<KeptSelection | null>(null);
  const wanted = !!config && !ui;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    import('./bulk-ui')
      .then((m) => {
        loadedUi = m;
        if (live) setUi(m);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wanted]);
  return config && ui ? ui.bulkParts(config, view, role, kept, keep) : { column: null, bar: null };
}
