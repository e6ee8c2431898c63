import { type BulkList, bulkActionsFor, type StatusSet } from '@app/domain';
import { Column } from 'primereact/column';
import { type ReactNode, useMemo, useState } from 'react';
import { useSessionUser } from '../../lib/useSession';
import { BulkBar } from './BulkBar';
import { bulkFilter, EMPTY_SELECTION, filterKey, isSelected, pageState, type Selection, toggleRow, togglePage } from './selection';

/** A list's bulk actions: the domain's declaration of the list, and how a row is named to a user. */
export interface BulkConfig<Row> {
  list: BulkList;
  /** « Sélectionner la ligne C0042 Kiosque Ennasr » reads this (client code and name, order number…). */
  rowLabel: (row: Row) => string;
  /** Options of the STATUS param (the list's status set). */
  statusSet?: StatusSet;
  /** List filters the table's path carries instead of its query (the users' tab: `status`). */
  filter?: Record<string, string>;
  /** Work after a bulk call (other caches to refresh: a bell, tab counts). */
  onDone?: () => unknown;
}

interface ListView<Row> {
  /** The table's API path (its queries are refreshed after a call). */
  path: string;
  rows: readonly Row[];
  total: number | undefined;
  /** The list's current query (page, sort and empty values are dropped for the bulk filter). */
  query: Record<string, unknown>;
}

/**
 * Row selection and the bulk bar of a ResourceTable: the checkbox column (first) and the bar above
 * the table. Nothing at all when the list has no bulk declaration or the role may run none of its
 * actions (a reader sees the plain list).
 */
export function useBulk<Row extends { id: number }>(config: BulkConfig<Row> | undefined, view: ListView<Row>): { column: ReactNode; bar: ReactNode; rowClassName?: (row: Row) => string | undefined } {
  const role = useSessionUser()?.role;
  const actions = useMemo(() => (config ? bulkActionsFor(config.list, role) : []), [config, role]);
  const filter = useMemo(() => ({ ...bulkFilter(view.query), ...config?.filter }), [view.query, config?.filter]);
  const key = filterKey(filter);
  const [sel, setSel] = useState<{ key: string; selection: Selection }>({ key, selection: EMPTY_SELECTION });
  // A new filter or search: what was ticked may no longer be listed.
  const selection = sel.key === key ? sel.selection : EMPTY_SELECTION;
  const set = (next: Selection) => setSel({ key, selection: next });

  if (!config || actions.length === 0) return { column: null, bar: null };
  const pageIds = view.rows.map((r) => r.id);
  const state = pageState(selection, pageIds);

  const column = (
    <Column
      key="bulk-select"
      headerClassName="dt-select"
      bodyClassName="dt-select"
      header={
        <input
          type="checkbox"
          className="dt-check"
          aria-label="Sélectionner cette page"
          title="Sélectionner cette page"
          checked={state === 'all'}
          disabled={pageIds.length === 0}
          ref={(el) => {
            if (el) el.indeterminate = state === 'some';
          }}
          onChange={(e) => set(togglePage(selection, pageIds, e.target.checked))}
        />
      }
      body={(row: Row) => (
        <input
          type="checkbox"
          className="dt-check"
          aria-label={`Sélectionner la ligne ${config.rowLabel(row)}`}
          checked={isSelected(selection, row.id)}
          onChange={(e) => set(toggleRow(selection, row.id, e.target.checked, pageIds))}
        />
      )}
    />
  );

  const bar = (
    <BulkBar
      list={config.list}
      actions={actions}
      selection={selection}
      pageIds={pageIds}
      total={view.total}
      filter={filter}
      statusSet={config.statusSet}
      refreshPaths={[view.path, config.list.path]}
      onSelection={set}
      onDone={config.onDone}
    />
  );
  return { column, bar, rowClassName: (row) => (isSelected(selection, row.id) ? 'dt-row-selected' : undefined) };
}
