import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '../src/db/client';
import { isGeneratedOrEmpty, seedLarge } from '../src/db/seed-large';
import { seedDemoIfEmpty } from '../src/db/seed-demo';

/** Demo and generated data tell one story: every balance is the sum of its ledger rows, every link holds. */
const count = async (h: DbHandle, q: ReturnType<typeof sql>) => ((await h.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0].n;
const mismatches = sql`select count(*)::int n from clients c where c.points_fid <> coalesce((select sum(amount) from points_ledger l where l.client_id = c.id), 0)`;
const incoherent = sql`select count(*)::int n from clients c
  left join client_categories k on k.id = c.category_id
  left join client_activities a on a.id = c.activity_id
  where (c.category_id is not null and k.activity_id <> c.activity_id) or a.circuit_id <> c.circuit_id`;

describe('demo data', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openDatabase({});
    await h.migrate();
    await seedDemoIfEmpty(h.db, 'Demo1234!');
  });
  afterAll(() => h.close());

  it('holds 200 clients over the 24 governorates and the three zone chiefs, with coherent classification and ledger', async () => {
    expect(await count(h, sql`select count(*)::int n from clients`)).toBe(200);
    expect(await count(h, sql`select count(distinct gouvernorat)::int n from clients`)).toBe(24);
    expect(await count(h, sql`select count(distinct chef_zone_id)::int n from clients`)).toBe(3);
    expect(await count(h, sql`select count(*)::int n from clients where badge_id is not null`)).toBeGreaterThan(50);
    expect(await count(h, sql`select count(*)::int n from points_ledger`)).toBeGreaterThan(100);
    expect(await count(h, sql`select count(*)::int n from users where client_id is not null and status = 0`)).toBeGreaterThan(0);
    expect(await count(h, mismatches)).toBe(0);
    expect(await count(h, incoherent)).toBe(0);
  });

  it('is not a database seed:large may fill', async () => {
    expect(await isGeneratedOrEmpty(h.db)).toBe(false);
  });
});

describe('seed:large', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openDatabase({});
    await h.migrate();
  });
  afterAll(() => h.close());

  it('fills an empty database with coherent generated clients, and may add more later', async () => {
    expect(await isGeneratedOrEmpty(h.db)).toBe(true);
    await seedLarge(h.db, 1500, 'Demo1234!', () => {});
    expect(await isGeneratedOrEmpty(h.db)).toBe(true);
    await seedLarge(h.db, 2100, 'Demo1234!', () => {});
    expect(await count(h, sql`select count(*)::int n from clients`)).toBe(2100);
    expect(await count(h, sql`select count(distinct code_client)::int n from clients`)).toBe(2100);
    expect(await count(h, mismatches)).toBe(0);
    expect(await count(h, incoherent)).toBe(0);
  });
});
