import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../src/db/seed-accounts';
import { RESET_MAILS_PER_WINDOW } from '../src/modules/auth/password-reset.routes';
import { type ApiNode, startApiNode } from './fixtures/api-node';
import { createDatabase, DEMO_PASSWORD, onPostgres } from './helpers';

/**
 * Issue 22 §3: two API nodes (two processes with their own DATA_DIR) on one PostgreSQL database, as
 * behind a load balancer. What a user does through one node holds on the other. PostgreSQL only: the
 * embedded PGlite is one process's database by nature.
 */
describe.runIf(onPostgres)('two API nodes on one database', () => {
  let a: ApiNode;
  let b: ApiNode;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createDatabase();
    drop = created.drop;
    await created.handle.migrate();
    await seedDemoAccounts(created.handle.db, DEMO_PASSWORD);
    await created.handle.close();
    const env = { DATABASE_URL: created.target, CAPTCHA_SECRET: randomBytes(24).toString('hex') };
    [a, b] = await Promise.all([startApiNode('a', env), startApiNode('b', env)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
  }, 60_000);

  const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('a token from a sign-in on A opens the profile on B, and a sign-out on A closes it on B', async () => {
    const signIn = await a.fetch('/api/loginBO', json({ email: 'admin@demo.tn', password: DEMO_PASSWORD, from: 'BO' }));
    expect(signIn.status, a.output()).toBe(200);
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;
    const onB = await b.fetch('/api/profile', { token });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { data: unknown }).data).toMatchObject({ EMAIL: 'admin@demo.tn' });

    expect((await a.fetch('/api/logout', { method: 'POST', token })).status).toBe(200);
    expect((await b.fetch('/api/profile', { token })).status).toBe(401);
  });

  it('the reset-mail limit holds in total across both nodes', async () => {
    const ask = (node: ApiNode, i: number) => node.fetch('/api/password/send-email', json({ email: `someone${i}@example.tn` }));
    const codes: number[] = [];
    for (let i = 0; i < RESET_MAILS_PER_WINDOW; i++) codes.push((await ask(i % 2 ? b : a, i)).status);
    expect(codes).toEqual(Array(RESET_MAILS_PER_WINDOW).fill(200));
    // The next one is refused whichever node gets it.
    expect((await ask(a, 100)).status).toBe(429);
    expect((await ask(b, 101)).status).toBe(429);
  });
});
