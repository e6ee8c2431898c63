import { formatDateTimeUtc, formatPoints, type GiftConversion, giftConversionsMeta, startingGiftPurchasesMeta } from '@app/domain';
import type { ReactNode } from 'react';
import { type ColumnDef, type LabelledColumn, withLabels } from '../../components/data-table';
import type { ConversionKind, ConversionRow } from './conversions.api';

const utc = (row: ConversionRow, field: 'CREATED_AT' | 'SCAN_DATE') => formatDateTimeUtc(row[field]) || '—';

/**
 * Gift conversions: number, client code and name, representative code and name, gift,
 * date and scan date (UTC), status (read-only); gift conversions add points used and remaining.
 */
export function conversionColumns(kind: ConversionKind, status: (row: ConversionRow) => ReactNode): ColumnDef<ConversionRow>[] {
  const points: LabelledColumn<ConversionRow>[] =
    kind === 'gift'
      ? [
          { field: 'POINTS_USED', sortable: true, width: '8rem', kind: 'custom', render: (r) => formatPoints((r as GiftConversion).POINTS_USED) },
          { field: 'NEW_POINTS', width: '8rem', kind: 'custom', render: (r) => formatPoints((r as GiftConversion).NEW_POINTS) },
        ]
      : [];
  return withLabels(kind === 'gift' ? giftConversionsMeta : startingGiftPurchasesMeta, [
    { field: 'REF', width: '10rem' },
    { field: 'CODE_CLIENT', width: '8rem' },
    { field: 'CLIENT_NAME' },
    { field: 'CODE_CHEF_ZONE', width: '9rem' },
    { field: 'CHEF_ZONE_NAME', width: '10rem' },
    { field: 'GIFT_NAME' },
    { field: 'CREATED_AT', width: '12rem', kind: 'custom', render: (r) => utc(r, 'CREATED_AT') },
    { field: 'SCAN_DATE', width: '12rem', kind: 'custom', render: (r) => utc(r, 'SCAN_DATE') },
    ...points,
    { field: 'STATUS', width: '9rem', kind: 'custom', render: status },
  ]);
}
