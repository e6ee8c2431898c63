import { type Coupon, COUPON_TYPE_LABELS, couponsMeta, formatCouponValue } from '@app/domain';
import { type ColumnDef, withLabels } from '../../components/data-table';

/** Coupons list: code, value, type, expiry date, active switch (saved at once). Sorts are the API's indexed ones. */
export const couponColumns: ColumnDef<Coupon>[] = withLabels(couponsMeta, [
  { field: 'CODE' },
  // "10 %" for a percentage, "5,000 DT" for a fixed amount.
  { field: 'VALUE', kind: 'custom', width: '10rem', render: (c) => formatCouponValue(c) },
  { field: 'TYPE', kind: 'custom', width: '10rem', render: (c) => COUPON_TYPE_LABELS[c.TYPE] ?? c.TYPE },
  { field: 'EXPIRY_DATE', kind: 'date', width: '10rem' },
  { field: 'ACTIF', kind: 'switch', width: '6rem' },
]);
