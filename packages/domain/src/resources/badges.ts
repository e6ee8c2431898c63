import { type Badge, BADGE_BONUS_LABELS, BADGES_PAGE_SIZE } from '../badges';
import type { ResourceMeta } from './meta';

export const badgesMeta = {
  path: 'badges',
  audit: 'Badges',
  noun: 'ce badge',
  perPage: BADGES_PAGE_SIZE,
  defaultSort: { field: 'id', order: 'asc' },
  sortable: ['NAME'],
  labels: {
    'MEDIA.original_url': 'Image',
    NAME: 'Nom',
    ...BADGE_BONUS_LABELS,
    DESCRIPTION: 'Description',
    IS_ACTIVE: 'Actif',
  },
  export: { fileName: 'badges', title: 'Badges', orientation: 'landscape' },
} as const satisfies ResourceMeta<Badge>;
