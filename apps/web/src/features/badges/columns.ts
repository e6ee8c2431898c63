import { BADGE_BONUS_FIELDS, BADGE_BONUS_LABELS, type Badge, formatBadgePoints } from '@app/domain';
import type { ColumnDef } from '../../components/data-table';

/** Gamification badges list (spec 1 §2): image, name, the three bonuses, description, active switch. */
export const badgeColumns: ColumnDef<Badge>[] = [
  { field: 'MEDIA.original_url', header: 'Image', kind: 'image', width: '6rem' },
  { field: 'NAME', header: 'Nom', sortable: true },
  // Points, grouped by thousands ("1 500").
  ...BADGE_BONUS_FIELDS.map((field): ColumnDef<Badge> => ({ field, header: BADGE_BONUS_LABELS[field], kind: 'custom', width: '9rem', render: (row) => formatBadgePoints(row[field]) })),
  { field: 'DESCRIPTION', header: 'Description', width: '18rem' },
  // Saved at once; a refused save puts the switch back.
  { field: 'IS_ACTIVE', header: 'Actif', kind: 'switch', width: '6rem' },
];
