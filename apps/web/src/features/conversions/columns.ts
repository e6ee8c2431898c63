import { formatDateTimeUtc, type GiftConversion } from '@app/domain';
import type { ReactNode } from 'react';
import type { ColumnDef } from '../../components/data-table';
import type { ConversionKind, ConversionRow } from './conversions.api';

const utc = (row: ConversionRow, field: 'CREATED_AT' | 'SCAN_DATE') => formatDateTimeUtc(row[field]) || '—';

/**
 * Spec 2 "Gift conversions": number, client code and name, representative code and name, gift,
 * date and scan date (UTC), status (read-only); gift conversions add points used and remaining.
 */
export function conversionColumns(kind: ConversionKind, status: (row: ConversionRow) => ReactNode): ColumnDef<ConversionRow>[] {
  const points: ColumnDef<ConversionRow>[] =
    kind === 'gift'
      ? [
          { field: 'POINTS_USED', header: 'Points utilisés', sortable: true, width: '8rem', kind: 'custom', render: (r) => String((r as GiftConversion).POINTS_USED) },
          { field: 'NEW_POINTS', header: 'Points restants', width: '8rem', kind: 'custom', render: (r) => String((r as GiftConversion).NEW_POINTS) },
        ]
      : [];
  return [
    { field: 'REF', header: 'N° conversion', sortable: true, width: '10rem' },
    { field: 'CODE_CLIENT', header: 'Code client', sortable: true, width: '8rem' },
    { field: 'CLIENT_NAME', header: 'Client', sortable: true },
    { field: 'CODE_CHEF_ZONE', header: 'Code représentant', width: '9rem' },
    { field: 'CHEF_ZONE_NAME', header: 'Représentant', width: '10rem' },
    { field: 'GIFT_NAME', header: kind === 'gift' ? 'Cadeau' : 'Cadeau de bienvenue', sortable: true },
    { field: 'CREATED_AT', header: 'Date', sortable: true, width: '12rem', kind: 'custom', render: (r) => utc(r, 'CREATED_AT') },
    { field: 'SCAN_DATE', header: 'Date de scan', sortable: true, width: '12rem', kind: 'custom', render: (r) => utc(r, 'SCAN_DATE') },
    ...points,
    { field: 'STATUS', header: 'Statut', sortable: true, width: '9rem', kind: 'custom', render: status },
  ];
}

