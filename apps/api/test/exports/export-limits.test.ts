/**
 * Background exports are rationed: EXPORT_JOBS_PER_USER running per user, counted in the database over
 * every node, and EXPORT_JOBS_PER_NODE written at once by one node. One more start is a 429 with a French
 * message, and nothing is recorded or written for it. Writers are held mid-file through the storage (their
 * puts do not read past the first chunk until released), so "running" lasts exactly as long as the test
 * wants.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { EXPORT_JOB_MSG } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { users } from '../../src/lib/auth/accounts.table';
import { exportJobs } from '../../src/lib/exports/jobs/export-jobs.table';
import type { ObjectStore } from '../../src/lib/storage';
import { clients } from '../../src/lib/clients/clients.table';
import { createTestApp, MemoryMailer, onPostgres, type TestContext } from '../support/helpers';

let t: TestContext;
const extra: FastifyInstance[] = [];
const dirs: string[] = [];
let admin: Headers;
let admin2: Headers;
let chef: Headers;
type Headers = { authorization: string };
const EXPORT_URL = 'clients/export/csv?search=Limite&job=1';
/** This node's limit in this file: small, so that three users fill it. */
const PER_NODE = 3;

beforeAll(async () => {
  t = await createTestApp({ env: { EXPORT_JOBS_PER_NODE: String(PER_NODE) } });
  // A second administrator: a colleague with the same rights and a count of her own.
  const [a] = await t.db.select().from(users).where(eq(users.email, 'admin@demo.tn'));
  const { id: _id, ...rest } = a;
  await t.db.insert(users).values({ ...rest, email: 'admin2@demo.tn', firstname: 'Yasmine', lastname: 'Ben Amor' });
  [admin, admin2, chef] = await Promise.all(['admin@demo.tn', 'admin2@demo.tn', 'chef@demo.tn'].map((e) => t.auth(e)));
  const [{ id: chefId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'chef@demo.tn'));
  await t.db
    .insert(clients)
    .values(
      Array.from({ length: 300 }, (_, i) => ({ code: `LIM${String(i).padStart(4, '0')}`, name: `Limite ${i} ${'z'.repeat(i % 30)}`, chefZoneId: chefId })),
    );
}, 120_000);
afterAll(async () => {
  for (const app of extra) await app.close().catch(() => {});
  await t?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const exportOn = (app: FastifyInstance, headers: Headers) => app.inject({ method: 'GET', url: `/api/${EXPORT_URL}`, headers });
const started = async (app: FastifyInstance, headers: Headers) => {
  const res = await exportOn(app, headers);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data.id as string;
};
const state = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/export-jobs/${id}`, headers: admin })).json().data?.state as string | undefined;
const idOf = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const runningRows = async (email: string) =>
  (
    await t.db
      .select({ id: exportJobs.id })
      .from(exportJobs)
      .where(and(eq(exportJobs.userId, await idOf(email)), eq(exportJobs.state, 'running')))
  ).length;
async function until<T>(read: () => T | Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`toujours ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Holds every export the node writes: its put reads the file's first chunk, then waits until that
 * job is released (as a slow store would), so the job stays running. The tap of export-jobs.test.ts.
 */
function holdPuts(app: FastifyInstance) {
  const jobs = app.exportJobs as unknown as { store: ObjectStore };
  const real = jobs.store;
  const gates = new Map<string, () => void>();
  const opened = new Set<string>();
  const held: ObjectStore = Object.create(real);
  held.put = (key, body, opts) => {
    const id = key.split('.')[0];
    const gate = new Promise<void>((resolve) => {
      if (opened.has(id)) resolve();
      else gates.set(id, resolve);
    });
    const tap = new Transform({
      transform(chunk, _enc, done) {
        void gate.then(() => done(null, chunk));
      },
    });
    (body as Readable).on('error', (err) => tap.destroy(err));
    return real.put(key, (body as Readable).pipe(tap), opts);
  };
  jobs.store = held;
  const open = (id: string) => {
    opened.add(id);
    gates.get(id)?.();
  };
  return {
    release: open,
    releaseAll() {
      for (const id of gates.keys()) open(id);
      jobs.store = real;
    },
  };
}

/** Another node on the same database, with its own folder. */
async function node(perNode: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-export-limits-'));
  dirs.push(dataDir);
  const config = loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'silent', DATA_DIR: dataDir, EXPORT_JOBS_PER_NODE: String(perNode) });
  const app = await buildApp({ config, database: t.app.dbHandle, mailer: new MemoryMailer(), logger: false });
  await app.ready();
  extra.push(app);
  return app;
}

describe('rationed background exports', () => {
  it('refuses a wrong limit at start, naming the variable', () => {
    expect(() => loadConfig({ EXPORT_JOBS_PER_USER: '0' })).toThrow(/EXPORT_JOBS_PER_USER/);
    expect(() => loadConfig({ EXPORT_JOBS_PER_NODE: 'deux' })).toThrow(/EXPORT_JOBS_PER_NODE/);
    expect(loadConfig({})).toMatchObject({ EXPORT_JOBS_PER_USER: 2, EXPORT_JOBS_PER_NODE: 4 });
  });

  it('a user with two exports running: the third is a 429 with the message and starts nothing; another user still can; the node full, a third user cannot; one finished, the user can again', async () => {
    const hold = holdPuts(t.app);
    try {
      const a1 = await started(t.app, admin);
      const a2 = await started(t.app, admin);
      expect([await state(a1), await state(a2)]).toEqual(['running', 'running']);

      const third = await exportOn(t.app, admin);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ success: false, message: EXPORT_JOB_MSG.alreadyRunning });
      expect(await runningRows('admin@demo.tn')).toBe(2);
      expect(t.app.exportJobs.writers).toBe(2);

      // Another user's limit is their own.
      await started(t.app, admin2);
      expect(t.app.exportJobs.writers).toBe(PER_NODE);
      // The node writes PER_NODE exports: anyone else waits, whatever their own count.
      const full = await exportOn(t.app, chef);
      expect(full.statusCode).toBe(429);
      expect(full.json().message).toBe(EXPORT_JOB_MSG.serverBusy);
      expect(await runningRows('chef@demo.tn')).toBe(0);
      expect(t.app.exportJobs.writers).toBe(PER_NODE);

      // One of the user's exports ends (its file written): the user may start one more, not two.
      hold.release(a1);
      await until(
        () => state(a1),
        (s) => s === 'done',
      );
      await until(
        () => t.app.exportJobs.writers,
        (n) => n === PER_NODE - 1,
      );
      const a3 = await started(t.app, admin);
      expect(await state(a3)).toBe('running');
      expect((await exportOn(t.app, admin)).statusCode).toBe(429);
      expect(await runningRows('admin@demo.tn')).toBe(2);
    } finally {
      hold.releaseAll();
    }
    await until(
      () => t.app.exportJobs.writers,
      (n) => n === 0,
    );
    // Nothing running any more: the user starts again.
    const again = await started(t.app, admin);
    await until(
      () => state(again),
      (s) => s === 'done',
    );
  });

  it(`counts a user's exports over every node: ${onPostgres ? 'eight starts at once on two nodes' : 'starts on two nodes'} give two jobs and six 429`, async () => {
    await until(
      () => t.app.exportJobs.writers,
      (n) => n === 0,
    );
    // Two more nodes with room to spare: only the user's limit, kept in the database, can refuse.
    const [b, c] = [await node(10), await node(10)];
    const holds = [holdPuts(b), holdPuts(c)];
    try {
      const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => exportOn(i % 2 ? b : c, admin2)));
      const codes = replies.map((r) => r.statusCode).sort();
      expect(codes).toEqual([202, 202, 429, 429, 429, 429, 429, 429]);
      for (const r of replies.filter((x) => x.statusCode === 429)) expect(r.json().message).toBe(EXPORT_JOB_MSG.alreadyRunning);
      expect(await runningRows('admin2@demo.tn')).toBe(2);
      expect(b.exportJobs.writers + c.exportJobs.writers).toBe(2);
    } finally {
      for (const h of holds) h.releaseAll();
    }
    await until(
      () => b.exportJobs.writers + c.exportJobs.writers,
      (n) => n === 0,
    );
    expect(await runningRows('admin2@demo.tn')).toBe(0);
  });
});
