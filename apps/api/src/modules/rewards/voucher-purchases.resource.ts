import { formatDateTime, formatMoney, MSG, queryInteger, ROLE, VOUCHER_PURCHASE_STATUS, type VoucherPurchase, voucherPurchasesMeta } from '@app/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { dateTimeField, moneyField, orEmpty } from '../../lib/crud/fields';
import { fkIn } from '../../lib/crud/list-query';
import { defineResource } from '../../lib/crud/resource';
import { clients } from '../contacts/clients.table';
import { vocherPurchases as v } from './vouchers.table';

/** Where a client's voucher came from: a voucher-type gift, the yearly rebate, or the vouchers on offer. */
const origin = sql<string | null>`case when ${v.giftPurchaseId} is not null then 'gift' when ${v.ristourneYear} is not null then 'ristourne' when ${v.vocherId} is not null then 'voucher' end`;

/**
 * Clients' vouchers (spec 2 "Voucher conversions", §3 Voucher purchase): list, read and exports
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
  joins: [{ table: clients, on: eq(clients.id, v.clientId), kind: 'one' }],
  // A zone chief reads his own clients' vouchers (their detail page); he consumes none.
  scope: (user) => (user.role === ROLE.chefZone ? sql`${v.clientId} in (select id from clients where chef_zone_id = ${user.id})` : undefined),
  filters: {
    STATUS: { schema: queryInteger({ max: 1 }), where: (s: number) => eq(v.status, s) },
    CODE_CLIENT: { schema: z.string().trim().min(1).max(30), where: (c: string) => fkIn(v.clientId, sql`select id from clients where lower(code_client) = lower(${c})`) },
  },
  fields: [
    { api: 'VOCHER_REF', column: v.vocherRef, search: true, sort: true, export: { header: 'N° voucher', width: 1.3 } },
    {
      api: 'CODE_CLIENT',
      column: clients.code,
      search: (p: string): SQL => fkIn(v.clientId, sql`select id from clients where code_client ilike ${p}`),
      sort: 'text',
      export: { header: 'Code client', width: 1 },
    },
    { api: 'CLIENT_NAME', column: clients.name, sort: 'text', export: { header: 'Client', width: 1.8 } },
    { api: 'CLIENT_ID', column: v.clientId },
    { api: 'CREATED_AT', column: v.createdAt, ...dateTimeField, sort: true, export: { header: 'Date', width: 1.3, format: (x) => formatDateTime(x as string) } },
    { api: 'SOLDE_USED', column: v.soldeUsed, ...moneyField, sort: true, export: { header: 'Montant', width: 1, format: (x) => formatMoney(x as number) } },
    { api: 'STATUS', column: v.status, sort: true, export: { header: 'Statut', width: 0.9, format: (x) => VOUCHER_PURCHASE_STATUS.label(x as number) } },
    { api: 'SCAN_DATE', column: v.scanDate, ...dateTimeField, sort: true, export: { header: 'Date de consommation', width: 1.3, format: (x) => formatDateTime(x as string) } },
    { api: 'SCAN', column: v.scan },
    { api: 'MANUAL_REASON', column: v.manualReason, export: { header: 'Motif', width: 1.6, format: orEmpty } },
    { api: 'ORIGIN', column: origin, schema: z.enum(['gift', 'ristourne', 'voucher']).nullable() },
  ],
  inUseMessage: MSG.inUse('ce voucher est encore utilisé'),
});
