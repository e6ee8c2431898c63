import { activitiesMeta, type Activity, ACTIVITY_FLAGS, categoriesMeta, type Category, type Circuit, circuitsMeta, type ClientType, clientTypesMeta } from '@app/domain';
import { type ColumnDef, type LabelledColumn, withLabels } from '../../components/data-table';

/** Columns of the four classification lists. */
export const clientTypeColumns: ColumnDef<ClientType>[] = withLabels(clientTypesMeta, [
  { field: 'MEDIA.original_url', kind: 'image', width: '7rem' },
  { field: 'NAME', sortable: true },
]);

export const circuitColumns: ColumnDef<Circuit>[] = withLabels(circuitsMeta, [
  { field: 'NAME', sortable: true },
  { field: 'DESCRIPTION', sortable: true },
]);

export const activityColumns: ColumnDef<Activity>[] = withLabels(activitiesMeta, [
  { field: 'NAME', sortable: true },
  { field: 'CODE', sortable: true },
  { field: 'CIRCUIT_NAME', sortable: true },
  // Clickable: each click saves the flag at once.
  ...ACTIVITY_FLAGS.map((flag): LabelledColumn<Activity> => ({ field: flag, kind: 'checkbox', width: '9rem' })),
]);

export const categoryColumns: ColumnDef<Category>[] = withLabels(categoriesMeta, [
  { field: 'NAME', sortable: true },
  { field: 'ACTIVITE_NAME', sortable: true },
  { field: 'DESCRIPTION', sortable: true },
]);
