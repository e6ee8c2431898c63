/**
 * Background exports across API nodes: two apps on one database and one
 * S3-compatible bucket. What node A writes, node B reports (progress from the database) and serves
 * (the file from the bucket); a node stopped mid-export leaves its job interrupted and no object.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { seedDemoAccounts } from '../../src/db/seed-accounts';
import { sessions, users } from '../../src/lib/auth/accounts.table';
import type { ObjectStore } from '../../src/lib/storage';
import { clients } from '../../src/lib/clients/clients.table';
import { hashToken, newToken } from '../../src/plugins/auth';
import { createDatabase, DEMO_PASSWORD, MemoryMailer } from '../support/helpers';
import { startS3, type TestS3 } from '../support/s3-server';

let s3: TestS3;
let db: Awaited<ReturnType<typeof createDatabase>>;
const apps: FastifyInstance[] = [];
const dirs: string[] = [];
let headers: { authorization: string };
const ROWS = 3000;

async function node() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-export-node-'));
  dirs.push(dataDir);
  const config = loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...s3.env });
  const app = await buildApp({ config, database: db.handle, mailer: new MemoryMailer(), logger: false });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  s3 = await startS3();
  db = await createDatabase();
  await db.handle.migrate();
  await seedDemoAccounts(db.handle.db, DEMO_PASSWORD);
  const [admin] = await db.handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.tn'));
  const token = newToken();
  await db.handle.db.insert(sessions).values({ userId: admin.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000) });
  headers = { authorization: `Bearer ${token}` };
  await db.handle.db
    .insert(clients)
    .values(Array.from({ length: ROWS }, (_, i) => ({ code: `NODE${String(i).padStart(5, '0')}`, name: `Client du nœud ${i} ${'y'.repeat(i % 30)}` })));
}, 120_000);
afterAll(async () => {
  for (const app of apps) await app.close().catch(() => {});
  await db?.handle.close();
  await db?.drop();
  await s3?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url: `/api/${url}`, headers });
const status = async (app: FastifyInstance, id: string) =>
  (await get(app, `export-jobs/${id}`)).json().data as { state: string; written: number; total: number };
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`toujours ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const objects = async () => ((await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'exports/' }))).Contents ?? []).map((o) => o.Key);

describe('background exports on several nodes', () => {
  it('node A writes the file, node B reports its progress and serves it from the bucket', async () => {
    const [a, b] = [await node(), await node()];
    const started = await get(a, 'clients/export/csv?job=1');
    expect(started.statusCode).toBe(202);
    const { id, total } = started.json().data;
    expect(total).toBe(ROWS);
    expect(
      await until(
        () => status(b, id),
        (s) => s.state !== 'running',
      ),
    ).toMatchObject({ state: 'done', written: ROWS, total: ROWS });
    expect(await objects()).toContain(`exports/${id}.csv`);
    const file = await get(b, `export-jobs/${id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals((await get(b, 'clients/export/csv')).rawPayload)).toBe(true);
  });

  it('a node stopped mid-export: its job shows interrupted on the other node, and no object is left', async () => {
    const [a, b] = [await node(), await node()];
    // Node A's uploads stall after the first part, as a slow bucket would: the job is mid-way when A stops.
    const jobs = a.exportJobs as unknown as { store: ObjectStore };
    const real = jobs.store;
    let seen = 0;
    const stalled: ObjectStore = Object.create(real);
    stalled.put = (key, body, opts) => {
      const tap = new Transform({
        transform(chunk, _enc, done) {
          seen += chunk.length;
          if (seen < 150_000) done(null, chunk);
        },
      });
      (body as Readable).on('error', (err) => tap.destroy(err));
      return real.put(key, (body as Readable).pipe(tap), opts);
    };
    jobs.store = stalled;
    const { id } = (await get(a, 'clients/export/csv?job=1')).json().data;
    await until(
      () => status(b, id),
      (s) => s.written > 0,
    );
    await a.close();
    const after = await status(b, id);
    expect(after.state).toBe('interrupted');
    expect(after.written).toBeLessThan(ROWS);
    expect((await get(b, `export-jobs/${id}/file`)).statusCode).toBe(404);
    expect((await objects()).filter((k) => k?.includes(id))).toEqual([]);
  });
});
