import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../src/modules/contacts/clients.table';
import { pointsLedger } from '../src/modules/loyalty/points.table';
import { createTestApp, onPostgres, type TestContext } from './helpers';

/**
 * Concurrent writes to one row end as serial execution would (issue 20 §1). Only PostgreSQL shows a
 * lost update: PGlite has one connection, so there the same calls are checked one after the other.
 */
let t: TestContext;
let admin: Record<string, string>;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: unknown) => t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers: admin });
const together = <T>(count: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: count }, (_, i) => fn(i)));

/** A new client with no points, made straight in the database. */
async function newClient() {
  n++;
  const [c] = await t.db.insert(clients).values({ code: `RACE-${n}`, name: `Client concurrent ${n}` }).returning();
  return c;
}
const pointsOf = async (id: number) => {
  const [c] = await t.db.select({ fid: clients.pointsFid, offered: clients.pointsOffered }).from(clients).where(eq(clients.id, id));
  const [l] = await t.db
    .select({ sum: sql<number>`coalesce(sum(${pointsLedger.amount}), 0)::int`, rows: sql<number>`count(*)::int` })
    .from(pointsLedger)
    .where(eq(pointsLedger.clientId, id));
  return { balance: c.fid, offered: c.offered, ledger: Number(l.sum), ledgerRows: Number(l.rows) };
};
const offer = (code: string, POINTS_OFFERED: number) => call('PUT', `users/offerPoints/${code}`, { POINTS_OFFERED });

describe('PUT users/offerPoints/{code} sets the offered total', () => {
  it('one after the other: the total is set, the ledger holds the differences', async () => {
    const c = await newClient();
    for (const points of [50, 50, 30]) expect((await offer(c.code, points)).statusCode).toBe(200);
    expect(await pointsOf(c.id)).toEqual({ balance: 30, offered: 30, ledger: 30, ledgerRows: 2 });
  });
});

describe.skipIf(!onPostgres)('concurrent writes on PostgreSQL', () => {
  it('20 concurrent offers of 3 on a new client leave a total and a balance of 3, one ledger row', async () => {
    const c = await newClient();
    const replies = await together(20, () => offer(c.code, 3));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await pointsOf(c.id)).toEqual({ balance: 3, offered: 3, ledger: 3, ledgerRows: 1 });
  });

  it('two concurrent offers of 50, ten times over, leave 50 each time', async () => {
    for (let round = 0; round < 10; round++) {
      const c = await newClient();
      await together(2, () => offer(c.code, 50));
      expect(await pointsOf(c.id)).toEqual({ balance: 50, offered: 50, ledger: 50, ledgerRows: 1 });
    }
  });

  it('concurrent decreases never answer a spurious « Solde de points insuffisant »', async () => {
    const c = await newClient();
    expect((await offer(c.code, 40)).statusCode).toBe(200);
    const replies = await together(10, (i) => offer(c.code, i % 2 ? 10 : 20));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const after = await pointsOf(c.id);
    expect([10, 20]).toContain(after.offered);
    expect(after).toMatchObject({ balance: after.offered, ledger: after.offered });
  });
});
