import { randomBytes } from 'node:crypto';
import { MSG } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { type DbHandle, openDatabase } from '../../src/db/client';
import { seedDemoAccounts } from '../../src/db/seed-accounts';
import { roles, sessions, users } from '../../src/lib/auth/accounts.table';
import { SESSION_TABLES } from '../../src/lib/auth/session-cache';
import { createDatabase, createTestApp, DEMO_PASSWORD, MemoryMailer, onPostgres, type TestContext } from '../support/helpers';

/** Waits for `check` (a notification's trip through PostgreSQL), failing after 2 s. */
async function until(check: () => boolean | Promise<boolean>) {
  const end = Date.now() + 2000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met within 2 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The tables whose changes the triggers of migration 0032 notify, read from the database. */
const watchedTables = async (handle: DbHandle) =>
  (
    (await handle.executeSql(
      `select distinct c.relname as t from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid
       where p.proname = 'session_changed_notify' order by 1`,
    )) as { rows: { t: string }[] }
  ).rows.map((r) => r.t);

describe('the session triggers', () => {
  it('watch exactly the tables the session cache forgets on (one list of both)', async () => {
    const { handle, drop } = await createDatabase();
    try {
      await handle.migrate();
      expect(await watchedTables(handle)).toEqual([...SESSION_TABLES].sort());
    } finally {
      await handle.close();
      await drop();
    }
  });
});

/** One node, on either database: its own writes, through Drizzle or raw SQL, end a cached session at once. */
describe('sessions cached by a node, changed by its own writes', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    await until(() => t.app.sessionCache?.isLive === true);
  });
  afterAll(() => t.close());

  const me = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/me', headers })).statusCode;

  it('a session is cached, and a revocation through Drizzle ends it at the next call', async () => {
    const who = await t.auth('commercial@demo.tn');
    expect(await me(who)).toBe(200);
    expect(t.app.sessionCache!.size).toBeGreaterThan(0);
    await t.db.update(sessions).set({ revokedAt: new Date() });
    expect(await me(who)).toBe(401);
  });

  it('a deactivation written as raw SQL (executeSql) ends it at the next call', async () => {
    const who = await t.auth('magasin@demo.tn');
    expect(await me(who)).toBe(200);
    await t.app.dbHandle.executeSql(`update users set status = 0 where email = 'magasin@demo.tn'`, []);
    expect(await me(who)).toBe(401);
  });
});

/**
 * Two API nodes on one PostgreSQL database, each keeping the sessions it has checked
 * (lib/auth/session-cache.ts): whatever ends a session or changes its rights, on whichever node or
 * outside them, every node stops honouring it.
 */
describe.runIf(onPostgres)('sessions cached by each node of a cluster', () => {
  let handles: DbHandle[];
  let nodes: FastifyInstance[];
  let target: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const first = await createDatabase();
    ({ drop, target } = first);
    await first.handle.migrate();
    await seedDemoAccounts(first.handle.db, DEMO_PASSWORD);
    handles = [first.handle, await openDatabase({ url: target })];
    const config = loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'silent' });
    nodes = await Promise.all(handles.map((database) => buildApp({ config, database, mailer: new MemoryMailer(), logger: false })));
    await Promise.all(nodes.map((n) => n.ready()));
    await until(() => nodes.every((n) => n.sessionCache?.isLive));
  });
  afterAll(async () => {
    for (const n of nodes) await n.close();
    for (const h of handles) await h.close();
    await drop();
  });

  const signIn = async (node: FastifyInstance, email: string) => {
    const res = await node.inject({
      method: 'POST',
      url: '/api/loginBO',
      payload: { email, password: DEMO_PASSWORD, from: 'BO' },
      remoteAddress: `10.30.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
    });
    expect(res.statusCode).toBe(200);
    return { authorization: `Bearer ${res.json().data.token}` };
  };
  const status = async (node: FastifyInstance, headers: Record<string, string>, url = '/api/me') =>
    (await node.inject({ method: 'GET', url, headers })).statusCode;
  /** SQL run by neither node, as the ERP's synchronisation or an administrator in psql would. */
  const outside = async (text: string, values: unknown[]) => {
    const c = new pg.Client({ connectionString: target });
    await c.connect();
    try {
      await c.query(text, values);
    } finally {
      await c.end();
    }
  };

  it('a node answers from its cache: a session checked once is held there', async () => {
    const who = await signIn(nodes[0], 'commercial@demo.tn');
    nodes[1].sessionCache!.forget();
    expect(await status(nodes[1], who)).toBe(200);
    expect(nodes[1].sessionCache!.size).toBe(1);
    expect(await status(nodes[1], who)).toBe(200);
  });

  it('a sign-out on A is refused at once on A, and on B as soon as its notification arrives', async () => {
    const who = await signIn(nodes[0], 'commercial@demo.tn');
    expect(await status(nodes[0], who)).toBe(200);
    expect(await status(nodes[1], who)).toBe(200);
    expect((await nodes[0].inject({ method: 'POST', url: '/api/logout', headers: who })).statusCode).toBe(200);
    expect(await status(nodes[0], who)).toBe(401);
    await until(async () => (await status(nodes[1], who)) === 401);
  });

  it('deactivating an account on B ends its sessions cached on A', async () => {
    const admin = await signIn(nodes[1], 'admin@demo.tn');
    const who = await signIn(nodes[0], 'magasin@demo.tn');
    expect(await status(nodes[0], who)).toBe(200);
    const [{ id }] = await handles[0].db.select({ id: users.id }).from(users).where(eq(users.email, 'magasin@demo.tn'));
    expect((await nodes[1].inject({ method: 'PUT', url: `/api/users/${id}`, headers: admin, payload: { STATUS: 0 } })).statusCode).toBe(200);
    expect(await status(nodes[1], who)).toBe(401);
    await until(async () => (await status(nodes[0], who)) === 401);
    const res = await nodes[0].inject({ method: 'GET', url: '/api/me', headers: who });
    expect(res.json().message).toBe(MSG.sessionExpired);
  });

  it('a role changed outside the nodes (psql, the ERP) takes effect on both', async () => {
    const who = await signIn(nodes[0], 'admin@demo.tn');
    expect(await status(nodes[0], who, '/api/roles')).toBe(200);
    expect(await status(nodes[1], who, '/api/roles')).toBe(200);
    const [{ id }] = await handles[0].db.select({ id: roles.id }).from(roles).where(eq(roles.label, 'Commercial'));
    await outside(`update users set role_id = $1 where email = 'admin@demo.tn'`, [id]);
    for (const node of nodes) await until(async () => (await status(node, who, '/api/roles')) === 403);
    await outside(`update users set role_id = (select id from roles where label = 'admin') where email = 'admin@demo.tn'`, []);
    for (const node of nodes) await until(async () => (await status(node, who, '/api/roles')) === 200);
  });

  it('when PostgreSQL cuts the listening connection, the node caches nothing until it listens again, then hears changes again', async () => {
    const who = await signIn(nodes[0], 'commercial@demo.tn');
    expect(await status(nodes[0], who)).toBe(200);
    await outside(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`, []);
    await until(() => !nodes[0].sessionCache!.isLive);
    expect(nodes[0].sessionCache!.size).toBe(0);
    expect(await status(nodes[0], who)).toBe(200);
    expect(nodes[0].sessionCache!.size).toBe(0);
    await until(() => nodes.every((n) => n.sessionCache!.isLive));
    expect(await status(nodes[0], who)).toBe(200);
    expect(nodes[0].sessionCache!.size).toBe(1);
    await outside(`update sessions set revoked_at = now() where user_id = (select id from users where email = 'commercial@demo.tn')`, []);
    await until(async () => (await status(nodes[0], who)) === 401);
  });
});
