/**
 * The points ledger at volume: BENCH_CLIENTS clients and a ledger grown to
 * BENCH_LEDGER_ROWS rows (10,000,000 by default) of credits and debits to every client, written through
 * the ledger's insert and its lots' trigger (so the FIFO lots and their uses grow with it; seedLedger). Then, each beside the same
 * work done bare and as a ratio:
 * - a points offer to 10,000 clients in one call, beside its statements alone (target ≤ 1.5);
 * - the daily expiry run over 10,000 clients with expired lots, beside one bare statement (target ≤ 1.5);
 * - a single offer and a single debit with the lots' trigger, beside the same calls without it (the FIFO
 *   bookkeeping's cost; target ≤ 1.3). The trigger is switched off on one client only, whose ledger rows
 *   of that measure are then removed, so the ledger stays whole for what runs after.
 * PostgreSQL only.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../src/db/client';
import { expirePoints } from '../src/modules/loyalty/points.expiry';
import { sessionUser } from '../src/plugins/auth';
import { bearer, compare, RUNS, row } from './clients';
import { rowsOf } from '../src/db/rows';

export const LEDGER_ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 10_000_000);
const OFFER_CLIENTS = 10_000;
const EXPIRY_ROUNDS = Number(process.env.BENCH_EXPIRY_ROUNDS ?? 3);
/** The FIFO lots' cost: blocks of calls with the trigger, then without, in turn. */
const FIFO_BLOCKS = 4;
const FIFO_BLOCK = 12;
const FIFO_WARMUP = 3;

/**
 * A credit (or debit) to the clients matched by `where`, as applyPoints writes it: the balance, the
 * year's credits and the ledger row in one statement (the lots' trigger fires on it as on the app's).
 */
const credit = (where: ReturnType<typeof sql>, amount: number, source: string, reason: string) => sql`
  with changed as (
    update clients set points_fid = points_fid + ${amount}::int,
      points_fid_n = (case when points_year = extract(year from now() at time zone 'Africa/Tunis')::smallint then points_fid_n else 0 end) + ${Math.max(amount, 0)}::int,
      points_year = extract(year from now() at time zone 'Africa/Tunis')::smallint,
      points_offered = points_offered + ${source === 'offer' ? amount : 0}::int
    where points_fid + ${amount}::int >= 0 and ${where}
    returning id, points_fid
  )
  insert into points_ledger (client_id, amount, balance_after, source, reason)
  select id, ${amount}::int, points_fid, ${source}, ${reason} from changed order by id`;

/** Clients whose whole history one seeding statement writes (about 1,000,000 ledger rows at 50 rounds). */
const SEED_BATCH = 10_000;

/**
 * Grows the ledger to LEDGER_ROWS rows as rounds of a credit of 10 then a debit of 4 to every client,
 * written the way the app writes points (the client's balance and year's credits, the ledger rows, and
 * the lots' trigger on that insert) but with every round of SEED_BATCH clients in one statement: rows in
 * round order (credit, then debit), so the trigger makes the same lots and consumes them first-in
 * first-out exactly as round after round would, in minutes instead of the hour that 2 × rounds
 * statements over every client take on this machine. The ledger verification (bench/ledger.ts, run
 * after) checks the result's invariants.
 */
export async function seedLedger(handle: DbHandle): Promise<number> {
  const db = handle.db;
  const t0 = performance.now();
  const one = async (q: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await db.execute(q))[0].n);
  const [rows, clientCount, maxId] = [
    await one(sql`select count(*)::int as n from points_ledger`),
    await one(sql`select count(*)::int as n from clients`),
    await one(sql`select coalesce(max(id), 0)::int as n from clients`),
  ];
  const rounds = Math.ceil((LEDGER_ROWS - rows) / (2 * Math.max(1, clientCount)));
  if (rounds <= 0) return performance.now() - t0;
  const year = sql`extract(year from now() at time zone 'Africa/Tunis')::smallint`;
  for (let lo = 1; lo <= maxId; lo += SEED_BATCH) {
    await db.execute(sql`
      with changed as (
        update clients set points_fid = points_fid + ${6 * rounds}::int,
          points_fid_n = (case when points_year = ${year} then points_fid_n else 0 end) + ${10 * rounds}::int,
          points_year = ${year}
        where id >= ${lo}::int and id < ${lo + SEED_BATCH}::int
        returning id, points_fid - ${6 * rounds}::int as before
      )
      insert into points_ledger (client_id, amount, balance_after, source, reason)
      select c.id, k.amount, c.before + 6 * (r - 1) + case when k.amount > 0 then 10 else 6 end, 'adjustment',
        case when k.amount > 0 then 'Banc : crédit ' else 'Banc : débit ' end || r
      from changed c cross join generate_series(1, ${rounds}::int) r cross join (values (10), (-4)) k(amount)
      order by r, k.amount desc, c.id`);
  }
  await db.execute(sql`vacuum analyze points_ledger, points_lots, points_lot_uses, clients`);
  return performance.now() - t0;
}

export async function benchPoints(app: FastifyInstance, handle: DbHandle, auth: Record<string, string>) {
  const db = handle.db;
  const token = bearer(auth);
  const [{ ledger, lots }] = rowsOf<{ ledger: number; lots: number }>(
    await db.execute(sql`select (select count(*) from points_ledger)::int as ledger, (select count(*) from points_lots)::int as lots`),
  );
  console.log(`  registre : ${ledger} lignes, ${lots} lots`);
  const ids = rowsOf<{ id: number }>(await db.execute(sql`select id from clients order by id limit ${OFFER_CLIENTS}`)).map((r) => Number(r.id));
  const post = async (url: string, payload: unknown) => {
    const res = await app.inject({ method: 'POST', url, headers: auth, payload: payload as never });
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
  };

  // An offer of 1 point to 10,000 clients in one call, beside its statements alone.
  const offerBare = async () => {
    await sessionUser(db, token, undefined, app.sessionCache);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        with changed as (
          update clients set points_fid = points_fid + 1, points_offered = points_offered + 1, updated_at = now(),
            points_fid_n = (case when points_year = extract(year from now() at time zone 'Africa/Tunis')::smallint then points_fid_n else 0 end) + 1,
            points_year = extract(year from now() at time zone 'Africa/Tunis')::smallint
          where id = any(${sql.param(ids)}::int[])
          returning id, points_fid
        )
        insert into points_ledger (client_id, amount, balance_after, source, reason, author_id)
        select id, 1, points_fid, 'offer', 'Banc', null from changed order by id`);
    });
  };
  const [offerApi, offerNu] = await compare(Math.min(RUNS, 7), () => post('/api/users/offerPoints/clients', { POINTS_OFFERED: 1, CLIENTS: ids }), offerBare);
  console.log(row(`points offerts à ${OFFER_CLIENTS} clients (un appel)`, offerApi, offerNu, '   objectif ratio ≤ 1,5'));

  // The daily expiry run: 10,000 clients each with a lot of 5 points expired a minute ago.
  const expiring = async () => {
    await db.execute(sql`update programme_settings set expiry_policy = 'months', expiry_months = 1 where id = 1`);
    await db.execute(credit(sql`id = any(${sql.param(ids)}::int[])`, 5, 'offer', 'Banc : à expirer'));
    await db.execute(sql`update programme_settings set expiry_policy = 'never', expiry_months = null where id = 1`);
    await db.execute(sql`update points_lots set expires_at = now() - interval '1 minute' where remaining > 0 and expires_at is not null`);
  };
  const expiryBare = () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`
        with due as (
          select client_id, sum(remaining)::int as s from points_lots where remaining > 0 and expires_at <= now() group by client_id
        ), changed as (
          update clients c set points_fid = c.points_fid - due.s, updated_at = now() from due where c.id = due.client_id returning c.id, c.points_fid, due.s
        )
        insert into points_ledger (client_id, amount, balance_after, source, reason) select id, -s, points_fid, 'expiry', 'Expiration des points' from changed order by id`);
    });
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < EXPIRY_ROUNDS; i++) {
    for (const [k, fn] of [() => expirePoints(db), expiryBare].entries()) {
      await expiring();
      const t0 = performance.now();
      await fn();
      times[k].push(performance.now() - t0);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(row(`expiration quotidienne (${OFFER_CLIENTS} clients)`, median(times[0]), median(times[1]), '   objectif ratio ≤ 1,5'));

  // The FIFO bookkeeping's cost on one call: the same client with the lots' trigger, then without it.
  const [{ id: one }] = rowsOf<{ id: number }>(await db.execute(sql`select id from clients order by points_fid desc, id limit 1`));
  // Enough points for every debit of the measure, in lots of its own history.
  await db.execute(credit(sql`id = ${one}`, 10 * RUNS, 'adjustment', 'Banc : solde du retrait'));
  const [{ mark }] = rowsOf<{ mark: number }>(await db.execute(sql`select coalesce(max(id), 0)::int as mark from points_ledger`));
  const [before] = rowsOf<{ fid: number; n: number; offered: number }>(
    await db.execute(sql`select points_fid as fid, points_fid_n as n, points_offered as offered from clients where id = ${one}`),
  );
  const single = () => post('/api/users/offerPoints/clients', { POINTS_OFFERED: 1, CLIENTS: [one] });
  const debit = () => post(`/api/clients/${one}/points`, { POINTS: -1, REASON: 'Banc' });
  // Blocks with and without the trigger in turn, so both meet the same machine weather; the first calls
  // of a block are dropped (switching the trigger makes each connection plan the statements again).
  const samples = { on: { offer: [] as number[], debit: [] as number[] }, off: { offer: [] as number[], debit: [] as number[] } };
  const block = async (into: { offer: number[]; debit: number[] }) => {
    for (let i = 0; i < FIFO_BLOCK; i++) {
      for (const [key, fn] of [
        ['offer', single],
        ['debit', debit],
      ] as const) {
        const t0 = performance.now();
        await fn();
        if (i >= FIFO_WARMUP) into[key].push(performance.now() - t0);
      }
    }
  };
  try {
    for (let b = 0; b < FIFO_BLOCKS; b++) {
      await block(samples.on);
      await db.execute(sql`alter table points_ledger disable trigger points_ledger_lots`);
      await block(samples.off);
      await db.execute(sql`alter table points_ledger enable trigger points_ledger_lots`);
    }
  } finally {
    await db.execute(sql`alter table points_ledger enable trigger points_ledger_lots`);
    // That client's rows of this measure go, with the lots and uses the trigger wrote for some of them.
    await db.execute(sql`delete from points_lot_uses where ledger_id > ${mark}::int and ledger_id in (select id from points_ledger where client_id = ${one})`);
    await db.execute(
      sql`update points_lots l set remaining = l.amount - coalesce((select sum(u.amount) from points_lot_uses u where u.lot_id = l.id), 0) where l.client_id = ${one}`,
    );
    await db.execute(sql`delete from points_lots where ledger_id > ${mark}::int and client_id = ${one}`);
    await db.execute(sql`delete from points_ledger where id > ${mark}::int and client_id = ${one}`);
    await db.execute(
      sql`update clients set points_fid = ${before.fid}::int, points_fid_n = ${before.n}::int, points_offered = ${before.offered}::int where id = ${one}`,
    );
  }
  console.log(row('une offre de points : avec les lots / sans', median(samples.on.offer), median(samples.off.offer), '   objectif ratio ≤ 1,3'));
  console.log(row('un retrait de points : avec les lots / sans', median(samples.on.debit), median(samples.off.debit), '   objectif ratio ≤ 1,3'));
}
