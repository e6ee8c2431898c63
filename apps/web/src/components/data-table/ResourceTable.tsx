import type { ExportFormat } from '@app/domain';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable, type DataTablePageEvent, type DataTableSortEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import type { PaginatorTemplateOptions } from 'primereact/paginator';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef } from 'react';
import { api } from '../../lib/api';
import { renderCell } from './cells';
import { exportList } from './export-job';
import { type ColumnDef, isKnownSort, isToggleKind, sortKeyOf } from './columns';
import { pageSizeChoices, type SortOrder, toListQuery } from './list-state';
import { DensityToggle } from './DensityToggle';
import { useDensity } from './density';
import { cx, frozenClass } from './fit';
import { useActionsWidth } from './useActionsWidth';
import { useProgressiveRows } from './useProgressiveRows';
import { useScrollEdges } from './useScrollEdges';
import { pageReport } from './page-report';
import { type ReorderConfig, type RowWithId, useRowDelete, useRowReorder, useRowToggle, useServerPage } from './queries';
import { canReorder } from './reorder';
import { RowActions } from './RowActions';
import { TableToolbar } from './TableToolbar';
import { type BulkConfig, useBulk } from './useBulk';
import { useListShortcuts } from './useListShortcuts';
import { useListState } from './useListState';
import { SavedViewsBar, useDefaultViewPending, useShownColumns } from './views';
import './data-table.css';
import './fit.css';

/** The `?` help loads when first asked for: it stays out of every list's first load. */
const ShortcutsDialog = lazy(() => import('./ShortcutsDialog').then((m) => ({ default: m.ShortcutsDialog })));

export const DEFAULT_EXPORTS: readonly ExportFormat[] = ['pdf', 'xlsx', 'csv'];

const ROWS_PER_PAGE = 'Lignes par page';

/**
 * PrimeReact's own page-size dropdown is labelled 'jump to page' and leaves its hidden native
 * <select> without a name: this one says what it is on its input (aria-label), its trigger button
 * (ariaLabel) and its hidden select.
 */
const PAGINATOR: PaginatorTemplateOptions = {
  layout: 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport',
  RowsPerPageDropdown: (options) => (
    <Dropdown
      value={options.value}
      options={options.options}
      onChange={options.onChange}
      appendTo={options.appendTo}
      disabled={options.disabled}
      aria-label={ROWS_PER_PAGE}
      ariaLabel={ROWS_PER_PAGE}
      pt={{ select: { 'aria-label': ROWS_PER_PAGE } }}
    />
  ),
  CurrentPageReport: pageReport,
};

/**
 * Where a list's rows come from and how it starts. A resource's metadata from @app/domain fits as it
 * is (`resource={ordersMeta}`); a list the domain declares no metadata for (a hand-written route)
 * gives its own.
 */
export interface ListSource {
  /** API path of the list, e.g. 'clients_circuits' (list, export, delete, inline saves). */
  readonly path: string;
  /** Noun phrase for the delete confirmation: 'ce circuit' → 'Voulez-vous vraiment supprimer ce circuit ?'. */
  readonly noun: string;
  /** Rows per page when the URL says none (50 by default). */
  readonly perPage?: number;
  /** Order when the URL asks for none; while reordering, the position field's. */
  readonly defaultSort?: { readonly field: string; readonly order?: SortOrder };
}

export interface ResourceTableProps<Row extends RowWithId> {
  resource: ListSource;
  columns: ColumnDef<Row>[];
  searchable?: boolean;
  /** The search box also takes tags (Enter), each sent as a repeated `tags` parameter and kept in the URL. */
  tagSearch?: boolean;
  /** Server exports offered, in button order; [] hides them. */
  exports?: readonly ExportFormat[];
  /** API path of an export when it is not `{path}/export/{format}` (the clients' `export/csv`…). */
  exportPaths?: Partial<Record<ExportFormat, string>>;
  /** Drag reorder (rows sorted by the position field, no search). */
  reorder?: ReorderConfig;
  addLabel?: string;
  onAdd?: () => void;
  onView?: (row: Row) => void;
  onEdit?: (row: Row) => void;
  /** A screen's own row buttons, placed before view / edit / delete. */
  rowActions?: (row: Row) => ReactNode;
  /** DELETE target when it is not `{path}/{id}` (`products/productPoint/{id}`). */
  deletePath?: string;
  /** Delete action with confirmation (default: shown unless read-only). */
  deletable?: boolean;
  /** Saves an inline checkbox / switch; default PUT {path}/{id} with { [field]: 0|1 }. */
  onToggle?: (row: Row, field: string, value: 0 | 1) => Promise<unknown>;
  /** No add, edit, delete, inline saves or drag (roles that may only read). */
  readOnly?: boolean;
  toolbarExtra?: ReactNode;
  /** Filters sent with every list and export call (the screen's own controls: STATUS, IS_NEW…). */
  query?: Record<string, string | number | undefined>;
  /** URL parameter prefix when a page holds two lists. */
  stateKey?: string;
  emptyMessage?: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: string;
  /** Extra class on the list's wrapper (a screen's own cell styles). */
  className?: string;
  /** The screen's own filter parameters in the URL (`platform`, `year`…) that a saved view remembers. */
  viewParams?: readonly string[];
  /** Row selection and the bulk bar (a key of the domain's BULK_LISTS); shown to roles that may run one of its actions. */
  bulk?: BulkConfig<Row>;
}

/** The one server-side list: paging, search, sort, exports, row actions, inline flags and drag reorder. */
export function ResourceTable<Row extends RowWithId>(props: ResourceTableProps<Row>) {
  const { resource, columns, reorder, readOnly = false } = props;
  const { path, noun: itemNoun } = resource;
  const perPage = resource.perPage ?? 50;
  // While rows are dragged they are in position order.
  const defaultSort = reorder ? { field: reorder.positionField, order: 'asc' as const } : resource.defaultSort;
  const { state: urlState, update } = useListState({ perPage, sort: defaultSort?.field, order: defaultSort?.order ?? 'asc' }, props.stateKey);
  // The URL is user input: a sort key no column owns falls back on the default.
  const state = useMemo(
    () =>
      isKnownSort(columns, urlState.sort, [defaultSort?.field ?? '', reorder?.positionField ?? ''].filter(Boolean))
        ? urlState
        : { ...urlState, sort: defaultSort?.field, order: defaultSort?.order ?? 'asc' },
    [urlState, columns, defaultSort?.field, defaultSort?.order, reorder?.positionField],
  );

  const shownColumns = useShownColumns(columns, props.stateKey);
  const { data, isLoading, isPlaceholderData, key } = useServerPage<Row>(path, state, props.query);
  // A bare URL may open the user's default view: its rows, not the plain list's, are the first shown.
  const viewPending = useDefaultViewPending(path, props.stateKey, props.viewParams);
  const rows = (!viewPending && data?.data) || [];
  const total = viewPending ? undefined : (data?.meta?.total ?? (data ? rows.length : undefined));
  const lastPage = data?.meta?.last_page;
  const bulk = useBulk(props.bulk, { path, rows, total, query: { ...toListQuery(state), ...props.query } });
  const drawnRows = useProgressiveRows(rows);

  // After deleting the last row of the last page, step back to the page that still has rows.
  useEffect(() => {
    if (data && !isPlaceholderData && rows.length === 0 && state.page > 1 && lastPage !== undefined && lastPage < state.page) {
      update({ page: Math.max(1, lastPage) }, { replace: true });
    }
  }, [data, isPlaceholderData, rows.length, state.page, lastPage, update]);

  const saveToggle = props.onToggle ?? ((row: Row, field: string, value: 0 | 1) => api.put(`${path}/${row.id}`, { [field]: value }));
  const toggle = useRowToggle<Row>(path, key, saveToggle);
  const remove = useRowDelete<Row>(path, props.deletePath);
  const reorderMutation = useRowReorder<Row>(path, key, reorder);
  const dragEnabled = !!reorder && !readOnly && canReorder(state, reorder.positionField);

  // The shell mounts the one ConfirmDialog; this fills it. Focus starts on 'Non' so Enter does not delete.
  const askDelete = (row: Row) =>
    confirmDialog({
      header: 'Confirmation',
      message: `Voulez-vous vraiment supprimer ${itemNoun} ?`,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Oui',
      rejectLabel: 'Non',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () => remove.mutate(row),
    });

  // Past EXPORT_JOB_THRESHOLD rows the export runs on the server with a progress toast (export-job.tsx).
  const onExport = (format: ExportFormat) =>
    exportList(
      props.exportPaths?.[format] ?? `${path}/export/${format}`,
      format,
      { search: state.search.trim() || undefined, tags: state.tags, sort: state.sort, order: state.sort ? state.order : undefined, ...props.query },
      total,
    );

  const onPage = (e: DataTablePageEvent) => update(e.rows !== state.perPage ? { perPage: e.rows, page: 1 } : { page: (e.page ?? 0) + 1 });

  const onSort = (e: DataTableSortEvent) => {
    const field = typeof e.sortField === 'string' && e.sortField && e.sortOrder ? e.sortField : undefined;
    // A removed sort goes back to the list's default order.
    update({ sort: field ?? defaultSort?.field, order: field ? (e.sortOrder === -1 ? 'desc' : 'asc') : (defaultSort?.order ?? 'asc'), page: 1 });
  };

  const canDelete = !readOnly && (props.deletable ?? true);
  const onEdit = readOnly ? undefined : props.onEdit;
  const hasActions = !!(props.onView || onEdit || canDelete || props.rowActions);
  const onToggle = readOnly ? undefined : (row: Row, field: string, value: 0 | 1) => toggle.mutate({ row, field, value });
  const onAdd = readOnly ? undefined : props.onAdd;
  const [density, setDensity] = useDensity();
  const rootRef = useRef<HTMLDivElement>(null);
  const shortcuts = useListShortcuts(rootRef, onAdd);
  useActionsWidth(rootRef);
  useScrollEdges(rootRef);

  return (
    <div ref={rootRef} className={cx('dt-resource', density === 'compact' && 'dt-compact', props.className)}>
      <SavedViewsBar
        path={path}
        stateKey={props.stateKey}
        columns={columns}
        defaults={{ perPage, sort: defaultSort?.field, order: defaultSort?.order ?? 'asc' }}
        filterParams={props.viewParams}
      />
      <TableToolbar
        total={total}
        searchValue={props.searchable === false ? undefined : state.search}
        onSearch={props.searchable === false ? undefined : (search) => update({ search, page: 1 }, { replace: true })}
        tags={props.tagSearch ? state.tags : undefined}
        onTags={props.tagSearch && props.searchable !== false ? (tags) => update({ tags, search: '', page: 1 }) : undefined}
        addLabel={props.addLabel}
        onAdd={onAdd}
        exports={props.exports ?? DEFAULT_EXPORTS}
        onExport={onExport}
        extra={
          <>
            {props.toolbarExtra}
            <DensityToggle density={density} onChange={setDensity} />
          </>
        }
      />
      {bulk.bar}
      {reorder && !readOnly && !dragEnabled && (
        <p className="dt-hint">
          <i className="pi pi-info-circle" /> Le glisser-déposer est désactivé pendant une recherche ou un tri sur une autre colonne.
        </p>
      )}
      <DataTable
        // Frozen columns place themselves once, when drawn: a new density redraws them at their new widths.
        key={density}
        scrollable
        value={drawnRows}
        dataKey="id"
        lazy
        paginator
        first={(state.page - 1) * state.perPage}
        rows={state.perPage}
        totalRecords={total ?? 0}
        rowsPerPageOptions={pageSizeChoices(perPage, state.perPage)}
        paginatorTemplate={PAGINATOR}
        onPage={onPage}
        sortField={state.sort}
        sortOrder={state.sort ? (state.order === 'desc' ? -1 : 1) : 0}
        onSort={onSort}
        removableSort
        loading={isLoading || isPlaceholderData || viewPending}
        reorderableRows={dragEnabled}
        onRowReorder={(e) => reorderMutation.mutate({ rows: e.value as Row[], offset: (state.page - 1) * state.perPage, total: total ?? rows.length })}
        emptyMessage={props.emptyMessage ?? 'Aucun élément trouvé'}
        stripedRows
        {...bulk.tableProps}
        size="small"
        tableStyle={{ minWidth: props.minWidth ?? '40rem' }}
        // A list without row buttons has nothing to focus: on a phone its sideways scroll would be out of
        // the keyboard's reach (axe: scrollable-region-focusable), so the scrolling region takes the focus.
        pt={hasActions ? undefined : { wrapper: { tabIndex: 0, role: 'region', 'aria-label': 'Liste' } }}
      >
        {bulk.column}
        {dragEnabled && <Column rowReorder headerStyle={{ width: '3rem' }} bodyClassName="dt-drag" />}
        {shownColumns.map((col, i) => (
          <Column
            key={col.field}
            field={col.field}
            header={col.header}
            sortable={!!col.sortable}
            sortField={sortKeyOf(col)}
            style={col.width ? { width: col.width } : undefined}
            bodyClassName={cx((isToggleKind(col.kind) || col.kind === 'image') && 'dt-center', frozenClass(shownColumns, i))}
            headerClassName={cx((isToggleKind(col.kind) || col.kind === 'image') && 'dt-center', frozenClass(shownColumns, i))}
            body={(row: Row) => renderCell(col, row, { onToggle })}
          />
        ))}
        {hasActions && (
          <Column
            header="Actions"
            headerClassName="dt-actions-col dt-frozen-end"
            bodyClassName="dt-actions-col dt-frozen-end"
            body={(row: Row) => (
              <RowActions
                onView={props.onView && (() => props.onView?.(row))}
                onEdit={onEdit && (() => onEdit(row))}
                onDelete={canDelete ? () => askDelete(row) : undefined}
                extra={props.rowActions?.(row)}
              />
            )}
          />
        )}
      </DataTable>
      {shortcuts.helpOpen && (
        <Suspense fallback={null}>
          <ShortcutsDialog visible onHide={shortcuts.closeHelp} canAdd={!!onAdd} />
        </Suspense>
      )}
    </div>
  );
}
