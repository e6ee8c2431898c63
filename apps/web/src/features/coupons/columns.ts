import { COUPON_TYPE_LABELS, type Coupon, formatCouponValue } from '@app/domain';
import type { ColumnDef } from '../../components/data-table';

/** Spec 2 "Coupons list": code, value, type, expiry date, active switch (saved at once). Sorts are the API's indexed ones. */
export const couponColumns: ColumnDef<Coupon>[] = [
  { field: 'CODE', header: 'Code', sortable: true },
  // "10 %" for a percentage, "5,000 DT" for a fixed amount.
  { field: 'VALUE', header: 'Valeur', sortable: true, kind: 'custom', width: '10rem', render: (c) => formatCouponValue(c) },
  { field: 'TYPE', header: 'Type', kind: 'custom', width: '10rem', render: (c) => COUPON_TYPE_LABELS[c.TYPE] ?? c.TYPE },
  { field: 'EXPIRY_DATE', header: "Date d'expiration", sortable: true, kind: 'date', width: '10rem' },
  { field: 'ACTIF', header: 'Actif', kind: 'switch', width: '6rem' },
];
