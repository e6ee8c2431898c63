import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { DbHandle } from '../../src/db/client';
import { seedDemoAccounts } from '../../src/db/seed-accounts';
import { sessions, users } from '../../src/lib/auth/accounts.table';
import type { JobEngineOptions } from '../../src/lib/jobs/engine';
import { hashToken, newToken } from '../../src/plugins/auth';
import { createDatabase, DEMO_PASSWORD, MemoryMailer } from './helpers';

/**
 * Several API nodes on one database in one test process: each is its own app with its
 * own JobEngine, as a process of its own would be; only the database (and SYNC_DIR) is shared.
 */
export interface Cluster {
  handle: DbHandle;
  syncDir: string;
  node(jobs?: JobEngineOptions): Promise<FastifyInstance>;
  /** A bearer header for a demo account, valid on every node. */
  auth(email: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export async function createCluster(): Promise<Cluster> {
  const { handle, drop } = await createDatabase();
  await handle.migrate();
  await seedDemoAccounts(handle.db, DEMO_PASSWORD);
  const syncDir = mkdtempSync(path.join(os.tmpdir(), 'bo-nodes-sync-'));
  const dirs: string[] = [syncDir];
  const nodes: FastifyInstance[] = [];
  return {
    handle,
    syncDir,
    async node(jobs) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-node-'));
      dirs.push(dataDir);
      const config = loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SYNC_DIR: syncDir });
      const app = await buildApp({ config, database: handle, mailer: new MemoryMailer(), logger: false, jobs });
      await app.ready();
      nodes.push(app);
      return app;
    },
    async auth(email) {
      const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const token = newToken();
      await handle.db.insert(sessions).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000) });
      return { authorization: `Bearer ${token}` };
    },
    async close() {
      for (const app of nodes) await app.close();
      await handle.close();
      await drop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}

export async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}
