import { RISTOURNE_MSG } from '@app/domain';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { clientActivities, clientCircuits } from '../../src/lib/clients/classification.table';
import { clients } from '../../src/lib/clients/clients.table';
import { orders } from '../../src/modules/orders/orders.table';
import { ristournes, voucherPurchases } from '../../src/modules/rewards/vouchers.table';
import { createTestApp, type TestContext } from '../support/helpers';
import { rowsOf } from '../../src/db/rows';

/** « Simuler » on the voucher generation and the slider's live figures, through the real app. */
let t: TestContext;
let admin: { authorization: string };
let actA: number;
let c1: number;
let c2: number;

const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers });
const data = async (url: string) => {
  const r = await get(url);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
};

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** LANCER through the job engine, until the job ends; its result. */
async function launch(year: number) {
  const r = await get(`clients/calculateRistourne/${year}`);
  expect(r.statusCode, r.body).toBe(202);
  const done = await until(
    async () => (await get(`clients/calculateRistourne/jobs/${r.json().data.id}`)).json().data,
    (d) => d.state === 'completed' || d.state === 'failed',
  );
  expect(done.state).toBe('completed');
  return done.result as { vouchers: number; total: string };
}

/** Every simulated voucher, read page by page as the screen reads them. */
async function allSimulated(year: number, perPage = 7) {
  const rows: { id: number; AMOUNT: string }[] = [];
  for (let page = 1; ; page++) {
    const r = await get(`ristournes/simulation/${year}/clients?page=${page}&perPage=${perPage}&sort=CODE_CLIENT&order=asc`);
    expect(r.statusCode).toBe(200);
    rows.push(...r.json().data);
    if (page >= r.json().meta.last_page) return rows;
  }
}

const issued = async (year: number) =>
  (
    await t.db
      .select({ id: voucherPurchases.clientId, amount: voucherPurchases.soldeUsed })
      .from(voucherPurchases)
      .where(eq(voucherPurchases.ristourneYear, year))
  ).map((v) => [v.id, v.amount]);

/** What a simulation must leave as it found: vouchers, runs, the clients' rebate totals, the audit trail. */
const footprint = async () =>
  rowsOf<Record<string, unknown>>(
    await t.db.execute(sql`select (select count(*) from vocher_purchases)::int as vouchers, (select count(*) from ristourne_runs)::int as runs,
      (select coalesce(sum(ristourne_n_1 + ristourne_reste + ristourne_solde_n_1), 0)::text from clients) as totals, (select count(*) from audit_log)::int as audits`),
  )[0];

/** The generation test's story: activity A earns a rebate, B does not; orders of 2025 and one of 1 January 2026 (Tunis). */
async function fixtures(db: Db) {
  const [circuit] = await db.insert(clientCircuits).values({ name: 'Traditionnel' }).returning();
  const [a] = await db.insert(clientActivities).values({ name: 'Épicerie', code: 'EPI', circuitId: circuit.id, remiseRistourne: 1 }).returning();
  const [b] = await db.insert(clientActivities).values({ name: 'Café', code: 'CAF', circuitId: circuit.id, remiseRistourne: 0 }).returning();
  const [k1] = await db.insert(clients).values({ code: 'C-R1', name: 'Épicerie Ennasr', activityId: a.id }).returning();
  const [k2] = await db.insert(clients).values({ code: 'C-R2', name: 'Épicerie Lac', activityId: a.id }).returning();
  const [k3] = await db.insert(clients).values({ code: 'C-R3', name: 'Café Sidi Bou', activityId: b.id }).returning();
  const at = (iso: string) => new Date(iso);
  await db.insert(orders).values([
    { numOrder: 'S-1', clientId: k1.id, status: 4, totalNetTtc: '1234.567', createdAt: at('2025-03-10T10:00:00Z') },
    { numOrder: 'S-2', clientId: k1.id, status: 2, totalNetTtc: '1000.000', createdAt: at('2025-12-31T22:30:00Z') },
    { numOrder: 'S-3', clientId: k1.id, status: 3, totalNetTtc: '9999.000', createdAt: at('2025-05-01T10:00:00Z') },
    { numOrder: 'S-4', clientId: k1.id, status: 4, totalNetTtc: '5000.000', createdAt: at('2025-12-31T23:30:00Z') },
    { numOrder: 'S-5', clientId: k2.id, status: 4, totalNetTtc: '4000.000', createdAt: at('2025-06-01T10:00:00Z') },
    { numOrder: 'S-6', clientId: k3.id, status: 4, totalNetTtc: '4000.000', createdAt: at('2025-06-01T10:00:00Z') },
  ]);
  await db.insert(ristournes).values([
    { numRistourne: 1, name: 'Palier 1', year: 2025, valMin: '0', valMax: '2999.999', percentage: '1', remise: '0', activiteId: a.id },
    { numRistourne: 2, name: 'Palier 2', year: 2025, valMin: '3000', valMax: '5999.999', percentage: '2.5', remise: '0', activiteId: a.id },
    { numRistourne: 3, name: 'Palier 3', year: 2025, valMin: '6000', valMax: '99999', percentage: '5', remise: '0', activiteId: a.id },
    { numRistourne: 2, name: 'Palier inactif', year: 2025, valMin: '3000', valMax: '5999.999', percentage: '50', remise: '0', activiteId: a.id, isActive: 0 },
    { numRistourne: 1, name: 'Palier 2026', year: 2026, valMin: '0', valMax: '999999', percentage: '1', remise: '0', activiteId: a.id },
  ]);
  return [a.id, k1.id, k2.id];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  [actA, c1, c2] = await fixtures(t.db);
}, 120_000);
afterAll(() => t.close());

describe('GET ristournes/simulation/{year}', () => {
  it('gives per tier the clients, their turnover and the rebate, and the totals, writing nothing', async () => {
    const before = await footprint();
    const s = await data('ristournes/simulation/2025');
    expect(s).toMatchObject({
      YEAR: 2025,
      ALREADY: false,
      REFUSAL: null,
      VOUCHERS: 2,
      TURNOVER: '6234.567',
      TOTAL: '122.346',
      PREV_YEAR: 2024,
      PREV_VOUCHERS: 0,
      PREV_TOTAL: '0.000',
    });
    // 2234.567 DT at 1 % → 22.346 (rounded half up to the millime); 4000 at 2.5 % → 100.000; the café earns nothing.
    expect(s.tiers.map((x: Record<string, unknown>) => [x.NAME, x.CLIENTS, x.TURNOVER, x.TOTAL, x.PERCENTAGE])).toEqual([
      ['Palier 1', 1, '2234.567', '22.346', '1.000'],
      ['Palier 2', 1, '4000.000', '100.000', '2.500'],
      ['Palier 3', 0, '0.000', '0.000', '5.000'],
    ]);
    expect(s.byNumber).toEqual([
      { NUM_RISTOURNE: 1, VOUCHERS: 1, TOTAL: '22.346', PREV_VOUCHERS: 0, PREV_TOTAL: '0.000' },
      { NUM_RISTOURNE: 2, VOUCHERS: 1, TOTAL: '100.000', PREV_VOUCHERS: 0, PREV_TOTAL: '0.000' },
    ]);
    expect(await footprint()).toEqual(before);
  });

  it('keeps the generation screen’s role rule and year bounds', async () => {
    for (const url of ['ristournes/simulation/2025', 'ristournes/simulation/2025/clients', 'ristournes/simulation/2025/clients/export/csv']) {
      expect((await get(url, await t.auth('chef@demo.tn'))).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/${url}` })).statusCode).toBe(401);
    }
    const r = await get('ristournes/simulation/1999');
    expect(r.statusCode).toBe(422);
    expect(JSON.stringify(r.json())).toContain(RISTOURNE_MSG.generationYear);
    expect((await get('ristournes/simulation/2025/clients?sort=QRCODE')).statusCode).toBe(422);
  });

  it('lists the simulated vouchers client by client: paged, searched and sorted in SQL', async () => {
    const r = await get('ristournes/simulation/2025/clients');
    expect(r.json().meta).toMatchObject({ total: 2, current_page: 1, per_page: 50 });
    expect(r.json().data).toEqual([
      {
        id: c2,
        CODE_CLIENT: 'C-R2',
        NAME: 'Épicerie Lac',
        ACTIVITE_NAME: 'Épicerie',
        TURNOVER: '4000.000',
        NUM_RISTOURNE: 2,
        TIER: 'Palier 2',
        PERCENTAGE: '2.500',
        AMOUNT: '100.000',
      },
      {
        id: c1,
        CODE_CLIENT: 'C-R1',
        NAME: 'Épicerie Ennasr',
        ACTIVITE_NAME: 'Épicerie',
        TURNOVER: '2234.567',
        NUM_RISTOURNE: 1,
        TIER: 'Palier 1',
        PERCENTAGE: '1.000',
        AMOUNT: '22.346',
      },
    ]);
    const names = async (q: string) => (await data(`ristournes/simulation/2025/clients?${q}`)).map((x: { CODE_CLIENT: string }) => x.CODE_CLIENT);
    expect(await names('sort=AMOUNT&order=asc')).toEqual(['C-R1', 'C-R2']);
    expect(await names('sort=NAME&order=desc')).toEqual(['C-R2', 'C-R1']);
    expect(await names('search=ennasr')).toEqual(['C-R1']);
    expect(await names('search=r2')).toEqual(['C-R2']);
    expect(await names('search=café')).toEqual([]);
    const second = await get('ristournes/simulation/2025/clients?page=2&perPage=1&sort=CODE_CLIENT&order=asc');
    expect(second.json().data.map((x: { CODE_CLIENT: string }) => x.CODE_CLIENT)).toEqual(['C-R2']);
    expect(second.json().meta).toMatchObject({ total: 2, last_page: 2 });
    // Past the last page: no row, the total still right.
    expect((await get('ristournes/simulation/2025/clients?page=9')).json().meta.total).toBe(2);
  });

  it('exports the whole list as CSV and XLSX, in the list’s order', async () => {
    const csv = await get('ristournes/simulation/2025/clients/export/csv?sort=AMOUNT&order=desc');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('simulation_ristournes_2025.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe("Code client;Client;Activité;Chiffre d'affaires;Palier;Pourcentage;Montant");
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(['C-R2', 'C-R1']);
    expect(lines[2]).toMatch(/^C-R1;Épicerie Ennasr;Épicerie;2\s234,567 DT;Palier 1;1(,000)?\s?%;22,346 DT$/);
    const xlsx = await get('ristournes/simulation/2025/clients/export/xlsx?search=lac');
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet = book.worksheets[0];
    const values = sheet.getRows(1, sheet.rowCount)!.map((row) => (row.values as unknown[]).slice(1));
    expect(values.find((v) => v[0] === 'C-R2')).toEqual([
      'C-R2',
      'Épicerie Lac',
      'Épicerie',
      expect.stringMatching(/^4\s000,000 DT$/),
      'Palier 2',
      expect.stringMatching(/^2,5(00)?\s?%$/),
      '100,000 DT',
    ]);
    expect(values.some((v) => v[0] === 'C-R1')).toBe(false);
    expect((await get('ristournes/simulation/2025/clients/export/pdf')).statusCode).toBe(422);
  });

  it('LANCER after « Simuler » issues exactly the simulated vouchers: same clients, same amounts, same total', async () => {
    const simulated = await allSimulated(2025, 1);
    const summary = await data('ristournes/simulation/2025');
    const result = await launch(2025);
    expect(result).toMatchObject({ vouchers: summary.VOUCHERS, total: summary.TOTAL });
    expect((await issued(2025)).sort()).toEqual(simulated.map((s) => [s.id, s.AMOUNT]).sort());
    // Once generated, the simulation says so; LANCER would issue nothing more.
    expect(await data('ristournes/simulation/2025')).toMatchObject({ ALREADY: true, VOUCHERS: 2, TOTAL: '122.346' });
  });

  it('compares with the previous year’s issued vouchers, by tier number', async () => {
    // 2026: C-R1's order of 01/01/2026 (Tunis), 5000 DT at 1 % → 50.000 DT; C-R2 has nothing.
    const s = await data('ristournes/simulation/2026');
    expect(s).toMatchObject({ VOUCHERS: 1, TOTAL: '50.000', PREV_YEAR: 2025, PREV_VOUCHERS: 2, PREV_TOTAL: '122.346', REFUSAL: null });
    expect(s.byNumber).toEqual([
      { NUM_RISTOURNE: 1, VOUCHERS: 1, TOTAL: '50.000', PREV_VOUCHERS: 1, PREV_TOTAL: '22.346' },
      { NUM_RISTOURNE: 2, VOUCHERS: 0, TOTAL: '0.000', PREV_VOUCHERS: 1, PREV_TOTAL: '100.000' },
    ]);
  });

  it('says when LANCER would be refused (the previous year has tiers but was never generated)', async () => {
    await t.db
      .insert(ristournes)
      .values({ numRistourne: 1, name: 'Palier 2027', year: 2027, valMin: '0', valMax: '999999', percentage: '1', remise: '0', activiteId: actA });
    expect(await data('ristournes/simulation/2028')).toMatchObject({ REFUSAL: RISTOURNE_MSG.previousYearMissing, ALREADY: false });
  });

  it('to the millime on 300 clients, uneven turnovers and percentages: launch issues what was simulated', async () => {
    const year = 2040;
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const many = await t.db
      .insert(clients)
      .values(Array.from({ length: 300 }, (_, i) => ({ code: `SIM-${String(i).padStart(3, '0')}`, name: `Client simulé ${i}`, activityId: actA })))
      .returning({ id: clients.id });
    const rows = many.flatMap((c, i) =>
      Array.from({ length: 1 + (i % 4) }, (_, k) => ({
        numOrder: `SIM-${i}-${k}`,
        clientId: c.id,
        status: k % 3 === 2 ? 3 : 4,
        totalNetTtc: (Math.floor(rnd() * 4_000_000) / 1000).toFixed(3),
        createdAt: new Date(`${year}-0${1 + (k % 9)}-15T10:00:00Z`),
      })),
    );
    await t.db.insert(orders).values(rows);
    await t.db.insert(ristournes).values([
      { numRistourne: 1, name: 'Bronze', year, valMin: '0', valMax: '2999.999', percentage: '1.125', remise: '0', activiteId: actA },
      { numRistourne: 2, name: 'Argent', year, valMin: '3000', valMax: '6999.999', percentage: '2.333', remise: '0', activiteId: actA },
      { numRistourne: 3, name: 'Or', year, valMin: '7000', valMax: '999999', percentage: '3.875', remise: '0' },
    ]);
    const summary = await data(`ristournes/simulation/${year}`);
    const simulated = await allSimulated(year, 500);
    expect(simulated).toHaveLength(summary.VOUCHERS);
    expect(summary.VOUCHERS).toBeGreaterThan(250);
    expect(summary.tiers.every((x: { CLIENTS: number }) => x.CLIENTS > 0)).toBe(true);
    const result = await launch(year);
    expect(result).toEqual(expect.objectContaining({ vouchers: summary.VOUCHERS, total: summary.TOTAL }));
    expect((await issued(year)).sort()).toEqual(simulated.map((s) => [s.id, s.AMOUNT]).sort());
    // The per-tier totals add up to the issued total, to the millime (summed in SQL).
    const [{ sum }] = rowsOf<{ sum: string }>(
      await t.db.execute(sql`select sum(solde_used)::text as sum from vocher_purchases where ristourne_year = ${year}`),
    );
    expect(sum).toBe(summary.TOTAL);
  }, 120_000);
});

describe('GET ristournes/segmentation/figures', () => {
  it('counts the clients and the turnover in the range, by the generation’s turnover', async () => {
    // 2025: C-R1 2234.567, C-R2 4000, C-R3 4000 (the café counts: the slider sizes turnover, not rebates).
    expect(await data('ristournes/segmentation/figures?min=3000&max=6000&year=2025')).toEqual({
      YEAR: 2025,
      min: '3000',
      max: '6000',
      CLIENTS: 2,
      TURNOVER: '8000.000',
    });
    expect(await data('ristournes/segmentation/figures?min=0&max=10000&year=2025')).toMatchObject({ CLIENTS: 3, TURNOVER: '10234.567' });
    expect(await data('ristournes/segmentation/figures?min=2234.567&max=2234.567&year=2025')).toMatchObject({ CLIENTS: 1, TURNOVER: '2234.567' });
    const thisYear = Number(new Intl.DateTimeFormat('en', { timeZone: 'Africa/Tunis', year: 'numeric' }).format(new Date()));
    expect((await data('ristournes/segmentation/figures?min=0&max=10')).YEAR).toBe(thisYear - 1);
    const bad = await get('ristournes/segmentation/figures?min=7000&max=6000');
    expect(bad.statusCode).toBe(422);
    expect((await get('ristournes/segmentation/figures', await t.auth('chef@demo.tn'))).statusCode).toBe(403);
  });
});
