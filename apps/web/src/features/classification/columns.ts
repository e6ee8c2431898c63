import { ACTIVITY_FLAG_LABELS, ACTIVITY_FLAGS, type Activity, type Category, type Circuit, type ClientType } from '@app/domain';
import type { ColumnDef } from '../../components/data-table';

/** Columns of the four classification lists (spec 1 §2 'Other screens in this area'). */
export const clientTypeColumns: ColumnDef<ClientType>[] = [
  { field: 'MEDIA.original_url', header: 'Image', kind: 'image', width: '7rem' },
  { field: 'NAME', header: 'Nom', sortable: true },
];

export const circuitColumns: ColumnDef<Circuit>[] = [
  { field: 'NAME', header: 'Nom', sortable: true },
  { field: 'DESCRIPTION', header: 'Description', sortable: true },
];

export const activityColumns: ColumnDef<Activity>[] = [
  { field: 'NAME', header: 'Nom', sortable: true },
  { field: 'CODE', header: 'Code', sortable: true },
  { field: 'CIRCUIT_NAME', header: 'Circuit', sortable: true },
  // Clickable: each click saves the flag at once.
  ...ACTIVITY_FLAGS.map((flag): ColumnDef<Activity> => ({ field: flag, header: ACTIVITY_FLAG_LABELS[flag], kind: 'checkbox', width: '9rem' })),
];

export const categoryColumns: ColumnDef<Category>[] = [
  { field: 'NAME', header: 'Nom', sortable: true },
  { field: 'ACTIVITE_NAME', header: 'Activité', sortable: true },
  { field: 'DESCRIPTION', header: 'Description', sortable: true },
];
