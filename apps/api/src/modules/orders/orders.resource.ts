import { formatDateTime, formatMoney, MSG, type Order, ORDER_STATUS, orderFilters, ordersMeta } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { dateTimeField, moneyField, orEmpty } from '../../lib/crud/fields';
import { defineResource } from '../../lib/crud/resource';
import { users } from '../../lib/auth/accounts.table';
import { ownedByClient } from '../../lib/clients/client-ownership';
import { clients } from '../../lib/clients/clients.table';
import { orders as o } from './orders.table';

const chef = alias(users, 'order_chef');
const buyer = alias(users, 'order_user');
const fullName = (u: { firstname: AnyPgColumn; lastname: AnyPgColumn }) => sql<string>`nullif(trim(${u.firstname} || ' ' || ${u.lastname}), '')`;
/** A calendar day of Tunis as the instant it starts. */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Africa/Tunis')`;

/** Orders hang on a client: a zone chief sees those of his own clients. */
export const orderOwner = ownedByClient(o.clientId);

/**
 * Orders: list, read and export here; status and site
 * (PUT), delete, items and the bell in orders.routes.ts. Orders are written by the mobile app and the
 * invoice synchronisation, never through a generic create.
 */
export const ordersResource = defineResource<Order>()({
  meta: ordersMeta,
  tag: 'orders',
  wholeCount: 'orders',
  listOnly: true,
  actions: { read: 'orders:read', write: 'orders:write' },
  table: o,
  idColumn: o.id,
  body: z.object({}),
  joins: [orderOwner.join, { table: chef, on: eq(chef.id, clients.chefZoneId), kind: 'left' }, { table: buyer, on: eq(buyer.id, o.userId), kind: 'left' }],
  scope: orderOwner.scope,
  filters: {
    STATUS: { schema: orderFilters.STATUS, where: (v: number) => eq(o.status, v) },
    CODE_CLIENT: { ...orderOwner.codeFilter, schema: orderFilters.CODE_CLIENT },
    DATE_DEBUT: { schema: orderFilters.DATE_DEBUT, where: (v: string) => sql`${o.createdAt} >= ${dayStart(v)}` },
    DATE_FIN: { schema: orderFilters.DATE_FIN, where: (v: string) => sql`${o.createdAt} < ${dayStart(v)} + interval '1 day'` },
  },
  fields: [
    { api: 'NUM_ORDER', column: o.numOrder, search: true, sort: true, export: { width: 1.3 } },
    orderOwner.codeField,
    orderOwner.nameField('NAME_CLIENT', 1.9),
    { api: 'CREATED_AT', column: o.createdAt, ...dateTimeField, sort: true, export: { width: 1.4, format: (v) => formatDateTime(v as string) } },
    { api: 'ADDRESS', column: o.address },
    { api: 'DESTINATION', column: o.destination, sort: true, export: { width: 1.2, format: orEmpty } },
    {
      api: 'CDZ',
      column: fullName(chef),
      schema: z.string().nullable(),
      sort: sql`public.sort_key(${fullName(chef)})`,
      export: { width: 1.3, format: orEmpty },
    },
    { api: 'SITE', column: o.site, sort: true, export: { header: 'Site', width: 1.2, format: orEmpty } },
    { api: 'STATUS', column: o.status, sort: true, export: { width: 1.4, format: (v) => ORDER_STATUS.label(v as number) } },
    { api: 'TOTAL_NET_TTC', column: o.totalNetTtc, ...moneyField, sort: true, export: { width: 1.1, format: (v) => formatMoney(v as number) } },
    { api: 'TOTAL_POINTS', column: o.totalPoints, sort: true, export: { width: 0.8 } },
    orderOwner.idField,
    { api: 'USER_ID', column: o.userId },
    { api: 'USER_NAME', column: fullName(buyer), schema: z.string().nullable() },
  ],
  inUseMessage: MSG.inUse('cette commande est encore utilisée'),
});
