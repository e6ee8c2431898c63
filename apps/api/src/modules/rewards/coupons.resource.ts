import {
  type Coupon,
  COUPON_MSG,
  COUPON_TYPE_LABELS,
  COUPON_TYPES,
  couponBody,
  couponsMeta,
  type CouponType,
  couponUpdateBody,
  expiryAfter,
  formatCouponValue,
  formatDate,
  MSG,
  todayInTunis,
} from '@app/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { flag01Field, yesNo } from '../../lib/crud/fields';
import { defineResource } from '../../lib/crud/resource';
import { AppError } from '../../lib/http';
import { coupons as t } from './vouchers.table';

/** numeric(14,3) given out as the decimal text Postgres returns ("12.500"), as the rewards DTOs type it. */
const decimalText = { schema: z.string() };

const refuse = (field: string, message: string) => new AppError(422, message, { [field]: [message] });

/**
 * Discount coupons (PDF portrait). The expiry must be after
 * today in Tunis whenever it is sent (the list's switch sends only ACTIF, so an expired coupon can
 * still be switched off). A partial update is checked as the row it produces: a percentage stays ≤ 100.
 */
export const couponsResource = defineResource<Coupon>()({
  meta: couponsMeta,
  tag: 'coupons',
  actions: { read: 'coupons:read', write: 'coupons:write' },
  table: t,
  idColumn: t.id,
  body: couponBody,
  updateBody: couponUpdateBody,
  prepare: async (_values, { body, mode, id, db }) => {
    if (body.EXPIRY_DATE !== undefined && !expiryAfter(String(body.EXPIRY_DATE), todayInTunis())) throw refuse('EXPIRY_DATE', COUPON_MSG.expiryPast);
    if (mode !== 'update' || (body.TYPE === undefined && body.VALUE === undefined)) return;
    const [row] = await db.select({ type: t.type, value: t.value }).from(t).where(eq(t.id, id!));
    const type = (body.TYPE ?? row.type) as CouponType;
    const value = String(body.VALUE ?? row.value);
    if (type === 'percentage' && Number(value) > 100) throw refuse('VALUE', MSG.percentMax);
  },
  fields: [
    { api: 'CODE', column: t.code, search: true, sort: 'text', export: { width: 1.5 } },
    { api: 'VALUE', column: t.value, ...decimalText, sort: true, export: { width: 1, format: (_v, c) => formatCouponValue(c), uses: ['TYPE'] } },
    { api: 'TYPE', column: t.type, schema: z.enum(COUPON_TYPES), export: { width: 1, format: (v) => COUPON_TYPE_LABELS[v as CouponType] ?? String(v) } },
    { api: 'EXPIRY_DATE', column: t.expiryDate, sort: true, export: { width: 1.2, format: (v) => formatDate(v as string) } },
    { api: 'ACTIF', column: t.actif, ...flag01Field, export: { width: 0.7, format: yesNo } },
  ],
  unique: { coupons_code_unique: { field: 'CODE', message: COUPON_MSG.codeExists } },
  inUseMessage: MSG.inUse('ce coupon est encore utilisé'),
});
