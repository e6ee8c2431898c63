/**
 * The embedded database in its own thread (db/pglite-thread.ts): what the request thread relies on.
 * A transaction holds the database until it ends, its failure rolls back with PostgreSQL's error
 * fields intact, a long statement leaves the request thread free, and the oldest request is served first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from '../../src/db/pglite-thread';
import { requestArrival } from '../../src/db/request-order';

describe('embedded database thread', () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = await PgliteThread.open(undefined);
    await db.exec('create table marks (id serial primary key, label text unique not null)');
  });
  afterAll(() => db.close());

  const labels = async () => (await db.query<{ label: string }>('select label from marks order by id')).rows.map((r) => r.label);

  it('holds the database for a transaction: a statement asked for meanwhile runs after its commit', async () => {
    await db.query('delete from marks');
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('insert into marks (label) values ($1)', ['tx-1']);
      outside = db.query('insert into marks (label) values ($1)', ['outside']);
      await new Promise((r) => setTimeout(r, 50));
      await tx.query('insert into marks (label) values ($1)', ['tx-2']);
      expect((await tx.query<{ n: number }>('select count(*)::int as n from marks where label = $1', ['outside'])).rows[0].n).toBe(0);
    });
    await outside;
    expect(await labels()).toEqual(['tx-1', 'tx-2', 'outside']);
  });

  it('rolls a failed transaction back and keeps the PostgreSQL error fields', async () => {
    await db.query('delete from marks');
    await db.query('insert into marks (label) values ($1)', ['kept']);
    const failure = await db
      .transaction(async (tx) => {
        await tx.query('insert into marks (label) values ($1)', ['undone']);
        await tx.query('insert into marks (label) values ($1)', ['kept']);
      })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ code: '23505', constraint: 'marks_label_key' });
    expect(await labels()).toEqual(['kept']);
  });

  it('leaves the request thread free while a long statement runs', async () => {
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    const t0 = performance.now();
    await db.query('select count(*) from generate_series(1, 3000000)');
    const took = performance.now() - t0;
    clearInterval(timer);
    expect(took).toBeGreaterThan(200); // long enough to see the difference
    expect(longestGap).toBeLessThan(took / 2);
  });

  it("serves the oldest request's statements first", async () => {
    await db.query('delete from marks');
    let younger: Promise<unknown> | undefined;
    let older: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      // Asked for while the database is held: the younger request asks first, the older one after.
      younger = requestArrival.run(2000, () => db.query('insert into marks (label) values ($1)', ['younger']));
      older = requestArrival.run(1000, () => db.query('insert into marks (label) values ($1)', ['older']));
      await tx.query('select 1');
    });
    await Promise.all([younger, older]);
    expect(await labels()).toEqual(['older', 'younger']);
  });
});

describe('embedded database thread on a folder', () => {
  it('keeps its data when restarted after the start-up work', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-pglite-thread-'));
    const db = await PgliteThread.open(dir);
    try {
      await db.exec("create table kept (v text); insert into kept values ('là')");
      const during = db.query<{ v: string }>('select v from kept');
      await db.restart();
      expect((await during).rows).toEqual([{ v: 'là' }]);
      expect((await db.query<{ v: string }>('select v from kept')).rows).toEqual([{ v: 'là' }]);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
