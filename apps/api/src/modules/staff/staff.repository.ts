import { ROLE } from '@app/domain';
import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, users } from '../../lib/auth/accounts.table';
import { clients } from '../../lib/clients/clients.table';

type Queryable = Pick<Db, 'select'>;

/** The slices of the users table the users lists show. */
export const SCOPE = {
  /** Back-office staff: accounts that belong to no client and are not a client user's role. */
  backOffice: and(isNull(users.clientId), ne(roles.label, ROLE.patente)) as SQL,
  admins: eq(roles.label, ROLE.admin),
  role: (label: string) => eq(roles.label, label),
};

export async function roleIdByLabel(db: Queryable, label: string): Promise<number | null> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.label, label)).limit(1);
  return row?.id ?? null;
}

export async function roleById(db: Queryable, id: number): Promise<{ id: number; label: string } | null> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  return row ?? null;
}

/** Clients whose zone chief is this account (clients_chef_zone_idx). */
export async function clientsOfChief(db: Queryable, userId: number): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(clients).where(eq(clients.chefZoneId, userId));
  return Number(n);
}

/** Zone chief codes are unique case-insensitively (users_code_chef_zone_unique is on lower(code)). */
export async function codeTakenByOther(db: Queryable, code: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.codeChefZone}) = ${code.toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return !!row;
}
