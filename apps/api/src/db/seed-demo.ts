import { sql } from 'drizzle-orm';
import { users } from '../lib/auth/accounts.table';
import type { ObjectStore } from '../lib/storage';
import type { Db } from './client';
import { seedDemoAccounts } from './seed-accounts';

/** What each demo seed is handed: the demo accounts' password and where uploaded files go, if anywhere. */
export interface DemoSeedContext {
  password: string;
  /** The media store (DATA_DIR/uploads or the bucket's uploads/); undefined when the demo is seeded without files (tests). */
  uploads?: ObjectStore;
}

/**
 * One step of the demo data. Each seed lives beside its module; the ordered list is DEMO_SEEDS in
 * modules/index.ts, so db/ never imports a module. Later steps read what earlier ones
 * wrote (clients need the zone chiefs, orders the catalogue), so the order is part of the data.
 */
export type DemoSeed = (db: Db, ctx: DemoSeedContext) => Promise<unknown>;

/**
 * Fills an empty database (no account at all) with the demo accounts, then runs `seeds` in order;
 * answers false and changes nothing when the database already has accounts.
 */
export async function runDemoSeedsIfEmpty(db: Db, seeds: readonly DemoSeed[], password: string, uploads?: ObjectStore): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if (n > 0) return false;
  await seedDemoAccounts(db, password);
  const ctx: DemoSeedContext = { password, uploads };
  for (const seed of seeds) await seed(db, ctx);
  return true;
}
