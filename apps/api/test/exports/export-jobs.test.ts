/**
 * Exports as background jobs: `?job=1` on a list's export answers 202 `{ id, total }`,
 * the file is written into the storage while the job's row counts the rows; the owner polls it,
 * downloads it, or cancels it; another user gets 404; the housekeeping deletes row and file after 24 h.
 */
import { readdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { eq, like, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/lib/auth/accounts.table';
import { requestArrival } from '../../src/db/request-order';
import { exportJobs } from '../../src/lib/exports/jobs/export-jobs.table';
import type { ObjectStore } from '../../src/lib/storage';
import { clients } from '../../src/lib/clients/clients.table';
import { createTestApp, type TestContext } from '../support/helpers';

let t: TestContext;
let admin: { authorization: string };
let chefId: number;
const ROWS = 2000;
const CHEF_ROWS = 700;
const FILTER = 'search=Export%20test&sort=CODE_CLIENT&order=desc';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  [{ id: chefId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'chef@demo.tn'));
  // Names long enough that the file spans many chunks; a third of the rows in the zone chief's zone.
  await t.db.insert(clients).values(
    Array.from({ length: ROWS }, (_, i) => ({
      code: `EXP${String(i).padStart(5, '0')}`,
      name: `Export test ${i} — Épicerie « ${'x'.repeat(i % 40)} »`,
      chefZoneId: i < CHEF_ROWS ? chefId : null,
    })),
  );
}, 120_000);
afterAll(() => t?.close());

const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers });
const start = async (url: string, headers = admin) => {
  const res = await get(`${url}${url.includes('?') ? '&' : '?'}job=1`, headers);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data as { id: string; total: number | null };
};
const status = async (id: string, headers = admin) =>
  (await get(`export-jobs/${id}`, headers)).json().data as { state: string; written: number; total: number };
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`toujours ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const finished = (id: string, headers = admin) =>
  until(
    () => status(id, headers),
    (s) => s.state !== 'running',
  );
const file = (id: string, headers = admin) => get(`export-jobs/${id}/file`, headers);

/** The exports store, with a tap that stops reading a put's bytes past `bytes` until `release()`. */
function holdPuts(bytes: number) {
  const jobs = t.app.exportJobs as unknown as { store: ObjectStore };
  const real = jobs.store;
  let release = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  let seen = 0;
  const held: ObjectStore = Object.create(real);
  held.put = (key, body, opts) => {
    const tap = new Transform({
      transform(chunk, _enc, done) {
        seen += chunk.length;
        if (seen < bytes) return done(null, chunk);
        void released.then(() => done(null, chunk));
      },
    });
    // The source's error (a cancelled writer) reaches the put through the tap, as it would unwrapped.
    (body as Readable).on('error', (err) => tap.destroy(err));
    return real.put(key, (body as Readable).pipe(tap), opts);
  };
  jobs.store = held;
  return {
    release() {
      release();
      jobs.store = real;
    },
  };
}

describe('exports as background jobs', () => {
  it('writes the same CSV bytes as the direct export of the same filter', async () => {
    const direct = await get(`clients/export/csv?${FILTER}`);
    expect(direct.statusCode).toBe(200);
    const job = await start(`clients/export/csv?${FILTER}`);
    expect(job.total).toBe(ROWS);
    expect((await finished(job.id)).state).toBe('done');
    const res = await file(job.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(direct.headers['content-type']);
    expect(res.headers['content-disposition']).toBe(direct.headers['content-disposition']);
    expect(res.rawPayload.equals(direct.rawPayload)).toBe(true);
    expect(await status(job.id)).toMatchObject({ state: 'done', written: ROWS, total: ROWS });
  });

  it('writes the same XLSX rows as the direct export (read back with ExcelJS)', async () => {
    const sheet = async (bytes: Buffer) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes as never);
      const rows: unknown[] = [];
      book.worksheets[0].eachRow((row) => rows.push(row.values));
      return rows;
    };
    const job = await start(`export/excel?${FILTER}`);
    expect((await finished(job.id)).state).toBe('done');
    const rows = await sheet((await file(job.id)).rawPayload);
    expect(rows).toHaveLength(ROWS + 1);
    expect(rows).toEqual(await sheet((await get(`export/excel?${FILTER}`)).rawPayload));
  });

  it('holds the rows of the filter at its start: rows added meanwhile are not in the file; the progress moves', async () => {
    const size = (await get(`clients/export/csv?${FILTER}`)).rawPayload.length;
    const hold = holdPuts(Math.floor(size * 0.4));
    try {
      const job = await start(`clients/export/csv?${FILTER}`);
      await t.db.insert(clients).values({ code: 'EXPLATE', name: 'Export test ajouté après le départ' });
      // Mid-way: some rows written and counted in the database, not all.
      const mid = await until(
        () => status(job.id),
        (s) => s.written > 0,
      );
      expect(mid.state).toBe('running');
      expect(mid.written).toBeLessThan(ROWS);
      hold.release();
      const end = await finished(job.id);
      expect(end).toMatchObject({ state: 'done', written: ROWS, total: ROWS });
      const text = (await file(job.id)).body;
      expect(text).not.toContain('EXPLATE');
      expect(text).toContain('EXP01999');
      expect((await get(`clients/export/csv?${FILTER}`)).body).toContain('EXPLATE');
    } finally {
      hold.release();
      await t.db.delete(clients).where(eq(clients.code, 'EXPLATE'));
    }
  });

  it('cancels a running export: it stops, no file is left, the file route answers 404', async () => {
    const size = (await get(`clients/export/csv?${FILTER}`)).rawPayload.length;
    const hold = holdPuts(Math.floor(size * 0.3));
    let id = '';
    try {
      ({ id } = await start(`clients/export/csv?${FILTER}`));
      await until(
        () => status(id),
        (s) => s.written > 0,
      );
      const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/export-jobs/${id}`, headers: admin });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().data.state).toBe('cancelled');
    } finally {
      hold.release();
    }
    // The writer stops at its next row: its put is aborted, nothing stays in the store.
    await until(
      () => t.app.storage.exports.list(),
      (objects) => !objects.some((o) => o.key.startsWith(id)),
    );
    await new Promise((r) => setTimeout(r, 300));
    const after = await status(id);
    expect(after.state).toBe('cancelled');
    expect(after.written).toBeLessThan(ROWS);
    expect((await file(id)).statusCode).toBe(404);
    expect((await t.app.storage.exports.list()).filter((o) => o.key.startsWith(id))).toEqual([]);
    // Nor a temporary file of the aborted put.
    expect(readdirSync(path.join(t.config.dataDir, 'exports')).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it("writes outside the request that started it: its statements do not carry that request's arrival", async () => {
    // On the embedded database, statements carrying an earlier arrival pass before later requests'
    // (db/request-order.ts): a writer carrying its request's would go ahead of every call made meanwhile.
    const [{ id: owner }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.tn'));
    const seen: (number | undefined)[] = [];
    async function* rows() {
      for (let n = 0; n < 3; n++) {
        seen.push(requestArrival.getStore());
        yield { n };
      }
    }
    const spec = {
      format: 'csv' as const,
      fileName: 'arrivee',
      title: 'Arrivée',
      orientation: 'portrait' as const,
      columns: [{ header: 'n', value: (r: { n: number }) => r.n }],
      rows: rows(),
    };
    const id = await requestArrival.run(42, () => t.app.exportJobs.start(owner, 'GET /test', spec, 3));
    expect(await finished(id)).toMatchObject({ state: 'done', written: 3 });
    expect(seen).toEqual([undefined, undefined, undefined]);
  });

  it('answers 404 to another user, whatever the call, and changes nothing', async () => {
    const job = await start(`clients/export/csv?${FILTER}`);
    await finished(job.id);
    const other = await t.auth('commercial@demo.tn');
    expect((await get(`export-jobs/${job.id}`, other)).statusCode).toBe(404);
    expect((await file(job.id, other)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/export-jobs/${job.id}`, headers: other })).statusCode).toBe(404);
    expect((await status(job.id)).state).toBe('done');
    expect((await file(job.id)).statusCode).toBe(200);
    expect((await get('export-jobs/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('export-jobs/pas-un-uuid')).statusCode).toBe(422);
    expect((await get('clients/export/csv?job=2')).statusCode).toBe(422);
  });

  it("keeps the zone chief's scope: his job holds his clients only, as his direct export does", async () => {
    const chef = await t.auth('chef@demo.tn');
    const job = await start(`clients/export/csv?${FILTER}`, chef);
    expect(job.total).toBe(CHEF_ROWS);
    expect((await finished(job.id, chef)).state).toBe('done');
    const bytes = (await file(job.id, chef)).rawPayload;
    expect(bytes.equals((await get(`clients/export/csv?${FILTER}`, chef)).rawPayload)).toBe(true);
    expect(bytes.toString()).toContain(`EXP${String(CHEF_ROWS - 1).padStart(5, '0')}`);
    expect(bytes.toString()).not.toContain(`EXP${String(CHEF_ROWS).padStart(5, '0')}`);
  });

  it('works for every list export: a generic resource, a list of its own path, a PDF', async () => {
    for (const url of ['orders/export/csv', 'back-office/users/export/csv', 'clients_circuits/export/pdf']) {
      const job = await start(url);
      expect((await finished(job.id)).state, url).toBe('done');
      const direct = await get(url);
      const res = await file(job.id);
      expect(res.headers['content-type']).toBe(direct.headers['content-type']);
      if (url.endsWith('csv')) expect(res.rawPayload.equals(direct.rawPayload)).toBe(true);
    }
  });

  it('shows a job whose writer stopped beating as interrupted, and the housekeeping deletes rows and files after 24 h', async () => {
    const [{ id: adminId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.tn'));
    // A writer on a node that died: its row stopped beating two minutes ago.
    const dead = '11111111-1111-4111-8111-111111111111';
    await t.db.insert(exportJobs).values({
      id: dead,
      userId: adminId,
      route: 'GET /api/clients/export/:format',
      format: 'csv',
      fileName: 'clients',
      total: 10,
      written: 5,
      heartbeatAt: sql`now() - interval '2 minutes'`,
    });
    expect((await status(dead)).state).toBe('interrupted');

    const old = await start(`clients/export/csv?${FILTER}`);
    await finished(old.id);
    const fresh = await start(`clients/export/csv?${FILTER}`);
    await finished(fresh.id);
    await t.db.update(exportJobs).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(exportJobs.id, old.id));
    // Files without a row (their owner was deleted): one written 25 h ago, one just now.
    const orphan = (n: string) => `${n.repeat(8)}-${n.repeat(4)}-4${n.repeat(3)}-8${n.repeat(3)}-${n.repeat(12)}.csv`;
    for (const n of ['2', '3']) await t.app.storage.exports.put(orphan(n), Readable.from([Buffer.from('x')]));
    const past = new Date(Date.now() - 25 * 3600_000);
    utimesSync(path.join(t.config.dataDir, 'exports', orphan('2')), past, past);

    const report = await t.app.jobs.housekeeping();
    expect(report.export_jobs).toBeGreaterThanOrEqual(1);
    expect((await get(`export-jobs/${old.id}`)).statusCode).toBe(404);
    expect(await t.app.storage.exports.head(`${old.id}.csv`)).toBeNull();
    expect((await status(fresh.id)).state).toBe('done');
    expect((await file(fresh.id)).statusCode).toBe(200);
    const [row] = await t.db.select({ state: exportJobs.state }).from(exportJobs).where(eq(exportJobs.id, dead));
    expect(row.state).toBe('interrupted');
    expect(await t.app.storage.exports.head(orphan('2'))).toBeNull();
    expect(await t.app.storage.exports.head(orphan('3'))).not.toBeNull();
    await t.db.delete(exportJobs).where(like(exportJobs.route, 'GET /api/clients%'));
  });
});
