/**
 * « Contrôle du registre » and « Passif du programme » at volume: GET ledger/verify (every
 * invariant, first offenders) and GET ledger/liability (total and four groupings), each beside the same
 * computation as one bare SQL statement with the route's session check, as a ratio (target ≤ 1.5).
 * Runs on whatever ledger the large seed gave (BENCH_CLIENTS clients, BENCH_ORDERS orders credited).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../src/db/client';
import { sessionUser } from '../src/plugins/auth';
import { bearer, row } from './clients';
import { rowsOf } from '../src/db/rows';

const LEDGER_RUNS = Number(process.env.BENCH_LEDGER_RUNS ?? 7);

export async function benchLedger(app: FastifyInstance, handle: DbHandle, auth: Record<string, string>) {
  const db = handle.db;
  const token = bearer(auth);
  await db.execute(sql`update programme_settings set point_value = 10 where id = 1`);
  const [volume] = rowsOf<{ rows: number; lots: number; uses: number }>(
    await db.execute(
      sql`select (select count(*) from points_ledger)::int as rows, (select count(*) from points_lots)::int as lots, (select count(*) from points_lot_uses)::int as uses`,
    ),
  );
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: auth });
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const year = sql`extract(year from now() at time zone 'Africa/Tunis')::int`;
  /** The six invariants' offender counts, written bare in one statement. */
  const bareVerify = async () => {
    await sessionUser(db, token, undefined, app.sessionCache);
    const [r] = rowsOf<Record<string, number>>(
      await db.execute(sql`
        with s as (select client_id, sum(amount) as s from points_ledger group by client_id),
        u as (select lot_id, sum(amount) as s from points_lot_uses group by lot_id),
        o as (select client_id, sum(remaining) as s from points_lots where remaining > 0 group by client_id),
        e as (select client_id, sum(amount) as s from points_ledger where amount > 0
              and created_at >= make_date(${year}, 1, 1)::timestamp at time zone 'Africa/Tunis' and created_at < make_date(${year} + 1, 1, 1)::timestamp at time zone 'Africa/Tunis' group by client_id)
        select
          (select count(*) from clients c left join s on s.client_id = c.id where c.points_fid <> coalesce(s.s, 0))::int as balance,
          (select count(*) from points_lots p left join u on u.lot_id = p.id where p.remaining <> p.amount - coalesce(u.s, 0))::int as lot_remaining,
          (select count(*) from clients c left join o on o.client_id = c.id where c.points_fid <> coalesce(o.s, 0))::int as lots_balance,
          (select count(*) from clients c left join e on e.client_id = c.id where (case when c.points_year = ${year} then c.points_fid_n else 0 end) <> coalesce(e.s, 0))::int as points_year,
          (select count(*) from points_ledger l where not exists (select 1 from clients c where c.id = l.client_id))::int as orphan_rows,
          (select count(*) from points_lots where remaining > 0 and expires_at <= now() - interval '26 hours')::int as expired_open`),
    );
    return Object.values(r).reduce((a, b) => a + Number(b), 0);
  };
  const apiVerify = async () => ((await get('/api/ledger/verify')).CHECKS as { COUNT: number }[]).reduce((a, c) => a + c.COUNT, 0);
  /** Total and the four groupings, bare, in one statement. */
  const bareLiability = async () => {
    await sessionUser(db, token, undefined, app.sessionCache);
    const rows = rowsOf<{ g: string; points: string }>(
      await db.execute(sql`
        select 'total' as g, null as k, count(*) as clients, sum(points_fid) as points from clients where points_fid > 0
        union all select 'chef', c.chef_zone_id::text || coalesce(u.lastname, ''), count(*), sum(c.points_fid) from clients c left join users u on u.id = c.chef_zone_id where c.points_fid > 0 group by 2
        union all select 'badge', c.badge_id::text || coalesce(b.name, ''), count(*), sum(c.points_fid) from clients c left join badges b on b.id = c.badge_id where c.points_fid > 0 group by 2
        union all select 'activity', c.activity_id::text || coalesce(a.name, ''), count(*), sum(c.points_fid) from clients c left join client_activities a on a.id = c.activity_id where c.points_fid > 0 group by 2
        union all select 'month', to_char((expires_at - interval '1 millisecond') at time zone 'Africa/Tunis', 'YYYY-MM'), count(distinct client_id), sum(remaining) from points_lots where remaining > 0 group by 2`),
    );
    return Number(rows.find((r) => r.g === 'total')?.points ?? 0);
  };
  const apiLiability = async () => (await get('/api/ledger/liability')).TOTAL.POINTS as number;

  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`registre : ${volume.rows} mouvements, ${volume.lots} lots, ${volume.uses} consommations`);
  for (const [label, api, bare] of [
    ['contrôle du registre (6 invariants)', apiVerify, bareVerify],
    ['passif du programme (total + 4 regroupements)', apiLiability, bareLiability],
  ] as const) {
    await api();
    await bare();
    const times: [number[], number[]] = [[], []];
    const results: number[] = [];
    for (let i = 0; i < LEDGER_RUNS; i++) {
      for (const [k, fn] of [api, bare].entries()) {
        const t0 = performance.now();
        results[k] = await fn();
        times[k].push(performance.now() - t0);
      }
    }
    if (results[0] !== results[1]) throw new Error(`${label}: API ${results[0]}, SQL nu ${results[1]}`);
    console.log(row(label, mid(times[0]), mid(times[1]), `   médiane de ${LEDGER_RUNS}, objectif ≤ 1.5`));
    // The seeded ledger must hold every invariant, or the figures are of a broken ledger.
    if (api === apiVerify) console.log(`  anomalies trouvées : ${results[0]}`);
  }
}
