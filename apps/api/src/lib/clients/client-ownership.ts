import { CLIENT_MESSAGES, ROLE } from '@app/domain';
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { roles, users } from '../auth/accounts.table';
import { fkIn } from '../crud/list-query';
import { rowScope } from '../crud/ownership';
import { AppError, notFound } from '../http';
import { clients } from './clients.table';
import { rowsOf } from '../../db/rows';

type User = { id: number; role: string };

/**
 * The zone chief's row rule (guide "Conventions"), written once: a chefZone reaches only
 * the clients whose CHEF_ZONE_ID is his account, and what hangs on them (orders, conversions,
 * vouchers, points); every other role reaches all. Every client-linked resource and route reads it
 * through `clientsScope`, `ownedByClient`, `mayReachClient` or `assertOwnsClient`, and marks its
 * routes `ownedBy: 'client'` (test/contract/zone-scope.test.ts checks each of them).
 */
export const ownClients = (user: User): SQL | undefined => (user.role === ROLE.chefZone ? eq(clients.chefZoneId, user.id) : undefined);

/**
 * The write side, for the clients form: a zone chief's new client is his, and his clients stay his
 * (he cannot give one to another chief).
 */
export function keepOwnClient(user: User, values: Record<string, unknown>, mode: 'create' | 'update') {
  if (ownClients(user) && (mode === 'create' || 'chefZoneId' in values)) values.chefZoneId = user.id;
}

/**
 * The zone chiefs' accounts (role chefZone), through the users' role index. A client's chef is one of
 * them (the write refuses another account), so the chef search reads these few rows only: matching
 * every account would put each client user whose name matches (10,000 at 100,000 clients) in the
 * array every client row is compared with, 2 s for one search.
 */
export const zoneChiefs = (where: SQL | undefined): SQL =>
  sql`select ${users.id} from ${users} where ${users.roleId} = (select ${roles.id} from ${roles} where ${roles.label} = ${ROLE.chefZone}) and ${where ?? sql`true`}`;

/** CHEF_ZONE_ID as a search target: the clients whose zone chief's name or code matches. */
export const chefNameLike = (p: string): SQL =>
  fkIn(clients.chefZoneId, zoneChiefs(or(ilike(users.firstname, p), ilike(users.lastname, p), ilike(users.codeChefZone, p))));

/** A client's CHEF_ZONE_ID names a zone chief's account (422 otherwise), as the form's list offers. */
export async function assertZoneChief(db: Db, id: number | null | undefined): Promise<void> {
  if (id == null) return;
  const found = await db.execute(sql`select 1 from (${zoneChiefs(eq(users.id, id))}) as chief`);
  if (!rowsOf(found).length) throw new AppError(422, CLIENT_MESSAGES.chefNotFound, { CHEF_ZONE_ID: [CLIENT_MESSAGES.chefNotFound] });
}

/** The route config of a hand-written client-linked route (the generic router adds it itself). */
export const CLIENT_OWNED = { ownedBy: 'client' } as const;

/** The clients resource itself: the rule on the clients table. */
export const clientsScope = rowScope(CLIENT_OWNED.ownedBy, ownClients);

/**
 * Rows hanging on a client through `clientId`: the zone scope (a subquery, so that a list's count
 * needs no join to clients), the join to the client for the display fields, those fields (code and
 * name searched through the clients' own indexes) and the CODE_CLIENT filter.
 */
export function ownedByClient(clientId: AnyPgColumn) {
  const scope = rowScope(CLIENT_OWNED.ownedBy, (user: User): SQL | undefined => {
    const own = ownClients(user);
    return own && sql`${clientId} in (select ${clients.id} from ${clients} where ${own})`;
  });
  return {
    scope,
    /** Each row has exactly one client (a non-null foreign key). */
    join: { table: clients, on: eq(clients.id, clientId), kind: 'one' as const },
    codeField: {
      api: 'CODE_CLIENT',
      column: clients.code,
      search: (p: string): SQL => fkIn(clientId, sql`select id from clients where code_client ilike ${p}`),
      sort: 'text',
      export: { width: 1 },
    } as const,
    /** The client's name under the resource's API name; searched unless `search: false`. */
    nameField: <A extends string>(api: A, width: number, opts: { search?: boolean } = {}) =>
      ({
        api,
        column: clients.name,
        ...(opts.search === false ? {} : { search: (p: string): SQL => fkIn(clientId, sql`select id from clients where name ilike ${p}`) }),
        sort: 'text',
        export: { width },
      }) as const,
    idField: { api: 'CLIENT_ID', column: clientId } as const,
    /** ?CODE_CLIENT=: the rows of that client (case-insensitive code). */
    codeFilter: {
      schema: z.string().trim().min(1).max(30),
      where: (code: string) => fkIn(clientId, sql`select id from clients where lower(code_client) = lower(${code})`),
    },
  };
}

/** Whether this user may reach the client's rows (a zone chief: his own clients only; others: any id). */
export async function mayReachClient(db: Db, user: User, clientId: number): Promise<boolean> {
  const own = ownClients(user);
  if (!own) return true;
  const [c] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), own));
  return !!c;
}

/** A hand-written route's check of one row's client: another zone's client is a 404. */
export async function assertOwnsClient(db: Db, user: User, clientId: number): Promise<void> {
  if (!(await mayReachClient(db, user, clientId))) throw notFound();
}
