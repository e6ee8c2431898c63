import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { RISTOURNE_MSG, SYNC_MSG, type SyncRun } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/lib/auth/accounts.table';
import { jobRuns } from '../../src/lib/jobs/jobs.table';
import { products } from '../../src/modules/catalogue/catalogue.table';
import { loginAttempts, passwordResets } from '../../src/modules/auth/auth.table';
import { onPostgres } from '../support/helpers';
import { type Cluster, createCluster, until } from '../support/jobs-nodes';
import { PRODUCTS_CSV, syncFixtures } from '../support/sync-fixtures';

/**
 * Job state shared by the API nodes: nodes are apps with their own JobEngine on one
 * database (jobs-nodes.ts); what one node launches, any node follows, refuses a second time, and a
 * node starting never fails another's live run. The races and the live run of another node run on
 * PostgreSQL, where nodes really run side by side.
 */
let c: Cluster;
let admin: { authorization: string };

const get = (node: FastifyInstance, url: string) => node.inject({ method: 'GET', url: `/api/${url}`, headers: admin });
const runOn = async (node: FastifyInstance, id: number) => (await get(node, `sync/runs/${id}`)).json().data as SyncRun;
const bigProducts = (n: number) => {
  const lines = ['REF;LABEL;LABEL_AR;CODE_CATEGORIE;PRICE_HT;PRICE_TTC;QTE'];
  for (let i = 0; i < n; i++) lines.push(`BULK-${i};Produit ${i};منتج;CAF;1;1.19;${i % 50}`);
  return lines.join('\n');
};
const productCount = async () => (await c.handle.db.select({ n: sql<number>`count(*)::int` }).from(products))[0].n;

beforeAll(async () => {
  c = await createCluster();
  admin = await c.auth('admin@demo.tn');
  await syncFixtures(c.handle.db);
});
afterAll(() => c.close());

describe('a job queued by a node whose worker is gone', () => {
  it('runs on another node, which answers its progress poll and shows its outcome (sync and rebate generation)', async () => {
    writeFileSync(path.join(c.syncDir, 'products.csv'), PRODUCTS_CSV);
    // Node Q takes the launch but runs no job (its worker is gone), then stops, like a node killed.
    const q = await c.node({ work: false });
    const launched = await get(q, 'syncProductsFromCSV');
    expect(launched.statusCode).toBe(202);
    const gen = await get(q, 'clients/calculateRistourne/2025');
    expect(gen.statusCode).toBe(202);
    await new Promise((r) => setTimeout(r, 700));
    expect((await runOn(q, launched.json().data.id)).RESULT).toBe('running');
    expect((await get(q, `clients/calculateRistourne/jobs/${gen.json().data.id}`)).json().data.state).toBe('created');
    await q.close();

    // Node W starts: the queued run is not failed at its start, its worker runs it.
    const w = await c.node();
    await w.jobs.start();
    const run = await until(
      () => runOn(w, launched.json().data.id),
      (r) => r.RESULT !== 'running',
    );
    expect(run).toMatchObject({ RESULT: 'success', INSERTED: 2, UNCHANGED: 1, PROGRESS: null });
    const done = await until(
      async () => (await get(w, `clients/calculateRistourne/jobs/${gen.json().data.id}`)).json().data,
      (d) => d.state === 'completed' || d.state === 'failed',
    );
    expect(done).toMatchObject({ state: 'completed', message: RISTOURNE_MSG.generated });
    // Its key is free again: a new launch is accepted.
    const again = await get(w, 'syncProductsFromCSV?dryRun=1');
    expect(again.statusCode).toBe(202);
    expect(
      (
        await until(
          () => runOn(w, again.json().data.id),
          (r) => r.RESULT !== 'running',
        )
      ).RESULT,
    ).toBe('checked');
  }, 120_000);
});

describe('housekeeping', () => {
  it('is one pg-boss schedule for the cluster, and purges what would grow without bound', async () => {
    const a = await c.node({ work: false });
    const b = await c.node({ work: false });
    await a.jobs.start();
    await b.jobs.start();
    const schedules = (await c.handle.executeSql('select name, cron from pgboss.schedule order by name')).rows;
    // The housekeeping, and the daily points expiry run.
    expect(schedules).toEqual([
      { name: 'housekeeping', cron: '*/5 * * * *' },
      { name: 'points-expiry', cron: '15 2 * * *' },
    ]);

    const db = c.handle.db;
    const day = 86_400_000;
    const ago = (days: number) => new Date(Date.now() - days * day);
    const [{ id: userId }] = (await c.handle.executeSql("select id from users where email = 'admin@demo.tn'")).rows as { id: number }[];
    const session = (tokenHash: string, expiresAt: Date, revokedAt: Date | null = null) => ({ userId, tokenHash, expiresAt, revokedAt });
    await db.insert(sessions).values([session('h-expired', ago(2)), session('h-revoked', new Date(Date.now() + day), ago(2)), session('h-recent', ago(0.5))]);
    await db.insert(loginAttempts).values([
      { email: 'x@demo.tn', ip: '203.0.113.1', success: false, at: ago(100) },
      { email: 'x@demo.tn', ip: '203.0.113.1', success: false, at: ago(10) },
    ]);
    await db.insert(passwordResets).values([
      { userId, codeHash: 'old', expiresAt: ago(2) },
      { userId, codeHash: 'new', expiresAt: new Date(Date.now() + 600_000) },
    ]);
    await db.insert(jobRuns).values([
      { id: '00000000-0000-4000-8000-000000000001', kind: 'old', live: false, endedAt: ago(8) },
      { id: '00000000-0000-4000-8000-000000000002', kind: 'recent', live: false, endedAt: ago(1) },
    ]);

    const report = await a.jobs.housekeeping();
    expect(report).toMatchObject({ lost_jobs: 0, sessions: 2, login_attempts: 1, password_resets: 1, job_runs: 1, throttles: 'ok', pgboss: 0 });
    expect((await db.select({ t: sessions.tokenHash }).from(sessions).where(sql`${sessions.tokenHash} like 'h-%'`)).map((r) => r.t)).toEqual(['h-recent']);
    expect((await db.select().from(loginAttempts)).length).toBe(1);
    expect((await db.select({ h: passwordResets.codeHash }).from(passwordResets)).map((r) => r.h)).toEqual(['new']);
    expect((await db.select({ k: jobRuns.kind }).from(jobRuns).where(sql`${jobRuns.kind} in ('old', 'recent')`)).map((r) => r.k)).toEqual(['recent']);
  }, 60_000);
});

describe.runIf(onPostgres)('nodes side by side on PostgreSQL', () => {
  it('two launches racing on two nodes give one 202 and one 409, for a sync and for a rebate generation', async () => {
    writeFileSync(path.join(c.syncDir, 'products.csv'), PRODUCTS_CSV);
    // No worker: the winner's job stays queued, so the race is only between the two launches.
    const a = await c.node({ work: false });
    const b = await c.node({ work: false });
    const [sa, sb] = await Promise.all([get(a, 'syncProductsFromCSV'), get(b, 'syncProductsFromCSV')]);
    expect([sa.statusCode, sb.statusCode].sort()).toEqual([202, 409]);
    expect([sa, sb].find((r) => r.statusCode === 409)?.json().message).toBe(SYNC_MSG.running('products'));
    const [ga, gb] = await Promise.all([get(a, 'clients/calculateRistourne/2030'), get(b, 'clients/calculateRistourne/2030')]);
    expect([ga.statusCode, gb.statusCode].sort()).toEqual([202, 409]);
    expect([ga, gb].find((r) => r.statusCode === 409)?.json().message).toBe(RISTOURNE_MSG.running(2030));
    // One run in the history, not two; the same 409 on a third node.
    expect((await c.handle.executeSql("select count(*)::int as n from sync_runs where kind = 'products' and result = 'running'")).rows).toEqual([{ n: 1 }]);
    const third = await c.node({ work: false });
    expect((await get(third, 'syncProductsFromCSV')).statusCode).toBe(409);
    // The queued jobs run once a node with a worker is there.
    const w = await c.node();
    await w.jobs.start();
    const runId = [sa, sb].find((r) => r.statusCode === 202)?.json().data.id;
    expect(
      (
        await until(
          () => runOn(w, runId),
          (r) => r.RESULT !== 'running',
        )
      ).RESULT,
    ).toBe('success');
  }, 120_000);

  it('a node that starts leaves another node’s live run alone, and any node reads its progress', async () => {
    writeFileSync(path.join(c.syncDir, 'products.csv'), bigProducts(60_000));
    const a = await c.node();
    await a.jobs.start();
    const b = await c.node({ work: false });
    const launched = await get(a, 'syncProductsFromCSV');
    expect(launched.statusCode).toBe(202);
    const id = launched.json().data.id;
    // Node B, which runs nothing, sees the progress node A writes while A's transaction is open.
    const seen = await until(
      () => runOn(b, id),
      (r) => r.PROGRESS !== null || r.RESULT !== 'running',
    );
    expect(seen.RESULT).toBe('running');
    expect(seen.PROGRESS).toMatchObject({ step: expect.any(String), total: expect.any(Number) });
    // A node starting now (its start fails the runs whose job is over) keeps this one running.
    const late = await c.node();
    await late.jobs.start();
    expect(await late.jobs.reconcile()).toBe(0);
    expect((await runOn(late, id)).RESULT).toBe('running');
    expect((await get(late, 'syncProductsFromCSV')).statusCode).toBe(409);
    const run = await until(
      () => runOn(b, id),
      (r) => r.RESULT !== 'running',
      120_000,
    );
    expect(run).toMatchObject({ RESULT: 'success', INSERTED: 60_000, PROGRESS: null });
  }, 180_000);

  it('a node killed in the middle of a run: another node fails it, nothing applied, and the kind can run again', async () => {
    writeFileSync(path.join(c.syncDir, 'products.csv'), bigProducts(40_000).replaceAll('BULK-', 'KILL-'));
    const before = await productCount();
    const b = await c.node({ staleSeconds: 2 });
    await b.jobs.start();
    const url = await databaseUrl();
    const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../fixtures/node-then-die.ts'), url, c.syncDir], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(child.signal, child.stderr).toBe('SIGKILL');
    expect(child.stdout).toContain('killing');
    const id = Number(/run (\d+)/.exec(child.stdout)?.[1]);
    // Until its heartbeat is old, the dead node's run still looks live: running, and 409.
    expect((await runOn(b, id)).RESULT).toBe('running');
    expect((await get(b, 'syncProductsFromCSV')).statusCode).toBe(409);
    await new Promise((r) => setTimeout(r, 2500));
    const report = await b.jobs.housekeeping();
    expect(report.lost_jobs).toBe(1);
    const failed = await runOn(b, id);
    expect(failed).toMatchObject({ RESULT: 'failed', MESSAGE: SYNC_MSG.interrupted, INSERTED: 0, PROGRESS: null });
    expect(await productCount()).toBe(before);
    const [job] = (await c.handle.executeSql('select state::text as state from pgboss.job where id = (select job_id from sync_runs where id = $1)::uuid', [id]))
      .rows as { state: string }[];
    expect(job.state).toBe('failed');
    // The key is free: the same sync runs to the end on node B.
    const again = await get(b, 'syncProductsFromCSV');
    expect(again.statusCode).toBe(202);
    expect(
      (
        await until(
          () => runOn(b, again.json().data.id),
          (r) => r.RESULT !== 'running',
          120_000,
        )
      ).RESULT,
    ).toBe('success');
    expect(await productCount()).toBe(before + 40_000);
  }, 240_000);
});

/** The cluster's database as a URL another process can open. */
async function databaseUrl(): Promise<string> {
  const [{ db }] = (await c.handle.executeSql('select current_database() as db')).rows as { db: string }[];
  const u = new URL(process.env.TEST_DATABASE_URL ?? '');
  u.pathname = `/${db}`;
  return u.toString();
}
