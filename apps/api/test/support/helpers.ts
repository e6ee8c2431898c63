import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { type DbHandle, openDatabase } from '../../src/db/client';
import { seedDemoAccounts } from '../../src/db/seed-accounts';
import type { Mailer, MailMessage } from '../../src/plugins/mail';
import { hashToken, newToken } from '../../src/plugins/auth';
import { sessions, users } from '../../src/lib/auth/accounts.table';

export const DEMO_PASSWORD = 'Demo1234!';

/**
 * Where API tests run: PGlite in memory by default; with API_TEST_DB=postgres, a fresh database
 * on TEST_DATABASE_URL's server, created for the test file and dropped after. The seed refuses to
 * run against anything but these throw-away databases.
 */
export const onPostgres = process.env.API_TEST_DB === 'postgres';

/** The run's migrated template; none in a process a test spawns (a fixture), whose database starts empty. */
function template(key: 'pgliteTemplate' | 'postgresTemplate'): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/**
 * A throw-away database of the run's kind. `target` names it for another process: the PostgreSQL
 * URL, or the PGlite folder when `onDisk` asks for one (in memory otherwise). It is a copy of the run's
 * migrated template (test/support/global-setup.ts), migrations done, unless `fresh` asks for an empty one (a
 * test of the migrations) or `onDisk` for a folder (opened fresh).
 */
export async function createDatabase(
  opts: { onDisk?: boolean; fresh?: boolean } = {},
): Promise<{ handle: DbHandle; target: string; drop: () => Promise<void> }> {
  if (!onPostgres) {
    const dir = opts.onDisk ? mkdtempSync(path.join(os.tmpdir(), 'bo-pglite-')) : undefined;
    const handle = await openDatabase(dir ? { dataDir: dir } : { copyOf: opts.fresh ? undefined : template('pgliteTemplate') });
    return { handle, target: dir ?? '', drop: async () => (dir ? rmSync(dir, { recursive: true, force: true }) : undefined) };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('API_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `bo_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const from = opts.fresh ? undefined : template('postgresTemplate');
  await admin.query(`CREATE DATABASE ${name}${from ? ` TEMPLATE ${from}` : ''}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const handle = await openDatabase({ url: u.toString() });
  return {
    handle,
    target: u.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** Captures mail in memory unless a test passes its own mailer (e.g. real SMTP to a sink). */
export class MemoryMailer implements Mailer {
  sent: MailMessage[] = [];
  async send(m: MailMessage) {
    this.sent.push(m);
  }
}

export interface TestContext {
  app: FastifyInstance;
  db: DbHandle['db'];
  config: Config;
  mailer: Mailer;
  /** A bearer token for a demo account, made directly in the database (no sign-in call). */
  tokenFor(email: string): Promise<string>;
  auth(email: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export async function createTestApp(opts: { env?: Record<string, string>; mailer?: Mailer; overrides?: Partial<Config> } = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-test-'));
  const config = loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...opts.env }, opts.overrides);
  const { handle, drop } = await createDatabase();
  await handle.migrate();
  await seedDemoAccounts(handle.db, DEMO_PASSWORD);
  const mailer = opts.mailer ?? new MemoryMailer();
  const app = await buildApp({ config, database: handle, mailer, logger: false });
  await app.ready();
  const tokens = new Map<string, string>();
  const tokenFor = async (email: string) => {
    const cached = tokens.get(email);
    if (cached) return cached;
    const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no user ${email}`);
    const token = newToken();
    await handle.db.insert(sessions).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000) });
    tokens.set(email, token);
    return token;
  };
  return {
    app,
    db: handle.db,
    config,
    mailer,
    tokenFor,
    auth: async (email) => ({ authorization: `Bearer ${await tokenFor(email)}` }),
    close: async () => {
      await app.close();
      await handle.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const MULTIPART_BOUNDARY = '----bo-test-boundary';
const BOUNDARY = MULTIPART_BOUNDARY;

/** A multipart/form-data body with text fields and, optionally, one file; merge `headers` with the auth header. */
export function multipart(fields: Record<string, string>, file?: { field?: string; name: string; type: string; content: Buffer }) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}
