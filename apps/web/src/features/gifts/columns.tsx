import { formatBadgePoints, formatMoney, type Gift, GIFT_TYPE_LABELS, giftsMeta, type StartingGift, startingGiftsMeta } from '@app/domain';
import { type ColumnDef, withLabels } from '../../components/data-table';
import { GiftThumb } from './GiftThumb';

/**
 * Gifts list: image (the default voucher picture for a voucher), ref,
 * name, type, stock, points, voucher value, period, active switch. Sorts are those the API indexes.
 */
export const giftColumns: ColumnDef<Gift>[] = withLabels(giftsMeta, [
  { field: 'MEDIA', kind: 'custom', width: '6rem', render: (g) => <GiftThumb gift={g} /> },
  { field: 'REF', width: '9rem' },
  { field: 'NAME' },
  { field: 'TYPE', kind: 'custom', width: '7rem', render: (g) => GIFT_TYPE_LABELS[g.TYPE] ?? g.TYPE },
  { field: 'QTS', width: '6rem' },
  { field: 'NBR_OF_POINTS', kind: 'custom', width: '7rem', render: (g) => formatBadgePoints(g.NBR_OF_POINTS) },
  // A good has no voucher value (stored 0): the cell stays empty rather than saying 0,000 DT.
  {
    field: 'VOCHER_VALUE',
    kind: 'custom',
    width: '9rem',
    render: (g) => (g.TYPE === 'voucher' ? <span className="dt-money">{formatMoney(g.VOCHER_VALUE)}</span> : ''),
  },
  { field: 'START_DAY', kind: 'date', width: '7rem' },
  { field: 'END_DATE', kind: 'date', width: '7rem' },
  // Saved at once; a refused save puts the switch back.
  { field: 'IS_ACTIVE', kind: 'switch', width: '5rem' },
]);

/** Starter gifts list: image, ref, title, description, date (sortable). */
export const starterGiftColumns: ColumnDef<StartingGift>[] = withLabels(startingGiftsMeta, [
  { field: 'MEDIA.original_url', kind: 'image', width: '6rem' },
  { field: 'REF', width: '9rem' },
  { field: 'NAME', header: 'Titre' },
  { field: 'DESCRIPTION', header: 'Description' },
  { field: 'CREATED_AT', kind: 'date', width: '8rem' },
]);
