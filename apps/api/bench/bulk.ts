/**
 * Bulk actions at volume: a bulk change of 10,000 clients through the API (one
 * call: POST clients/bulk/deactivate, and clients/bulk/points), beside the same effects written bare —
 * the session check, then in one transaction the `UPDATE … WHERE id = any(…)`, its client.updated or
 * points.changed events and ledger rows, and the one audit row — as a ratio (target ≤ 1.5). The API's
 * extra work is the body's validation, the rows' resolution under the user's scope, the per-row
 * refusal in SQL and the reply. PostgreSQL only.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../src/db/client';
import { clientEventsSql } from '../src/modules/clients/clients.events';
import { pointsEventsCte } from '../src/modules/loyalty/points.events';
import { sessionUser } from '../src/plugins/auth';
import { bearer, compare, RUNS, row } from './clients';
import { rowsOf } from '../src/db/rows';

export const BULK_CLIENTS = 10_000;
const year = sql`extract(year from now() at time zone 'Africa/Tunis')::smallint`;

export async function benchBulk(app: FastifyInstance, handle: DbHandle, auth: Record<string, string>) {
  const db = handle.db;
  const token = bearer(auth);
  const ids = rowsOf<{ id: number }>(await db.execute(sql`select id from clients order by id limit ${BULK_CLIENTS}`)).map((r) => Number(r.id));
  if (ids.length < BULK_CLIENTS) throw new Error(`${BULK_CLIENTS} clients attendus, ${ids.length} trouvés`);
  await db.execute(sql`update clients set is_active = 1 where id = any(${sql.param(ids)}::int[])`);
  const post = async (url: string, payload: unknown) => {
    const res = await app.inject({ method: 'POST', url, headers: auth, payload: payload as never });
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 300)}`);
    const data = res.json().data as { changed: number };
    if (data.changed !== ids.length) throw new Error(`${url} : ${data.changed} lignes changées sur ${ids.length}`);
  };
  /** The signed-in user the bare work read (its session check), for its audit row. */
  const who: { user: { id: number; email: string } | null } = { user: null };
  const auditRow = (action: string, changes: unknown) =>
    sql`insert into audit_log (user_id, user_email, action, entity, entity_id, changes) values (${who.user?.id ?? null}::int, ${who.user?.email ?? null}, ${action}, 'clients', null, ${JSON.stringify(changes)}::jsonb)`;

  // Deactivate or activate, through the API and bare in turns.
  const flagBare = async (value: number) => {
    who.user = (await sessionUser(db, token, undefined, app.sessionCache)) as { id: number; email: string } | null;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        with u as (update clients c set is_active = ${value}::smallint, updated_at = now() where c.id = any(${sql.param(ids)}::int[]) returning c.*)
        ${clientEventsSql('client.updated', 'u')}`);
      await tx.execute(auditRow(value ? 'bulk:activate' : 'bulk:deactivate', { ids, params: {} }));
    });
  };
  // The rows' state, shared: each call (API or bare) flips every row, so each changes 10,000 rows.
  let active = true;
  const [flagApi, flagNu] = await compare(
    Math.min(RUNS, 11),
    async () => {
      await post(`/api/clients/bulk/${active ? 'deactivate' : 'activate'}`, { ids });
      active = !active;
    },
    async () => {
      await flagBare(active ? 0 : 1);
      active = !active;
    },
  );
  console.log(row(`(dés)activation groupée de ${BULK_CLIENTS} clients`, flagApi, flagNu, '   objectif ratio ≤ 1,5'));

  // One point offered to the same 10,000 clients: the API's bulk offer beside applyPoints' statement bare.
  const offerBare = async () => {
    who.user = (await sessionUser(db, token, undefined, app.sessionCache)) as { id: number; email: string } | null;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        with changed as (
          update clients set points_fid = points_fid + 1, points_offered = points_offered + 1, updated_at = now(),
            points_fid_n = (case when points_year = ${year} then points_fid_n else 0 end) + 1, points_year = ${year}
          where id = any(${sql.param(ids)}::int[])
          returning id, points_fid
        ), rows as (
          insert into points_ledger (client_id, amount, balance_after, source, reason, author_id)
          select id, 1, points_fid, 'offer', 'Banc', ${who.user?.id ?? null}::int from changed order by id
          returning id, client_id, amount, balance_after, source, source_id, reason, created_at
        ), events as (${pointsEventsCte('rows')})
        select count(*) from rows`);
      await tx.execute(auditRow('bulk:points', { ids, params: { points: 1, reason: 'Banc' } }));
    });
  };
  const [offerApi, offerNu] = await compare(Math.min(RUNS, 11), () => post('/api/clients/bulk/points', { ids, points: 1, reason: 'Banc' }), offerBare);
  console.log(row(`points offerts en groupe à ${BULK_CLIENTS} clients`, offerApi, offerNu, '   objectif ratio ≤ 1,5'));
}
