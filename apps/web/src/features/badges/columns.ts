import { type Badge, BADGE_BONUS_FIELDS, badgesMeta, formatBadgePoints } from '@app/domain';
import { type ColumnDef, type LabelledColumn, withLabels } from '../../components/data-table';

/** Gamification badges list: image, name, the three bonuses, description, active switch. */
export const badgeColumns: ColumnDef<Badge>[] = withLabels(badgesMeta, [
  { field: 'MEDIA.original_url', kind: 'image', width: '6rem' },
  { field: 'NAME' },
  // Points, grouped by thousands ("1 500").
  ...BADGE_BONUS_FIELDS.map((field): LabelledColumn<Badge> => ({ field, kind: 'custom', width: '9rem', render: (row) => formatBadgePoints(row[field]) })),
  { field: 'DESCRIPTION', width: '18rem' },
  // Saved at once; a refused save puts the switch back.
  { field: 'IS_ACTIVE', kind: 'switch', width: '6rem' },
]);
