import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatInteger, LEDGER_INVARIANTS, type LedgerInvariant, type LedgerReport, type Liability } from '@app/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, type DbHandle, openDatabase } from '../../src/db/client';
import { DEMO_SEEDS } from '../../src/modules';
import { verifyLedger } from '../../src/modules/loyalty/ledger-verify';
import { createDatabase, createTestApp, DEMO_PASSWORD, onPostgres, type TestContext } from '../support/helpers';
import { rowsOf } from '../../src/db/rows';

const q = async <T>(db: Db, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));
const one = async <T>(db: Db, query: ReturnType<typeof sql>) => (await q<T>(db, query))[0];

let t: TestContext;
let db: Db;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  db = t.db as Db;
  admin = await t.auth('admin@demo.tn');
  // The whole demo, after the accounts createTestApp made: a demo-like ledger (orders, returns, gifts,
  // badges, offers, back-dated credits expiring soon).
  for (const seed of DEMO_SEEDS) await seed(db, { password: DEMO_PASSWORD });
}, 600_000);
afterAll(() => t?.close());

const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers });
const failing = (r: LedgerReport) => r.CHECKS.filter((c) => !c.OK).map((c) => c.KEY);
const checkOf = (r: LedgerReport, key: LedgerInvariant) => r.CHECKS.find((c) => c.KEY === key)!;

describe('Contrôle du registre: the invariants', () => {
  it('a clean demo ledger passes every invariant, through the API as in the module', async () => {
    const res = await get('ledger/verify');
    expect(res.statusCode).toBe(200);
    const report = res.json().data as LedgerReport;
    expect(report.CHECKS.map((c) => c.KEY)).toEqual([...LEDGER_INVARIANTS]);
    expect(failing(report)).toEqual([]);
    expect(report.OK).toBe(true);
    expect(report.CHECKS.every((c) => c.COUNT === 0 && c.OFFENDERS.length === 0)).toBe(true);
    expect(Number((await one<{ n: number }>(db, sql`select count(*)::int as n from points_ledger`)).n)).toBeGreaterThan(100);
  });

  it('a balance that is not the sum of its rows is caught, and only that', async () => {
    // A credit of a past year changed: the sum of the client's rows moves, its balance and lots do not.
    const row = await one<{ id: number; code: string; fid: number }>(
      db,
      sql`select l.id, c.code_client as code, c.points_fid as fid from points_ledger l join clients c on c.id = l.client_id
          where l.amount > 0 and extract(year from l.created_at at time zone 'Africa/Tunis') < extract(year from now() at time zone 'Africa/Tunis')
          order by l.id limit 1`,
    );
    await db.execute(sql`update points_ledger set amount = amount + 5 where id = ${row.id}`);
    try {
      const r = await verifyLedger(db);
      expect(failing(r)).toEqual(['balance']);
      expect(checkOf(r, 'balance')).toMatchObject({ COUNT: 1, OFFENDERS: [{ CLIENT: row.code, EXPECTED: Number(row.fid) + 5, FOUND: Number(row.fid) }] });
      expect(r.OK).toBe(false);
    } finally {
      await db.execute(sql`update points_ledger set amount = amount - 5 where id = ${row.id}`);
    }
  });

  it('a lot whose remaining is not its amount minus its uses is caught, and only that', async () => {
    const use = await one<{ id: number; lot: number; code: string; amount: number; remaining: number; used: number }>(
      db,
      sql`select u.id, p.id as lot, c.code_client as code, p.amount, p.remaining,
                 (select sum(x.amount) from points_lot_uses x where x.lot_id = p.id)::int as used
          from points_lot_uses u join points_lots p on p.id = u.lot_id join clients c on c.id = p.client_id order by u.id limit 1`,
    );
    await db.execute(sql`update points_lot_uses set amount = amount + 1 where id = ${use.id}`);
    try {
      const r = await verifyLedger(db);
      expect(failing(r)).toEqual(['lot_remaining']);
      expect(checkOf(r, 'lot_remaining')).toMatchObject({
        COUNT: 1,
        OFFENDERS: [{ CLIENT: use.code, EXPECTED: use.amount - use.used - 1, FOUND: use.remaining, DETAIL: `Lot n° ${use.lot}` }],
      });
    } finally {
      await db.execute(sql`update points_lot_uses set amount = amount - 1 where id = ${use.id}`);
    }
  });

  it('open lots that do not add up to the balance are caught, and only that', async () => {
    // Amount and remaining raised together: the lot still equals its amount minus its uses.
    const lot = await one<{ id: number; code: string; fid: number }>(
      db,
      sql`select p.id, c.code_client as code, c.points_fid as fid from points_lots p join clients c on c.id = p.client_id where p.remaining > 0 order by p.id limit 1`,
    );
    await db.execute(sql`update points_lots set amount = amount + 7, remaining = remaining + 7 where id = ${lot.id}`);
    try {
      const r = await verifyLedger(db);
      expect(failing(r)).toEqual(['lots_balance']);
      expect(checkOf(r, 'lots_balance')).toMatchObject({ COUNT: 1, OFFENDERS: [{ CLIENT: lot.code, EXPECTED: Number(lot.fid), FOUND: Number(lot.fid) + 7 }] });
    } finally {
      await db.execute(sql`update points_lots set amount = amount - 7, remaining = remaining - 7 where id = ${lot.id}`);
    }
  });

  it('a POINTS_FID_N that is not the year’s credits (Tunis) is caught, and only that', async () => {
    const c = await one<{ id: number; code: string; n: number }>(
      db,
      sql`select id, code_client as code, points_fid_n as n from clients where points_year = extract(year from now() at time zone 'Africa/Tunis') and points_fid_n > 0 order by id limit 1`,
    );
    await db.execute(sql`update clients set points_fid_n = points_fid_n + 3 where id = ${c.id}`);
    try {
      const r = await verifyLedger(db);
      expect(failing(r)).toEqual(['points_year']);
      expect(checkOf(r, 'points_year')).toMatchObject({ COUNT: 1, OFFENDERS: [{ CLIENT: c.code, EXPECTED: Number(c.n), FOUND: Number(c.n) + 3 }] });
    } finally {
      await db.execute(sql`update clients set points_fid_n = points_fid_n - 3 where id = ${c.id}`);
    }
  });

  it('a ledger row without a client is caught, and only that', async () => {
    // The foreign key forbids it: a restore without constraints (replica mode skips them, and the lots trigger) lets one in.
    const [{ id }] = await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      return q<{ id: number }>(
        tx as unknown as Db,
        sql`insert into points_ledger (client_id, amount, balance_after, source, reason) values ((select max(id) + 1000 from clients), 40, 40, 'adjustment', 'orphelin') returning id`,
      );
    });
    try {
      const r = await verifyLedger(db);
      expect(failing(r)).toEqual(['orphan_rows']);
      const check = checkOf(r, 'orphan_rows');
      expect(check.COUNT).toBe(1);
      expect(check.OFFENDERS[0]).toMatchObject({ EXPECTED: 0, FOUND: 40 });
      expect(check.OFFENDERS[0].DETAIL).toMatch(new RegExp(`^Mouvement n° ${id} : client n° \\d+ introuvable$`));
    } finally {
      await db.execute(sql`delete from points_ledger where id = ${id}`);
    }
  });

  it('an expired lot still open past the daily run’s grace is caught, and only that; a younger one is « en attente »', async () => {
    const lots = await q<{ id: number; code: string; remaining: number; expires_at: Date | string | null }>(
      db,
      sql`select p.id, c.code_client as code, p.remaining, p.expires_at from points_lots p join clients c on c.id = p.client_id where p.remaining > 0 order by p.id limit 2`,
    );
    await db.execute(sql`update points_lots set expires_at = now() - interval '1 hour' where id = ${lots[0].id}`);
    try {
      const young = await verifyLedger(db);
      expect(failing(young)).toEqual([]);
      expect(checkOf(young, 'expired_open')).toMatchObject({ OK: true, COUNT: 0, PENDING: 1 });
      await db.execute(sql`update points_lots set expires_at = now() - interval '27 hours' where id = ${lots[1].id}`);
      const late = await verifyLedger(db);
      expect(failing(late)).toEqual(['expired_open']);
      const check = checkOf(late, 'expired_open');
      expect(check).toMatchObject({ COUNT: 1, PENDING: 1, OFFENDERS: [{ CLIENT: lots[1].code, EXPECTED: 0, FOUND: lots[1].remaining }] });
      expect(check.OFFENDERS[0].DETAIL).toMatch(new RegExp(`^Lot n° ${lots[1].id}, expiré le \\d\\d/\\d\\d/\\d{4} à \\d\\d:\\d\\d$`));
    } finally {
      for (const l of lots)
        await db.execute(
          sql`update points_lots set expires_at = ${l.expires_at == null ? null : new Date(l.expires_at).toISOString()}::timestamptz where id = ${l.id}`,
        );
    }
    expect((await verifyLedger(db)).OK).toBe(true);
  });

  it('lists the first offenders and counts them all', async () => {
    await db.execute(
      sql`update clients set points_fid_n = points_fid_n + 1 where id in (select id from clients where points_year = extract(year from now() at time zone 'Africa/Tunis') order by id limit 25)`,
    );
    try {
      const r = await verifyLedger(db, 5);
      expect(checkOf(r, 'points_year').COUNT).toBe(25);
      expect(checkOf(r, 'points_year').OFFENDERS).toHaveLength(5);
    } finally {
      await db.execute(
        sql`update clients set points_fid_n = points_fid_n - 1 where id in (select id from clients where points_year = extract(year from now() at time zone 'Africa/Tunis') order by id limit 25)`,
      );
    }
  });

  it('is admin only', async () => {
    for (const email of ['chef@demo.tn', 'magasin@demo.tn', 'commercial@demo.tn']) {
      for (const url of ['ledger/verify', 'ledger/liability', 'ledger/liability/export/csv', 'dashboard/points-liability']) {
        expect((await get(url, await t.auth(email))).statusCode, `${email} ${url}`).toBe(403);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ledger/verify' })).statusCode).toBe(401);
  });
});

describe('Passif du programme', () => {
  it('« valeur du point » is a programme setting: admin only, audited, whole millimes', async () => {
    const put = (body: unknown, headers = admin) => t.app.inject({ method: 'PUT', url: '/api/settings/programme', payload: body as never, headers });
    const before = (await get('settings/programme')).json().data;
    expect(before.POINT_VALUE).toBe(10);
    expect((await put({ EXPIRY_POLICY: before.EXPIRY_POLICY, EXPIRY_MONTHS: before.EXPIRY_MONTHS, POINT_VALUE: 1.5 })).statusCode).toBe(422);
    const neg = await put({ EXPIRY_POLICY: before.EXPIRY_POLICY, EXPIRY_MONTHS: before.EXPIRY_MONTHS, POINT_VALUE: -1 });
    expect(neg.statusCode).toBe(422);
    expect(neg.json().errors.POINT_VALUE).toBeDefined();
    expect((await put({ EXPIRY_POLICY: 'never', POINT_VALUE: 3 }, await t.auth('chef@demo.tn'))).statusCode).toBe(403);
    const saved = await put({ EXPIRY_POLICY: before.EXPIRY_POLICY, EXPIRY_MONTHS: before.EXPIRY_MONTHS, POINT_VALUE: 15 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ EXPIRY_POLICY: before.EXPIRY_POLICY, POINT_VALUE: 15 });
    const [audit] = await q<{ changes: unknown }>(db, sql`select changes from audit_log where entity = 'programme' order by id desc limit 1`);
    expect(audit.changes).toEqual({ POINT_VALUE: [10, 15] });
    // Left out, the value stays.
    expect((await put({ EXPIRY_POLICY: before.EXPIRY_POLICY, EXPIRY_MONTHS: before.EXPIRY_MONTHS })).json().data.POINT_VALUE).toBe(15);
  });

  it('totals equal the SQL sums, every grouping adds up, DT = points × value / 1000 to the millime', async () => {
    await db.execute(sql`update programme_settings set point_value = 17 where id = 1`);
    const res = await get('ledger/liability');
    expect(res.statusCode).toBe(200);
    const l = res.json().data as Liability;
    const sums = await one<{ points: string; clients: string; lots: string }>(
      db,
      sql`select (select sum(points_fid) from clients) as points, (select count(*) from clients where points_fid > 0) as clients,
                 (select sum(remaining) from points_lots where remaining > 0) as lots`,
    );
    expect(l.POINT_VALUE).toBe(17);
    expect(l.TOTAL).toEqual({ CLIENTS: Number(sums.clients), POINTS: Number(sums.points), MILLIMES: Number(sums.points) * 17 });
    for (const g of ['chef_zone', 'badge', 'activity'] as const) {
      expect(
        l.GROUPS[g].reduce((s, r) => s + r.POINTS, 0),
        g,
      ).toBe(Number(sums.points));
      expect(
        l.GROUPS[g].reduce((s, r) => s + r.CLIENTS, 0),
        g,
      ).toBe(Number(sums.clients));
    }
    expect(l.GROUPS.expiry_month.reduce((s, r) => s + r.POINTS, 0)).toBe(Number(sums.lots));
    for (const r of Object.values(l.GROUPS).flat()) expect(r.MILLIMES).toBe(r.POINTS * 17);
    // By zone chief, one group per chef as SQL groups it; the demo's back-dated credits expire next month or so.
    const chefs = await q<{ key: string | null; points: string }>(
      db,
      sql`select chef_zone_id::text as key, sum(points_fid) as points from clients where points_fid > 0 group by 1`,
    );
    expect(new Map(l.GROUPS.chef_zone.map((r) => [r.KEY, r.POINTS]))).toEqual(new Map(chefs.map((c) => [c.key, Number(c.points)])));
    expect(l.GROUPS.expiry_month.at(-1)).toMatchObject({ KEY: null, LABEL: 'Sans expiration' });
    expect(l.GROUPS.expiry_month.filter((r) => r.KEY !== null).every((r) => /^\d{2}\/\d{4}$/.test(r.LABEL))).toBe(true);

    // The dashboard card says the same.
    const card = (await get('dashboard/points-liability')).json().data;
    expect(card).toEqual({ points: l.TOTAL.POINTS, clients: l.TOTAL.CLIENTS, point_value: 17, millimes: l.TOTAL.MILLIMES });
  });

  it('the month of expiry is the last day a lot can be spent, in Tunis', async () => {
    const c = await one<{ id: number }>(db, sql`select id from clients order by id limit 1`);
    // Expires at 1 January 2031 00:00 Tunis = spendable through 31/12/2030.
    const [lot] = await q<{ id: number }>(
      db,
      sql`insert into points_lots (client_id, amount, remaining, expires_at) values (${c.id}, 9, 9, '2030-12-31T23:00:00Z') returning id`,
    );
    try {
      const l = (await get('ledger/liability')).json().data as Liability;
      expect(l.GROUPS.expiry_month.find((r) => r.KEY === '2030-12')).toMatchObject({ LABEL: '12/2030', POINTS: 9, CLIENTS: 1 });
    } finally {
      await db.execute(sql`delete from points_lots where id = ${lot.id}`);
    }
  });

  it('exports as CSV and XLSX, every group then the total, in DT', async () => {
    await db.execute(sql`update programme_settings set point_value = 17 where id = 1`);
    const l = (await get('ledger/liability')).json().data as Liability;
    const csv = await get('ledger/liability/export/csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('passif_programme.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^"?Regroupement"?[;,]"?Groupe"?[;,]"?Clients"?[;,]"?Points"?[;,]"?Équivalent \(DT\)"?$/);
    const groups = Object.values(l.GROUPS).flat().length;
    expect(lines).toHaveLength(1 + groups + 1);
    // DT to the millime, from integer millimes: 1 234,567 DT.
    const dt = (m: number) => `${formatInteger(Math.trunc(m / 1000))},${String(m % 1000).padStart(3, '0')} DT`;
    const plain = (s: string) => s.replace(/[\s\u00a0\u202f]/g, ' ');
    expect(plain(lines.at(-1)!)).toBe(plain(`Total;Tous les clients;${l.TOTAL.CLIENTS};${l.TOTAL.POINTS};${dt(l.TOTAL.MILLIMES)}`));
    const xlsx = await get('ledger/liability/export/xlsx');
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(1 + groups + 1);
    expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe('Total');
  });
});

describe('npm run ledger:verify', () => {
  it('prints each invariant in French and exits 0 on a clean ledger, 1 when one fails', async () => {
    const { handle, target, drop } = await createDatabase({ onDisk: true });
    const dataDir = onPostgres ? mkdtempSync(path.join(os.tmpdir(), 'bo-ledger-')) : target;
    const env = { ...process.env, DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'silent' } as Record<string, string>;
    if (onPostgres) env.DATABASE_URL = target;
    else delete env.DATABASE_URL;
    const run = () =>
      spawnSync('npm', ['run', '--silent', 'ledger:verify'], {
        cwd: path.resolve(import.meta.dirname, '../../../..'),
        env,
        encoding: 'utf8',
        timeout: 120_000,
      });
    // The embedded database opens in one process at a time: the test lets go of it while the command runs.
    let open: DbHandle | null = handle;
    const write = async (query: ReturnType<typeof sql>) => {
      open ??= await openDatabase({ dataDir });
      await (open.db as Db).execute(query);
      if (!onPostgres) {
        await open.close();
        open = null;
      }
    };
    try {
      await handle.migrate();
      await write(sql`
        with c as (insert into clients (code_client, name, points_fid, points_fid_n, points_year)
                   values ('V-1', 'Vérifié', 100, 100, extract(year from now() at time zone 'Africa/Tunis')), ('V-2', 'Faussé', 100, 100, extract(year from now() at time zone 'Africa/Tunis'))
                   returning id)
        insert into points_ledger (client_id, amount, balance_after, source, reason) select id, 100, 100, 'adjustment', 'crédit' from c`);
      const clean = run();
      expect(clean.stderr).toBe('');
      expect(clean.stdout).toContain('OK     Solde = somme des mouvements du registre : aucune anomalie');
      expect(clean.stdout).toContain('Registre cohérent');
      expect(clean.status).toBe(0);

      await write(sql`update clients set points_fid_n = 90 where code_client = 'V-2'`);
      const bad = run();
      expect(bad.stdout).toContain('ÉCHEC  POINTS_FID_N = crédits de l’année (Tunis) : 1 anomalie(s)');
      expect(bad.stdout).toContain('V-2 (Faussé) : attendu 100, trouvé 90');
      expect(bad.stdout).toContain('Registre incohérent');
      expect(bad.status).toBe(1);
    } finally {
      await open?.close();
      await drop();
      if (onPostgres) rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
