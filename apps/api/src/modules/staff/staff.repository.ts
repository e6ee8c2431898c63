import { type ListQuery, ROLE, type StaffUser, type ZoneChief } from '@app/domain';
import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { CompiledResource } from '../../lib/crud/compile';
import { orderFor, searchWhere } from '../../lib/crud/list-query';
import { paged, unpaged } from '../../lib/http';
import { mediaFor } from '../../lib/media/media.service';
import { roles, users } from '../../lib/auth/accounts.table';
import { clients } from '../contacts/clients.table';
import { staffUsers, zoneChiefs } from './staff.resource';

type Row = Record<string, unknown>;
type Queryable = Pick<Db, 'select'>;

/** The scopes of the users table each list shows. */
export const SCOPE = {
  zoneChiefs: eq(roles.label, ROLE.chefZone),
  /** Back-office staff: accounts that belong to no client and are not a client user's role. */
  backOffice: and(isNull(users.clientId), ne(roles.label, ROLE.patente)) as SQL,
  admins: eq(roles.label, ROLE.admin),
  role: (label: string) => eq(roles.label, label),
};

const fullName = (d: { FIRSTNAME: string; LASTNAME: string }) => `${d.FIRSTNAME} ${d.LASTNAME}`.trim();

/** Adds what the query does not give: the display name, and for users the login and the company with its image. */
export const toZoneChiefs = (rows: Row[]): ZoneChief[] =>
  rows.map(zoneChiefs.toDto).map((d) => ({ ...d, username: fullName(d) }));

export async function toStaffUsers(db: Db, rows: Row[]): Promise<StaffUser[]> {
  const dtos = rows.map(staffUsers.toDto);
  const typeIds = [...new Set(dtos.map((d) => d.TYPE_CLIENT_ID).filter((id): id is number => id != null))];
  const images = await mediaFor(db, 'typeclients', typeIds, 'image');
  return dtos.map((d) => ({
    ...d,
    username: fullName(d),
    login: d.EMAIL,
    societe: d.TYPE_CLIENT_ID != null && d.TYPE_CLIENT_NAME != null ? { NAME: d.TYPE_CLIENT_NAME, MEDIA: images.get(d.TYPE_CLIENT_ID) ?? null } : null,
  }));
}

/** One page (with `page`) or the whole scoped list, searched and sorted in SQL. */
export async function listScoped<Dto extends { id: number }, Out>(
  db: Db,
  r: CompiledResource<Dto>,
  scope: SQL,
  q: ListQuery,
  finish: (rows: Row[]) => Out[] | Promise<Out[]>,
) {
  const { page, perPage = r.def.defaultPerPage, search, sort, order, tags } = q;
  const where = and(scope, searchWhere(r.searchTargets, search, tags));
  const orderBy = orderFor(r.sortable, r.def.defaultSort, r.def.idColumn, sort, order);
  const s = r.select(db);
  if (!page)
    return unpaged(
      (limit) => s.rows.where(where).orderBy(...orderBy).limit(limit),
      async () => Number((await s.count.where(where))[0].n),
      finish,
    );
  const [rows, [{ n }]] = await Promise.all([
    s.rows.where(where).orderBy(...orderBy).limit(perPage).offset((page - 1) * perPage),
    s.count.where(where),
  ]);
  return paged(await finish(rows), Number(n), page, perPage);
}

const EXPORT_BATCH = 2000;

/** Every row of the filtered, scoped list in batches (exports): memory stays flat whatever the size. */
export async function* scopedRows<Dto extends { id: number }, Out>(
  db: Db,
  r: CompiledResource<Dto>,
  scope: SQL,
  q: Pick<ListQuery, 'search' | 'tags' | 'sort' | 'order'>,
  finish: (rows: Row[]) => Out[] | Promise<Out[]>,
): AsyncGenerator<Out> {
  const where = and(scope, searchWhere(r.searchTargets, q.search, q.tags));
  const orderBy = orderFor(r.sortable, r.def.defaultSort, r.def.idColumn, q.sort, q.order);
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const batch = await r.select(db).rows.where(where).orderBy(...orderBy).limit(EXPORT_BATCH).offset(offset);
    yield* await finish(batch);
    if (batch.length < EXPORT_BATCH) return;
  }
}

export async function findZoneChief(db: Db, id: number): Promise<ZoneChief | null> {
  const [row] = await zoneChiefs.select(db).rows.where(and(SCOPE.zoneChiefs, eq(users.id, id))).limit(1);
  return row ? toZoneChiefs([row])[0] : null;
}

export async function findStaffUser(db: Db, id: number): Promise<StaffUser | null> {
  const [row] = await staffUsers.select(db).rows.where(eq(users.id, id)).limit(1);
  return row ? (await toStaffUsers(db, [row]))[0] : null;
}

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
