import { ACCOUNT_CODES, ROLE } from '@app/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { demoPasswordHash, ensureRoles } from '../../db/seed-accounts';
import { roles, users } from '../../lib/auth/accounts.table';
import { clientActivities, clientCategories, clientTypes } from '../../lib/clients/classification.table';
import { badges } from '../../lib/clients/badges.table';
import { applyPoints } from '../loyalty';
import { type ClientRefs, generateClient, rng } from './clients.generate';
import { clients } from '../../lib/clients/clients.table';

/** What generated clients hang on, read from the classification and the zone chiefs in the database. */
export async function clientRefs(db: Db): Promise<ClientRefs> {
  const types = (await db.select({ id: clientTypes.id }).from(clientTypes)).map((t) => t.id);
  const categories = await db
    .select({ id: clientCategories.id, activityId: clientCategories.activityId, circuitId: clientActivities.circuitId })
    .from(clientCategories)
    .innerJoin(clientActivities, eq(clientActivities.id, clientCategories.activityId));
  const activities = await db
    .select({ id: clientActivities.id, circuitId: clientActivities.circuitId })
    .from(clientActivities)
    .where(sql`not exists (select 1 from ${clientCategories} where ${clientCategories.activityId} = ${clientActivities.id})`);
  const chiefs = (
    await db.select({ id: users.id }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(roles.label, ROLE.chefZone)).orderBy(users.id)
  ).map((c) => c.id);
  return { types, categories, activities, chiefs };
}

const FIRST = ['Mohamed', 'Ahmed', 'Ali', 'Youssef', 'Nizar', 'Amel', 'Ines', 'Sonia', 'Rim', 'Hela', 'Skander', 'Olfa'];

/**
 * Demo clients (embedded database only): ~200 clients over the governorates and the classification,
 * shared between the zone chiefs; badges held with their bonus credited; offered points and a few
 * corrections in the ledger; mobile-app users for a third of the clients (some waiting for validation), and
 * an active one for every client.
 * Every point goes through the ledger, so balances equal the sum of their rows.
 */
export async function seedClients(db: Db, password: string, count = 200): Promise<void> {
  const r = rng(20_26);
  const refs = await clientRefs(db);
  if (!refs.types.length) return;
  const rows = Array.from({ length: count }, (_, i) => generateClient(i, refs, r));
  const ids = (await db.insert(clients).values(rows).returning({ id: clients.id })).map((c) => c.id);
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.label, ROLE.admin), eq(users.email, 'admin@demo.tn')));
  const authorId = admin?.id ?? null;

  // Badges: the better tiers are rarer; each holder gets the tier's bonus once, as the API does.
  const tiers = await db.select({ id: badges.id, name: badges.name, bonus: badges.bonusBadge }).from(badges).orderBy(badges.bonusBadge);
  const shares = [0.25, 0.12, 0.06, 0.02];
  let cursor = 0;
  for (const [k, tier] of tiers.entries()) {
    const n = Math.round(count * (shares[k] ?? 0.02));
    const holders = ids.slice(cursor, cursor + n);
    cursor += n;
    if (!holders.length) continue;
    await db.update(clients).set({ badgeId: tier.id }).where(inArray(clients.id, holders));
    if (tier.bonus > 0) {
      await applyPoints(db, inArray(clients.id, holders), {
        amount: tier.bonus,
        source: 'badge',
        sourceId: tier.id,
        reason: `Badge « ${tier.name} » attribué`,
        authorId,
      });
    }
  }

  // Offered points campaigns, then a few corrections.
  for (const [points, step, reason] of [
    [100, 3, 'Points offerts — ouverture de la saison'],
    [250, 7, 'Points offerts — clients fidèles'],
    [50, 5, 'Points offerts (par activité)'],
  ] as const) {
    const chosen = ids.filter((_, i) => i % step === 0);
    await applyPoints(db, inArray(clients.id, chosen), { amount: points, source: 'offer', reason, authorId });
  }
  for (const id of ids.filter((_, i) => i % 17 === 0)) {
    await applyPoints(db, eq(clients.id, id), { amount: 40, source: 'adjustment', reason: 'Geste commercial', authorId });
  }

  // Users of the mobile app (role patente), one or two per client for a third of the clients.
  const roleIds = await ensureRoles(db);
  const passwordHash = await demoPasswordHash(password);
  const now = Date.now();
  const people = ids
    .filter((_, i) => i % 3 === 0)
    .flatMap((clientId, k) =>
      Array.from({ length: k % 4 === 0 ? 2 : 1 }, (_, j) => {
        const first = FIRST[(k + j) % FIRST.length];
        const waiting = k % 9 === 4;
        return {
          email: `${first.toLowerCase()}.${clientId}${j ? `.${j}` : ''}@client.demo.tn`,
          passwordHash,
          firstname: first,
          lastname: rows[ids.indexOf(clientId)].name.split(' ').slice(1).join(' '),
          gsm: `+216${String(20_000_000 + ((clientId * 7919 + j) % 79_999_999))}`,
          roleId: roleIds.get(ROLE.patente)!,
          clientId,
          gouvernorat: rows[ids.indexOf(clientId)].gouvernorat,
          gender: (k + j) % 2 ? 'Mme' : 'M.',
          birthday: `${1970 + ((k * 7) % 30)}-${String(1 + (k % 12)).padStart(2, '0')}-${String(1 + (k % 28)).padStart(2, '0')}`,
          status: waiting ? ACCOUNT_CODES.INACTIVE : ACCOUNT_CODES.ACTIVE,
          lastSeenAt: waiting ? null : new Date(now - ((k * 37) % 120) * 86_400_000),
        };
      }),
    );
  // Every demo client also has an active app user with the demo password (local runs of the
  // mobile app), `<first>.<clientId>@client.demo.tn` (`.2` when that address waits for validation); those
  // added here have not connected yet (no LASTSEEN, no connection logs).
  const active = new Set(people.filter((u) => u.status === ACCOUNT_CODES.ACTIVE).map((u) => u.clientId));
  const appUsers = ids
    .filter((clientId) => !active.has(clientId))
    .map((clientId, k) => {
      const row = rows[ids.indexOf(clientId)];
      const first = FIRST[(clientId + k) % FIRST.length];
      const taken = people.some((u) => u.clientId === clientId);
      return {
        email: `${first.toLowerCase()}.${clientId}${taken ? '.2' : ''}@client.demo.tn`,
        passwordHash,
        firstname: first,
        lastname: row.name.split(' ').slice(1).join(' '),
        gsm: `+216${String(20_000_000 + ((clientId * 7919 + 2) % 79_999_999))}`,
        roleId: roleIds.get(ROLE.patente)!,
        clientId,
        gouvernorat: row.gouvernorat,
        gender: k % 2 ? 'Mme' : 'M.',
        birthday: null,
        status: ACCOUNT_CODES.ACTIVE,
        lastSeenAt: null,
      };
    });
  await db
    .insert(users)
    .values([...people, ...appUsers])
    .onConflictDoNothing();
  // A user registered on the app a few days after his client joined the programme.
  await db.execute(sql`
    update ${users} u set created_at = least(coalesce(u.last_seen_at, now()), now(), (c.inscription::timestamp at time zone 'Africa/Tunis') + make_interval(days => 1 + u.id % 20, hours => 9))
    from ${clients} c where c.id = u.client_id`);
  // A client's LASTUSE is its users' last connection on the app.
  await db.execute(sql`
    update ${clients} set last_use = u.last_seen
    from (select client_id, max(last_seen_at) as last_seen from ${users} where client_id is not null group by client_id) u
    where u.client_id = ${clients.id}`);
}
