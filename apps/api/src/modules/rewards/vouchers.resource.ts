import { formatDate, formatMoney, MSG, type Voucher, VOUCHER_MSG, voucherBody, vouchersMeta, voucherUpdateBody } from '@app/domain';
import { eq } from 'drizzle-orm';
import { flag01Field, orEmpty, yesNo } from '../../lib/crud/fields';
import { defineResource } from '../../lib/crud/resource';
import { AppError } from '../../lib/http';
import { clientCategories as categories, clientTypes as types } from '../../lib/clients/classification.table';
import { moneyText } from './money-text';
import { checkEligibilityRefs } from './reward-refs';
import { vouchers as t } from './vouchers.table';

/**
 * Vouchers on offer, at the older product's path
 * `vochers`: a balance SOLDE for a company type (TYPE_CLIENT_ID), valid from START_DAY to a strictly
 * later END_DATE. POST is form data with an optional image, PUT JSON (the list's switch sends only
 * IS_ACTIVE). Zone chiefs read the list (vouchers:read), only staff with vouchers:write change it.
 */
export const vouchersResource = defineResource<Voucher>()({
  meta: vouchersMeta,
  tag: 'vouchers',
  actions: { read: 'vouchers:read', write: 'vouchers:write' },
  table: t,
  idColumn: t.id,
  body: voucherBody,
  updateBody: voucherUpdateBody,
  joins: [
    { table: types, on: eq(types.id, t.typeClientId), kind: 'one' },
    { table: categories, on: eq(categories.id, t.categoryId), kind: 'left' },
  ],
  // A PUT may carry one date: the period is checked as it will be stored.
  prepare: async (_values, { mode, id, body, db }) => {
    const [before] = mode === 'update' && id ? await db.select({ start: t.startDay, end: t.endDate }).from(t).where(eq(t.id, id)).limit(1) : [];
    const start = (body.START_DAY as string | undefined) ?? before?.start;
    const end = (body.END_DATE as string | undefined) ?? before?.end;
    if (start && end && start >= end) throw new AppError(422, VOUCHER_MSG.periodStrict, { END_DATE: [VOUCHER_MSG.periodStrict] });
    await checkEligibilityRefs(db, body);
  },
  fields: [
    { api: 'REF', column: t.ref, search: true, sort: 'text', export: { width: 1.3 } },
    { api: 'QTS', column: t.qts, export: { width: 0.8 } },
    { api: 'SOLDE', column: t.solde, ...moneyText, export: { width: 1, format: (v) => formatMoney(v as string) } },
    { api: 'TYPE_CLIENT_ID', column: t.typeClientId },
    { api: 'TYPE_CLIENT_NAME', column: types.name, export: { width: 1.3 } },
    { api: 'CATEGORY', column: t.categoryId },
    { api: 'CATEGORY_NAME', column: categories.name, export: { width: 1.3, format: orEmpty } },
    { api: 'CIRCUIT', column: t.circuitId },
    { api: 'ACTIVITE', column: t.activiteId },
    { api: 'BADGES_ID', column: t.badgesId },
    { api: 'START_DAY', column: t.startDay, export: { width: 0.9, format: (v) => formatDate(v as string) } },
    { api: 'END_DATE', column: t.endDate, export: { width: 0.9, format: (v) => formatDate(v as string) } },
    { api: 'IS_ACTIVE', column: t.isActive, ...flag01Field, export: { width: 0.6, format: yesNo } },
    { api: 'DESCRIPTION', column: t.description, export: { width: 2, format: orEmpty } },
  ],
  unique: { vochers_ref_unique: { field: 'REF', message: VOUCHER_MSG.refExists } },
  inUseMessage: MSG.inUse('ce voucher a déjà été attribué à des clients'),
  media: { names: { image: 'image' }, export: { header: 'Image', width: 1.2 } },
  formCreate: true,
});
