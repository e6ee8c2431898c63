import { formatDateTime, formatMoney, MSG, queryInteger, VOUCHER_PURCHASE_STATUS, type VoucherPurchase, voucherPurchasesMeta } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { dateTimeField, moneyField, orEmpty } from '../../lib/crud/fields';
import { defineResource } from '../../lib/crud/resource';
import { ownedByClient } from '../../lib/clients/client-ownership';
import { voucherPurchases as v } from './vouchers.table';

/** Where a client's voucher came from: a voucher-type gift, the yearly rebate, or the vouchers on offer. */
const origin = sql<
  string | null
>`case when ${v.giftPurchaseId} is not null then 'gift' when ${v.ristourneYear} is not null then 'ristourne' when ${v.voucherId} is not null then 'voucher' end`;

/** A client's vouchers: his zone chief reads them (their detail page); he consumes none. */
export const voucherPurchaseOwner = ownedByClient(v.clientId);
const owner = voucherPurchaseOwner;

/**
 * Clients' vouchers: list, read and exports
 * here; manual consumption, scan, status and delete in voucher-purchases.routes.ts.
 */
export const voucherPurchasesResource = defineResource<VoucherPurchase>()({
  meta: voucherPurchasesMeta,
  listAliases: ['vocher-purchases/all'],
  tag: 'vouchers',
  listOnly: true,
  actions: { read: 'voucher-purchases:read', write: 'voucher-purchases:write' },
  table: v,
  idColumn: v.id,
  body: z.object({}),
  joins: [owner.join],
  scope: owner.scope,
  filters: {
    STATUS: { schema: queryInteger({ max: 1 }), where: (s: number) => eq(v.status, s) },
    CODE_CLIENT: owner.codeFilter,
  },
  fields: [
    { api: 'VOCHER_REF', column: v.voucherRef, search: true, sort: true, export: { width: 1.3 } },
    owner.codeField,
    owner.nameField('CLIENT_NAME', 1.8, { search: false }),
    owner.idField,
    { api: 'CREATED_AT', column: v.createdAt, ...dateTimeField, sort: true, export: { width: 1.3, format: (x) => formatDateTime(x as string) } },
    { api: 'SOLDE_USED', column: v.soldeUsed, ...moneyField, sort: true, export: { width: 1, format: (x) => formatMoney(x as number) } },
    { api: 'STATUS', column: v.status, sort: true, export: { width: 0.9, format: (x) => VOUCHER_PURCHASE_STATUS.label(x as number) } },
    { api: 'SCAN_DATE', column: v.scanDate, ...dateTimeField, sort: true, export: { width: 1.3, format: (x) => formatDateTime(x as string) } },
    { api: 'SCAN', column: v.scan },
    { api: 'MANUAL_REASON', column: v.manualReason, export: { width: 1.6, format: orEmpty } },
    { api: 'ORIGIN', column: origin, schema: z.enum(['gift', 'ristourne', 'voucher']).nullable() },
  ],
  inUseMessage: MSG.inUse('ce voucher est encore utilisé'),
});
