import { type Badge, BADGES_PAGE_SIZE } from '../badges';
import type { ResourceMeta } from './meta';

export const badgesMeta = {
  path: 'badges',
  noun: 'ce badge',
  perPage: BADGES_PAGE_SIZE,
  defaultSort: { field: 'id', order: 'asc' },
  sortable: ['NAME'],
  export: { fileName: 'badges', title: 'Badges', orientation: 'landscape' },
} as const satisfies ResourceMeta<Badge>;
