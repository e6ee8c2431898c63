import { BULK_LISTS, bulkActionsFor } from '@app/domain';
import { Column } from 'primereact/column';
import type { ReactNode } from 'react';
import { BulkBar } from './BulkBar';
import { bulkFilter, EMPTY_SELECTION, filterKey, isSelected, pageState, type Selection, toggleRow, togglePage } from './selection';
import type { BulkConfig, BulkView } from './useBulk';
import './bulk.css';

/**
 * What a list loads on demand for its bulk actions (the domain's declarations, with their zod
 * schemas, the column and the bar weigh a few KB that every list screen would otherwise load, over
 * the bundle budget). The checkbox column appears once this module is in, usually before the first
 * page of rows. Plain functions, no hooks: the table calls them only once the module is loaded.
 */

/** The selection as the table keeps it, tagged with the filter it was made under. */
export interface KeptSelection {
  key: string;
  selection: Selection;
}

export interface BulkParts<Row> {
  column: ReactNode;
  bar: ReactNode;
  /**
   * DataTable props: the ticked rows' highlight, and no cell memo: PrimeReact redraws a body cell only
   * when its row data changes, so a ticked box would stay blank.
   */
  tableProps?: { rowClassName: (row: Row) => string | undefined; cellMemo: false };
}

export function bulkParts<Row extends { id: number }>(
  config: BulkConfig<Row>,
  view: BulkView<Row>,
  role: string | null | undefined,
  kept: KeptSelection | null,
  keep: (next: KeptSelection) => void,
): BulkParts<Row> {
  const list = BULK_LISTS[config.list];
  const actions = bulkActionsFor(list, role);
  if (actions.length === 0) return { column: null, bar: null };
  const filter = { ...bulkFilter(view.query), ...config.filter };
  const key = filterKey(filter);
  // A new filter or search: what was ticked may no longer be listed.
  const selection = kept?.key === key ? kept.selection : EMPTY_SELECTION;
  const set = (next: Selection) => keep({ key, selection: next });
  const pageIds = view.rows.map((r) => r.id);
  const state = pageState(selection, pageIds);

  const column = (
    <Column
      key="bulk-select"
      // Held at the left edge with the name column (fit.css): the ticks stay beside their rows while the rest scrolls.
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
      list={list}
      actions={actions}
      selection={selection}
      pageIds={pageIds}
      total={view.total}
      filter={filter}
      statusSet={config.statusSet}
      refreshPaths={[view.path, list.path]}
      onSelection={set}
      onDone={config.onDone}
    />
  );
  return { column, bar, tableProps: { rowClassName: (row) => (isSelected(selection, row.id) ? 'dt-row-selected' : undefined), cellMemo: false } };
}
