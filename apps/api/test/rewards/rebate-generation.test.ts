import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { RISTOURNE_MSG } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { clientActivities, clientCircuits } from '../../src/lib/clients/classification.table';
import { clients } from '../../src/lib/clients/clients.table';
import { orders } from '../../src/modules/orders/orders.table';
import { generateRebates } from '../../src/modules/rewards/rebate-generation';
import { ristourneRuns, ristournes, voucherPurchases } from '../../src/modules/rewards/vouchers.table';
import { jobRuns } from '../../src/lib/jobs/jobs.table';
import { createDatabase, createTestApp, type TestContext } from '../support/helpers';

/** The yearly rebate vouchers, through the real app and its job engine. */
let t: TestContext;
let admin: { authorization: string };
let a1: number;
let a2: number;
let b1: number;

const call = (url: string, headers = admin) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers });

/** Rebate-earning activity A, another one B; three clients; invoiced and other orders of 2025. */
async function fixtures(db: Db) {
  const [circuit] = await db.insert(clientCircuits).values({ name: 'Traditionnel' }).returning();
  const [actA] = await db.insert(clientActivities).values({ name: 'Épicerie', code: 'EPI', circuitId: circuit.id, remiseRistourne: 1 }).returning();
  const [actB] = await db.insert(clientActivities).values({ name: 'Café', code: 'CAF', circuitId: circuit.id, remiseRistourne: 0 }).returning();
  const [c1] = await db.insert(clients).values({ code: 'C-R1', name: 'Épicerie Ennasr', activityId: actA.id }).returning();
  const [c2] = await db.insert(clients).values({ code: 'C-R2', name: 'Épicerie Lac', activityId: actA.id }).returning();
  const [c3] = await db.insert(clients).values({ code: 'C-R3', name: 'Café Sidi Bou', activityId: actB.id }).returning();
  const at = (iso: string) => new Date(iso);
  await db.insert(orders).values([
    // 1234.567 + 1000 = 2234.567 DT at 1 % → 22.346 DT (22.34567, rounded half up to the millime).
    { numOrder: 'F-1', clientId: c1.id, status: 4, totalNetTtc: '1234.567', createdAt: at('2025-03-10T10:00:00Z') },
    { numOrder: 'F-2', clientId: c1.id, status: 2, totalNetTtc: '1000.000', createdAt: at('2025-12-31T22:30:00Z') }, // 31/12 23:30 in Tunis
    { numOrder: 'F-3', clientId: c1.id, status: 3, totalNetTtc: '9999.000', createdAt: at('2025-05-01T10:00:00Z') }, // refused: not turnover
    { numOrder: 'F-4', clientId: c1.id, status: 4, totalNetTtc: '5000.000', createdAt: at('2025-12-31T23:30:00Z') }, // 01/01/2026 in Tunis
    // 4000 DT at 2.5 % → 100.000 DT.
    { numOrder: 'F-5', clientId: c2.id, status: 4, totalNetTtc: '4000.000', createdAt: at('2025-06-01T10:00:00Z') },
    // Activity without rebate: nothing.
    { numOrder: 'F-6', clientId: c3.id, status: 4, totalNetTtc: '4000.000', createdAt: at('2025-06-01T10:00:00Z') },
  ]);
  await db.insert(ristournes).values([
    { numRistourne: 1, name: 'Palier 1', year: 2025, valMin: '0', valMax: '2999.999', percentage: '1', remise: '0', activiteId: actA.id },
    { numRistourne: 2, name: 'Palier 2', year: 2025, valMin: '3000', valMax: '5999.999', percentage: '2.5', remise: '0', activiteId: actA.id },
    {
      numRistourne: 2,
      name: 'Palier inactif',
      year: 2025,
      valMin: '3000',
      valMax: '5999.999',
      percentage: '50',
      remise: '0',
      activiteId: actA.id,
      isActive: 0,
    },
    { numRistourne: 1, name: 'Palier 2026', year: 2026, valMin: '0', valMax: '999999', percentage: '1', remise: '0', activiteId: actA.id },
  ]);
  return [c1.id, c2.id, c3.id];
}

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  [a1, a2, b1] = await fixtures(t.db);
});
afterAll(() => t.close());

describe('GET clients/calculateRistourne/{year}', () => {
  it('refuses a year outside 2000–2100 and a zone chief', async () => {
    const r = await call('clients/calculateRistourne/1999');
    expect(r.statusCode).toBe(422);
    expect(JSON.stringify(r.json())).toContain(RISTOURNE_MSG.generationYear);
    expect((await call('clients/calculateRistourne/2025', await t.auth('chef@demo.tn'))).statusCode).toBe(403);
  });

  it('launches nothing on a HEAD request (a proxy or a link checker may send one)', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/api/clients/calculateRistourne/2025', headers: admin });
    expect(head.statusCode).toBe(404);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(jobRuns)).toEqual([{ n: 0 }]);
  });

  it('runs as a background job with its progress, and issues one rounded voucher per client whose activity earns a rebate', async () => {
    const r = await call('clients/calculateRistourne/2025');
    expect(r.statusCode).toBe(202);
    const id = r.json().data.id;
    const done = await until(
      async () => (await call(`clients/calculateRistourne/jobs/${id}`)).json().data,
      (d) => d.state === 'completed' || d.state === 'failed',
    );
    expect(done).toMatchObject({ state: 'completed', result: { year: 2025, vouchers: 2, total: '122.346', already: false }, message: RISTOURNE_MSG.generated });
    const vouchers = await t.db.select().from(voucherPurchases).where(eq(voucherPurchases.ristourneYear, 2025)).orderBy(voucherPurchases.clientId);
    expect(vouchers.map((v) => [v.voucherRef, v.clientId, v.soldeUsed, v.status])).toEqual([
      [`RIST-2025-${String(a1).padStart(6, '0')}`, a1, '22.346', 0],
      [`RIST-2025-${String(a2).padStart(6, '0')}`, a2, '100.000', 0],
    ]);
    expect(vouchers.every((v) => /^[0-9a-f]{64}$/.test(v.qrcode))).toBe(true);
    const [c1] = await t.db.select().from(clients).where(eq(clients.id, a1));
    expect(c1).toMatchObject({ ristourneN1: '22.346', ristourneReste: '22.346', ristourneSoldeN1: '22.346', ristourneConsumed: '0.000' });
    const [c3] = await t.db.select().from(clients).where(eq(clients.id, b1));
    expect(c3.ristourneN1).toBe('0.000');
    const runs = (await call('ristournes/runs')).json().data;
    expect(runs).toEqual([expect.objectContaining({ YEAR: 2025, VOUCHERS: 2, TOTAL: 122.346 })]);
  });

  it('is idempotent: a second run for the year issues nothing and says so', async () => {
    const r = await call('clients/calculateRistourne/2025');
    expect(r.statusCode).toBe(200);
    expect(r.json().data.message).toBe(RISTOURNE_MSG.alreadyGenerated(2025));
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(voucherPurchases))[0].n).toBe(2);
  });

  it('refuses a year whose previous year has tiers but was never generated', async () => {
    const r = await call('clients/calculateRistourne/2027');
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe(RISTOURNE_MSG.previousYearMissing);
  });
});

describe('a generation killed in the middle', () => {
  it('leaves no voucher and no run; running it again completes it', async () => {
    const { handle, target, drop } = await createDatabase({ onDisk: true });
    try {
      await handle.migrate();
      const [k1, k2] = await fixtures(handle.db);
      if (handle.kind === 'pglite') await handle.close(); // one process at a time on a PGlite folder
      const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../fixtures/generate-then-die.ts'), target, '2025'], {
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(child.signal).toBe('SIGKILL');
      expect(child.stdout).toContain('killing');
      const again = handle.kind === 'pglite' ? await createDatabaseAt(target) : handle;
      try {
        expect((await again.db.select({ n: sql<number>`count(*)::int` }).from(voucherPurchases))[0].n).toBe(0);
        expect((await again.db.select({ n: sql<number>`count(*)::int` }).from(ristourneRuns))[0].n).toBe(0);
        const [c] = await again.db.select().from(clients).where(eq(clients.id, k1));
        expect(c.ristourneN1).toBe('0.000');
        const result = await again.db.transaction((tx) => generateRebates(tx, null, 2025));
        expect(result).toMatchObject({ vouchers: 2, total: '122.346', already: false });
        const ids = (await again.db.select({ c: voucherPurchases.clientId }).from(voucherPurchases)).map((v) => v.c).sort((x, y) => x - y);
        expect(ids).toEqual([k1, k2]);
      } finally {
        if (again !== handle) await again.close();
      }
    } finally {
      if (handle.kind !== 'pglite') await handle.close();
      await drop();
    }
  }, 180_000);
});

async function createDatabaseAt(dir: string) {
  const { openDatabase } = await import('../../src/db/client');
  return openDatabase({ dataDir: dir });
}
