/**
 * What a failure leaves in the server's log and in the reply: a 500's log line names the request, the
 * status and the PostgreSQL error (code, constraint, SQL text), never the values bound to the failed
 * statement (a webhook's new secret, a password hash), which Drizzle's error carries in its message,
 * its stack and `.params`, and PostgreSQL repeats in `detail`. A failed export job tells its owner a
 * French reason; the technical cause goes to the log only, without its bound values.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXPORT_JOB_MSG } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { seedDemoAccounts } from '../../src/db/seed-accounts';
import { sessions, users } from '../../src/lib/auth/accounts.table';
import { webhookEndpoints } from '../../src/lib/webhooks/webhooks.table';
import { hashToken, newToken } from '../../src/plugins/auth';
import { createDatabase, DEMO_PASSWORD, MemoryMailer } from '../support/helpers';

let db: Awaited<ReturnType<typeof createDatabase>>;
let app: FastifyInstance;
let dataDir: string;
let admin: { authorization: string };
let adminId: number;
let written = '';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-error-logs-'));
  db = await createDatabase();
  await db.handle.migrate();
  await seedDemoAccounts(db.handle.db, DEMO_PASSWORD);
  [{ id: adminId }] = await db.handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.tn'));
  const token = newToken();
  await db.handle.db.insert(sessions).values({ userId: adminId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000) });
  admin = { authorization: `Bearer ${token}` };
  // The server's logger as configured in production, its lines kept here.
  const config = loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'info', DATA_DIR: dataDir });
  const stream = {
    write(line: string) {
      written += line;
    },
  };
  app = await buildApp({ config, database: db.handle, mailer: new MemoryMailer(), logger: { stream } });
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app?.close();
  await db?.handle.close();
  await db?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const lines = () =>
  written
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown> & { err?: Record<string, unknown> });

describe('the log of a failure', () => {
  it("a 500 from a failed statement names the request, the status and the database's error, and none of the values bound to it", async () => {
    const old = `whsec_${'A'.repeat(43)}`;
    const [endpoint] = await db.handle.db
      .insert(webhookEndpoints)
      .values({ url: 'https://hooks.example.com/in', secret: old, events: ['order.created'], active: false })
      .returning({ id: webhookEndpoints.id });
    // The database refuses every new version of these rows (a check violation is no client mistake: 500).
    await db.handle.db.execute(sql`alter table webhook_endpoints add constraint refuse_every_change check (false) not valid`);
    try {
      const from = written.length;
      const res = await app.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/secret`, headers: admin });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: 'Erreur du serveur' });
      const requestId = res.headers['x-request-id'];
      const log = written.slice(from);
      // The new secret was bound to the update; the old one is in the row PostgreSQL's detail quotes.
      expect(log).not.toContain('whsec_');
      expect(log).not.toContain('params');
      expect(log).not.toContain('Failing row');
      const line = lines().find((l) => l.reqId === requestId && l.msg === 'unhandled error');
      expect(line, log).toMatchObject({
        level: 50,
        statusCode: 500,
        err: { type: 'QueryError', errorClass: 'DrizzleQueryError', code: '23514', constraint: 'refuse_every_change', table: 'webhook_endpoints' },
      });
      expect(line?.err?.message).toContain('refuse_every_change');
      expect(line?.err?.sql).toMatch(/^update "webhook_endpoints" set "secret" = \$1/);
      expect(line?.err?.stack).toMatch(/\n\s+at /);
    } finally {
      await db.handle.db.execute(sql`alter table webhook_endpoints drop constraint refuse_every_change`);
    }
    const [row] = await db.handle.db.select({ secret: webhookEndpoints.secret }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row.secret).toBe(old);
  });

  it('a failed export job tells its owner a French reason; the cause is in the log without its bound values', async () => {
    const secret = 'Jeton-Secret-4f1c9a';
    async function* rows() {
      yield { n: 1 };
      // The writer's source fails on the database, as a batch read would: the statement carries a bound value.
      await db.handle.db.execute(sql`select ${secret}::int as n`);
      yield { n: 2 };
    }
    const spec = {
      format: 'csv' as const,
      fileName: 'echec',
      title: 'Échec',
      orientation: 'portrait' as const,
      columns: [{ header: 'n', value: (r: { n: number }) => r.n }],
      rows: rows(),
    };
    const from = written.length;
    const id = await app.exportJobs.start(adminId, 'GET /api/clients/export/:format', spec, 2);
    let status: Record<string, unknown> = {};
    for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
      const res = await app.inject({ method: 'GET', url: `/api/export-jobs/${id}`, headers: admin });
      expect(res.statusCode).toBe(200);
      status = res.json().data;
      if (status.state !== 'running') break;
    }
    expect(status).toMatchObject({ state: 'failed', error: EXPORT_JOB_MSG.failedRetry });
    expect(String(status.error)).not.toMatch(/select|::int|invalid input|params|\n\s+at /i);
    expect((await app.inject({ method: 'GET', url: `/api/export-jobs/${id}/file`, headers: admin })).statusCode).toBe(404);
    const line = lines().find((l) => l.exportJob === id);
    expect(line, written.slice(from)).toMatchObject({ level: 50, err: { type: 'QueryError', code: '22P02' } });
    expect(line?.err?.sql).toBe('select $1::int as n');
    // PostgreSQL quotes the bad value in its message: masked there too.
    expect(line?.err?.message).toMatch(/invalid input syntax for type integer/);
    expect(written.slice(from)).not.toContain(secret);
  });
});
