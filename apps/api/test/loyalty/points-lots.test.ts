import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lotExpiresAt } from '@app/domain';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { expirePoints } from '../../src/modules/loyalty/points.expiry';
import { createDatabase, createTestApp, onPostgres, type TestContext } from '../support/helpers';
import { rowsOf } from '../../src/db/rows';

const q = async <T>(db: Db, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));

/**
 * Every invariant of the lots: POINTS_FID = sum of the ledger = sum of the remaining amounts, and each
 * lot's amount minus what is left equals what its uses took. Returns the offending client ids.
 */
async function lotMismatches(db: Db): Promise<number[]> {
  const rows = await q<{ id: number }>(
    db,
    sql`select c.id from clients c
        where c.points_fid <> coalesce((select sum(amount) from points_ledger l where l.client_id = c.id), 0)
           or c.points_fid <> coalesce((select sum(remaining) from points_lots p where p.client_id = c.id), 0)
           or exists (select 1 from points_lots p where p.client_id = c.id
                      and p.amount - p.remaining <> coalesce((select sum(u.amount) from points_lot_uses u where u.lot_id = p.id), 0))
        order by c.id`,
  );
  return rows.map((r) => Number(r.id));
}

describe('migration 0023: existing balances become lots, no balance changes', () => {
  it('one never-expiring lot per client with points, remaining = POINTS_FID', async () => {
    const { handle, drop } = await createDatabase({ fresh: true });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-migr-'));
    try {
      // The migrations before lots: a database as it was, with balances and their ledger.
      const src = path.resolve(__dirname, '../../drizzle');
      mkdirSync(path.join(dir, 'meta'));
      const journal = JSON.parse(readFileSync(path.join(src, 'meta/_journal.json'), 'utf8'));
      const before = journal.entries.filter((e: { tag: string }) => e.tag < '0023');
      writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: before }));
      for (const f of readdirSync(src)) if (f.endsWith('.sql') && f < '0023') copyFileSync(path.join(src, f), path.join(dir, f));
      const db = handle.db as Db;
      if (onPostgres) await migrateNodePg(db as never, { migrationsFolder: dir });
      else await migratePglite(db as never, { migrationsFolder: dir });
      await db.execute(sql`insert into clients (code_client, name, points_fid) values ('M-1', 'Un', 0), ('M-2', 'Deux', 0), ('M-3', 'Trois', 0)`);
      await db.execute(sql`
        with c as (select id, code_client from clients), l as (
          insert into points_ledger (client_id, amount, balance_after, source, reason)
          select id, v.amount, v.after, 'adjustment', 'avant les lots' from c
          join (values ('M-1', 300, 300), ('M-1', -120, 180), ('M-2', 40, 40), ('M-2', -40, 0)) v(code, amount, after) on v.code = c.code_client
          order by v.after desc returning 1
        ) select count(*) from l`);
      await db.execute(sql`update clients set points_fid = case code_client when 'M-1' then 180 else 0 end`);
      const balances = await q<{ code_client: string; points_fid: number }>(db, sql`select code_client, points_fid from clients order by code_client`);

      await handle.migrate();
      expect(await q(db, sql`select code_client, points_fid from clients order by code_client`)).toEqual(balances);
      const lots = await q<{ code_client: string; amount: number; remaining: number; expires_at: string | null; ledger_id: number | null }>(
        db,
        sql`select c.code_client, p.amount, p.remaining, p.expires_at, p.ledger_id from points_lots p join clients c on c.id = p.client_id order by c.code_client`,
      );
      expect(lots).toEqual([{ code_client: 'M-1', amount: 180, remaining: 180, expires_at: null, ledger_id: null }]);
      expect(await q(db, sql`select expiry_policy from programme_settings`)).toEqual([{ expiry_policy: 'never' }]);
      expect(await lotMismatches(db)).toEqual([]);
    } finally {
      await handle.close();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

let t: TestContext;
let admin: Record<string, string>;
let db: Db;

beforeAll(async () => {
  t = await createTestApp();
  db = t.db as Db;
  admin = await t.auth('admin@demo.tn');
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });
let seq = 0;
async function newClient(): Promise<number> {
  seq++;
  const [r] = await q<{ id: number }>(db, sql`insert into clients (code_client, name) values (${`L-${seq}`}, ${`Lots ${seq}`}) returning id`);
  return Number(r.id);
}
const points = (id: number, POINTS: number) => call('POST', `clients/${id}/points`, { POINTS });
const setPolicy = (EXPIRY_POLICY: string, EXPIRY_MONTHS?: number) =>
  call('PUT', 'settings/programme', { EXPIRY_POLICY, ...(EXPIRY_MONTHS ? { EXPIRY_MONTHS } : {}) });
const lotsOf = (id: number) =>
  q<{ id: number; amount: number; remaining: number; expires_at: Date | string | null }>(
    db,
    sql`select id, amount, remaining, expires_at from points_lots where client_id = ${id} order by id`,
  );
const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());

describe('programme setting (Paramètres › Programme)', () => {
  it('is `never` by default, changes for an admin only, audited, with 422 field errors', async () => {
    expect((await call('GET', 'settings/programme')).json().data).toMatchObject({ EXPIRY_POLICY: 'never', EXPIRY_MONTHS: null });
    const bad = await setPolicy('months');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.EXPIRY_MONTHS).toEqual(['Indiquez le nombre de mois.']);
    expect((await call('PUT', 'settings/programme', { EXPIRY_POLICY: 'months', EXPIRY_MONTHS: '12' })).statusCode).toBe(200);
    expect((await call('PUT', 'settings/programme', { EXPIRY_POLICY: 'toujours' })).statusCode).toBe(422);
    const chef = await t.auth('chef@demo.tn');
    expect((await call('PUT', 'settings/programme', { EXPIRY_POLICY: 'never' }, chef)).statusCode).toBe(403);
    const ok = await setPolicy('months', 18);
    expect(ok.json().data).toMatchObject({ EXPIRY_POLICY: 'months', EXPIRY_MONTHS: 18 });
    const audit = await q<{ changes: unknown }>(db, sql`select changes from audit_log where entity = 'programme' order by id desc limit 1`);
    expect(audit[0].changes).toEqual({ EXPIRY_MONTHS: [12, 18] });
    expect((await setPolicy('never')).json().data).toMatchObject({ EXPIRY_POLICY: 'never', EXPIRY_MONTHS: null });
  });
});

describe('lots', () => {
  it('the SQL rule dates lots as the domain rule does (Tunis time, 31 December 23:30 edge)', async () => {
    for (const [policy, months, at] of [
      ['year_end', null, '2026-12-31T22:30:00Z'],
      ['year_end', null, '2026-12-31T23:30:00Z'],
      ['months', 1, '2027-01-31T10:00:00Z'],
      ['months', 2, '2026-12-31T22:30:00Z'],
      ['never', null, '2026-06-01T00:00:00Z'],
    ] as const) {
      const [r] = await q<{ e: Date | string | null }>(db, sql`select points_lot_expiry(${policy}, ${months}::int, ${at}::timestamptz) as e`);
      expect(iso(r.e)).toBe(iso(lotExpiresAt(policy, months, new Date(at))));
    }
  });

  it('a credit is a lot dated by the policy in force; a debit consumes the oldest expiry first, never-expiring last', async () => {
    const id = await newClient();
    await points(id, 100); // never
    await setPolicy('months', 6);
    await points(id, 50); // 6 months
    await setPolicy('year_end');
    await points(id, 30); // end of next year
    await setPolicy('never');
    const [never, six, yearEnd] = await lotsOf(id);
    expect(never).toMatchObject({ amount: 100, remaining: 100, expires_at: null });
    const credited = await q<{ created_at: Date | string }>(
      db,
      sql`select l.created_at from points_ledger l join points_lots p on p.ledger_id = l.id where p.id in (${six.id}, ${yearEnd.id}) order by p.id`,
    );
    expect(iso(six.expires_at)).toBe(iso(lotExpiresAt('months', 6, new Date(credited[0].created_at))));
    expect(iso(yearEnd.expires_at)).toBe(iso(lotExpiresAt('year_end', null, new Date(credited[1].created_at))));

    const r = await points(id, -60);
    expect(r.json().data.POINTS_FID).toBe(120);
    expect((await lotsOf(id)).map((l) => l.remaining)).toEqual([100, 0, 20]);
    const uses = await q<{ lot_id: number; amount: number }>(
      db,
      sql`select u.lot_id, u.amount from points_lot_uses u join points_ledger l on l.id = u.ledger_id where l.client_id = ${id} order by u.id`,
    );
    expect(uses).toEqual([
      { lot_id: six.id, amount: 50 },
      { lot_id: yearEnd.id, amount: 10 },
    ]);
    await points(id, -110);
    expect((await lotsOf(id)).map((l) => l.remaining)).toEqual([10, 0, 0]);
    expect(await lotMismatches(db)).toEqual([]);
  });

  it('an offer to many clients is one call, one lot each', async () => {
    const ids = [await newClient(), await newClient(), await newClient()];
    const r = await call('POST', 'users/offerPoints/clients', { POINTS_OFFERED: 25, CLIENTS: ids });
    expect(r.statusCode).toBe(200);
    const lots = await q<{ n: number }>(
      db,
      sql`select count(*)::int as n from points_lots where client_id in (${sql.join(ids, sql`, `)}) and amount = 25 and remaining = 25`,
    );
    expect(lots[0].n).toBe(3);
    expect(await lotMismatches(db)).toEqual([]);
  });

  it('racing debits never consume the same points twice', async () => {
    const id = await newClient();
    await points(id, 60);
    await points(id, 40);
    const results = await Promise.all(Array.from({ length: 8 }, () => points(id, -15)));
    const done = results.filter((r) => r.statusCode === 200).length;
    expect(done).toBe(6);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(2);
    const lots = await lotsOf(id);
    expect(lots.map((l) => l.remaining)).toEqual([0, 10]);
    expect(await lotMismatches(db)).toEqual([]);
  });
});

describe('expiry run', () => {
  it('writes one `expiry` row per client for its expired lots, empties them, and changes nothing when re-run', async () => {
    const a = await newClient();
    const b = await newClient();
    await setPolicy('months', 1);
    for (const id of [a, a, b]) await points(id, 40);
    await setPolicy('never');
    await points(a, 15);
    // Time passes: a's two dated lots and b's expire.
    await db.execute(sql`update points_lots set expires_at = now() - interval '1 day' where client_id in (${a}, ${b}) and expires_at is not null`);
    await points(a, -10); // spends from the expired-but-not-yet-run lots first (FIFO)
    const first = await expirePoints(db);
    expect(first.clients).toBeGreaterThanOrEqual(2);
    const rows = await q<{ client_id: number; amount: number; source: string; balance_after: number }>(
      db,
      sql`select client_id, amount, source, balance_after from points_ledger where source = 'expiry' and client_id in (${a}, ${b}) order by client_id`,
    );
    expect(rows).toEqual([
      { client_id: a, amount: -70, source: 'expiry', balance_after: 15 },
      { client_id: b, amount: -40, source: 'expiry', balance_after: 0 },
    ]);
    const history = (await call('GET', `clients/${a}/points-history?page=1`)).json().data[0];
    expect(history).toMatchObject({ AMOUNT: -70, SOURCE: 'expiry', SOURCE_LABEL: 'Points expirés' });
    expect((await lotsOf(a)).map((l) => l.remaining)).toEqual([0, 0, 15]);
    const count = await q<{ n: number }>(db, sql`select count(*)::int as n from points_ledger`);
    expect(await expirePoints(db)).toEqual({ clients: 0, points: 0 });
    expect(await q(db, sql`select count(*)::int as n from points_ledger`)).toEqual(count);
    expect(await lotMismatches(db)).toEqual([]);
  });

  it('an offer landing while the run works is kept whole; balances stay exact', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await newClient());
    await setPolicy('months', 3);
    await call('POST', 'users/offerPoints/clients', { POINTS_OFFERED: 20, CLIENTS: ids });
    await setPolicy('never');
    await db.execute(sql`update points_lots set expires_at = now() - interval '1 hour' where client_id in (${sql.join(ids, sql`, `)})`);
    const [run, offer] = await Promise.all([expirePoints(db, 7), call('POST', 'users/offerPoints/clients', { POINTS_OFFERED: 5, CLIENTS: ids })]);
    expect(offer.statusCode).toBe(200);
    expect(run.clients).toBe(30);
    const balances = await q<{ points_fid: number }>(db, sql`select distinct points_fid from clients where id in (${sql.join(ids, sql`, `)})`);
    expect(balances).toEqual([{ points_fid: 5 }]);
    const open = await q<{ n: number }>(db, sql`select count(*)::int as n from points_lots where remaining > 0 and expires_at <= now()`);
    expect(open[0].n).toBe(0);
    expect(await lotMismatches(db)).toEqual([]);
  });
});

describe('shown to staff', () => {
  it('the client detail and the points list give the points expiring within 30 days, sorted in SQL', async () => {
    const id = await newClient();
    await setPolicy('months', 1);
    await points(id, 70);
    await setPolicy('never');
    await points(id, 1000);
    await db.execute(sql`update points_lots set expires_at = now() + interval '10 days' where client_id = ${id} and expires_at is not null`);
    const detail = (await call('GET', `clients/${id}`)).json().data;
    const [day] = await q<{ d: string }>(
      db,
      sql`select to_char((now() + interval '10 days' - interval '1 microsecond') at time zone 'Africa/Tunis', 'YYYY-MM-DD') as d`,
    );
    expect(detail).toMatchObject({ POINTS_FID: 1070, POINTS_EXPIRANT: 70, DATE_EXPIRATION: day.d });
    const list = (await call('GET', 'clients/points?sort=POINTS_EXPIRANT&order=desc&page=1')).json();
    expect(list.data[0]).toMatchObject({ CLIENT_ID: id, POINTS_FID: 1070, POINTS_EXPIRANT: 70 });
    const other = (await call('GET', `clients/points?search=${encodeURIComponent('L-1')}&page=1`))
      .json()
      .data.find((r: { CODE_CLIENT: string }) => r.CODE_CLIENT === 'L-1');
    expect(other?.POINTS_EXPIRANT).toBe(0);
    // The dashboard card: every client's points expiring within 30 days.
    const [all] = await q<{ points: number; clients: number }>(
      db,
      sql`select sum(remaining)::int as points, count(distinct client_id)::int as clients from points_lots where remaining > 0 and expires_at < now() + interval '30 days'`,
    );
    expect((await call('GET', 'dashboard/points-expiring')).json().data).toEqual({ points: all.points, clients: all.clients });
    expect(all.points).toBeGreaterThanOrEqual(70);
    const chef = await t.auth('chef@demo.tn');
    expect((await call('GET', 'dashboard/points-expiring', undefined, chef)).statusCode).toBe(403);
  });
});
