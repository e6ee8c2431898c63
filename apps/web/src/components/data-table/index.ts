export type { CellKind, ColumnDef, LabelledColumn, LabelSource } from './columns';
export { withLabels } from './columns';
export type { ListState, SortOrder } from './list-state';
export type { ReorderConfig, RowWithId } from './queries';
export { allRowsKey, pageKey, resourceKey } from './query-keys';
export { DEFAULT_EXPORTS, type ListSource, ResourceTable, type ResourceTableProps } from './ResourceTable';
export { TableToolbar, type TableToolbarProps } from './TableToolbar';
