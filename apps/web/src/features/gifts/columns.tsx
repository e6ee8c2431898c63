import { formatBadgePoints, formatMoney, GIFT_TYPE_LABELS, type Gift, type StartingGift } from '@app/domain';
import type { ColumnDef } from '../../components/data-table';
import { GiftThumb } from './GiftThumb';

/**
 * Gifts list (spec 2 "Gifts list", §4): image (the default voucher picture for a voucher), ref,
 * name, type, stock, points, voucher value, period, active switch. Sorts are those the API indexes.
 */
export const giftColumns: ColumnDef<Gift>[] = [
  { field: 'MEDIA', header: 'Image', kind: 'custom', width: '6rem', render: (g) => <GiftThumb gift={g} /> },
  { field: 'REF', header: 'Référence', sortable: true, width: '9rem' },
  { field: 'NAME', header: 'Nom', sortable: true },
  { field: 'TYPE', header: 'Type', kind: 'custom', width: '7rem', render: (g) => GIFT_TYPE_LABELS[g.TYPE] ?? g.TYPE },
  { field: 'QTS', header: 'Stock', width: '6rem' },
  { field: 'NBR_OF_POINTS', header: 'Points', kind: 'custom', width: '7rem', render: (g) => formatBadgePoints(g.NBR_OF_POINTS) },
  // A good has no voucher value (stored 0): the cell stays empty rather than saying 0,000 DT.
  { field: 'VOCHER_VALUE', header: 'Valeur voucher', kind: 'custom', width: '9rem', render: (g) => (g.TYPE === 'voucher' ? <span className="dt-money">{formatMoney(g.VOCHER_VALUE)}</span> : '') },
  { field: 'START_DAY', header: 'Début', kind: 'date', width: '7rem' },
  { field: 'END_DATE', header: 'Fin', kind: 'date', width: '7rem' },
  // Saved at once; a refused save puts the switch back.
  { field: 'IS_ACTIVE', header: 'Actif', kind: 'switch', width: '5rem' },
];

/** Starter gifts list (spec 2 "Starter gifts list"): image, ref, title, description, date (sortable). */
export const starterGiftColumns: ColumnDef<StartingGift>[] = [
  { field: 'MEDIA.original_url', header: 'Image', kind: 'image', width: '6rem' },
  { field: 'REF', header: 'Référence', width: '9rem' },
  { field: 'NAME', header: 'Titre' },
  { field: 'DESCRIPTION', header: 'Description' },
  { field: 'CREATED_AT', header: 'Date', kind: 'date', sortable: true, width: '8rem' },
];
