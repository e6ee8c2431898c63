import {
  activitiesMeta,
  type Activity,
  ACTIVITY_FLAGS,
  categoriesMeta,
  type Category,
  type Circuit,
  circuitsMeta,
  type ClientType,
  clientTypesMeta,
} from '@app/domain';
import { type ColumnDef, type LabelledColumn, withLabels } from '../../components/data-table';

/** Columns of the four classification lists. */
export const clientTypeColumns: ColumnDef<ClientType>[] = withLabels(clientTypesMeta, [
  { field: 'MEDIA.original_url', kind: 'image', width: '7rem' },
  { field: 'NAME' },
]);

export const circuitColumns: ColumnDef<Circuit>[] = withLabels(circuitsMeta, [{ field: 'NAME' }, { field: 'DESCRIPTION' }]);

export const activityColumns: ColumnDef<Activity>[] = withLabels(activitiesMeta, [
  { field: 'NAME' },
  { field: 'CODE' },
  { field: 'CIRCUIT_NAME' },
  // Clickable: each click saves the flag at once.
  ...ACTIVITY_FLAGS.map((flag): LabelledColumn<Activity> => ({ field: flag, kind: 'checkbox', width: '9rem', sortable: false })),
]);

export const categoryColumns: ColumnDef<Category>[] = withLabels(categoriesMeta, [{ field: 'NAME' }, { field: 'ACTIVITE_NAME' }, { field: 'DESCRIPTION' }]);
