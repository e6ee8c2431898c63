import {
  CONVERSION_STATUS,
  formatDateTimeUtc,
  GIFT_PURCHASE_STATUS,
  type GiftConversion,
  giftConversionsMeta,
  type GiftPurchase,
  giftPurchasesMeta,
  MSG,
  queryInteger,
  type StarterPurchase,
  startingGiftPurchasesMeta,
} from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { dateTimeField, orEmpty } from '../../lib/crud/fields';
import { defineResource } from '../../lib/crud/resource';
import { users } from '../../lib/auth/accounts.table';
import { ownedByClient } from '../../lib/clients/client-ownership';
import { clients } from '../../lib/clients/clients.table';
import { giftConversions as gc, giftPurchases as gp, loyaltyGifts, startingGiftPurchases as sp, startingGifts } from './gifts.table';

const fullName = (u: { firstname: AnyPgColumn; lastname: AnyPgColumn }) => sql<string>`nullif(trim(${u.firstname} || ' ' || ${u.lastname}), '')`;
const dateUtc = (v: unknown) => formatDateTimeUtc(v as string);

/** Client code, name, id and address: the rows hang on a client, whose zone chief alone sees them. */
const clientFields = (owner: ReturnType<typeof ownedByClient>) =>
  [owner.codeField, owner.nameField('CLIENT_NAME', 1.8), owner.idField, { api: 'ADDRESS', column: clients.address }] as const;
const statusFilter = (column: AnyPgColumn) => ({ schema: queryInteger({ max: 4 }), where: (v: number) => eq(column, v) });

const gcOwner = ownedByClient(gc.clientId);
const gcChef = alias(users, 'gc_chef');
/**
 * Gift conversions: one row per unit of an accepted `bien`
 * purchase. Read here; status, receipt, delete and the exit slip in fulfilment.routes.ts.
 */
export const giftConversionsResource = defineResource<GiftConversion>()({
  meta: giftConversionsMeta,
  listAliases: ['giftConversion/all'],
  tag: 'conversions',
  listOnly: true,
  actions: { read: 'conversions:read', write: 'conversions:admin' },
  table: gc,
  idColumn: gc.id,
  body: z.object({}),
  joins: [
    gcOwner.join,
    { table: gcChef, on: eq(gcChef.id, clients.chefZoneId), kind: 'left' },
    { table: loyaltyGifts, on: eq(loyaltyGifts.id, gc.loyaltyGiftId), kind: 'one' },
  ],
  scope: gcOwner.scope,
  filters: { STATUS: statusFilter(gc.status), CODE_CLIENT: gcOwner.codeFilter },
  fields: [
    { api: 'REF', column: gc.ref, search: true, sort: true, export: { width: 1.3 } },
    ...clientFields(gcOwner),
    { api: 'CODE_CHEF_ZONE', column: gcChef.codeChefZone, export: { width: 1, format: orEmpty } },
    { api: 'CHEF_ZONE_NAME', column: fullName(gcChef), schema: z.string().nullable(), export: { width: 1.4, format: orEmpty } },
    { api: 'GIFT_NAME', column: loyaltyGifts.name, sort: 'text', export: { width: 1.6 } },
    { api: 'GIFT_REF', column: loyaltyGifts.ref },
    { api: 'LOYALTY_GIFT_ID', column: gc.loyaltyGiftId },
    { api: 'GIFT_PURCHASE_ID', column: gc.giftPurchaseId },
    { api: 'CREATED_AT', column: gc.createdAt, ...dateTimeField, sort: true, export: { header: 'Date (UTC)', width: 1.4, format: dateUtc } },
    { api: 'SCAN_DATE', column: gc.scanDate, ...dateTimeField, sort: true, export: { header: 'Date de scan (UTC)', width: 1.4, format: dateUtc } },
    { api: 'POINTS_USED', column: gc.pointsUsed, sort: true, export: { width: 0.9 } },
    { api: 'NEW_POINTS', column: gc.newPoints, export: { width: 0.9 } },
    { api: 'STATUS', column: gc.status, sort: true, export: { width: 1.1, format: (v) => CONVERSION_STATUS.label(v as number) } },
  ],
  inUseMessage: MSG.inUse('cette conversion est encore utilisée'),
});

const spOwner = ownedByClient(sp.clientId);
const spChef = alias(users, 'sp_chef');
/** Starter-gift purchases (`?dem=start`): the same fulfilment as conversions, without points. */
export const startingGiftPurchasesResource = defineResource<StarterPurchase>()({
  meta: startingGiftPurchasesMeta,
  listAliases: ['startingGift-purchases/all'],
  tag: 'conversions',
  listOnly: true,
  actions: { read: 'conversions:read', write: 'conversions:admin' },
  table: sp,
  idColumn: sp.id,
  body: z.object({}),
  joins: [
    spOwner.join,
    { table: spChef, on: eq(spChef.id, clients.chefZoneId), kind: 'left' },
    { table: startingGifts, on: eq(startingGifts.id, sp.startingGiftId), kind: 'one' },
  ],
  scope: spOwner.scope,
  filters: { STATUS: statusFilter(sp.status), CODE_CLIENT: spOwner.codeFilter },
  fields: [
    { api: 'REF', column: sp.ref, search: true, sort: true, export: { header: 'N° demande', width: 1.3 } },
    ...clientFields(spOwner),
    { api: 'CODE_CHEF_ZONE', column: spChef.codeChefZone, export: { width: 1, format: orEmpty } },
    { api: 'CHEF_ZONE_NAME', column: fullName(spChef), schema: z.string().nullable(), export: { width: 1.4, format: orEmpty } },
    { api: 'GIFT_NAME', column: startingGifts.name, sort: 'text', export: { width: 1.6 } },
    { api: 'GIFT_REF', column: startingGifts.ref },
    { api: 'STARTING_GIFT_ID', column: sp.startingGiftId },
    { api: 'CREATED_AT', column: sp.createdAt, ...dateTimeField, sort: true, export: { header: 'Date (UTC)', width: 1.4, format: dateUtc } },
    { api: 'SCAN_DATE', column: sp.scanDate, ...dateTimeField, sort: true, export: { header: 'Date de scan (UTC)', width: 1.4, format: dateUtc } },
    { api: 'STATUS', column: sp.status, sort: true, export: { width: 1.1, format: (v) => CONVERSION_STATUS.label(v as number) } },
  ],
  inUseMessage: MSG.inUse('ce cadeau de bienvenue est encore utilisé'),
});

const gpOwner = ownedByClient(gp.clientId);
/** Gift purchases (the requests): the bell, the client detail page and the accept / refuse calls. */
export const giftPurchasesResource = defineResource<GiftPurchase>()({
  meta: giftPurchasesMeta,
  listAliases: ['gift-purchases/all'],
  tag: 'conversions',
  listOnly: true,
  actions: { read: 'purchases:read', write: 'purchases:write' },
  table: gp,
  idColumn: gp.id,
  body: z.object({}),
  joins: [gpOwner.join, { table: loyaltyGifts, on: eq(loyaltyGifts.id, gp.loyaltyGiftId), kind: 'one' }],
  scope: gpOwner.scope,
  filters: {
    STATUS: statusFilter(gp.status),
    CODE_CLIENT: gpOwner.codeFilter,
    CLIENT_ID: { schema: queryInteger({ min: 1 }), where: (v: number) => eq(gp.clientId, v) },
  },
  fields: [
    { api: 'REF', column: gp.ref, search: true, sort: true, export: { width: 1.3 } },
    ...clientFields(gpOwner),
    { api: 'LOYALTY_GIFT_ID', column: gp.loyaltyGiftId },
    { api: 'GIFT_NAME', column: loyaltyGifts.name, sort: 'text', export: { width: 1.6 } },
    { api: 'GIFT_TYPE', column: loyaltyGifts.type, schema: z.enum(['bien', 'voucher']), export: { width: 0.8 } },
    { api: 'QTE', column: gp.qte, sort: true, export: { width: 0.7 } },
    { api: 'POINTS', column: gp.points, sort: true, export: { width: 0.8 } },
    { api: 'STATUS', column: gp.status, sort: true, export: { width: 1.2, format: (v) => GIFT_PURCHASE_STATUS.label(v as number) } },
    { api: 'CREATED_AT', column: gp.createdAt, ...dateTimeField, sort: true, export: { width: 1.4, format: dateUtc } },
  ],
  inUseMessage: MSG.inUse('cette demande est encore utilisée'),
});
