import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../src/db/seed-accounts';
import { solidPng } from '../src/lib/png';
import { RESET_MAILS_PER_WINDOW } from '../src/modules/auth/password-reset.routes';
import { type ApiNode, startApiNode } from './fixtures/api-node';
import { clientFixtures, type Fixtures, fullClient } from './clients-fixtures';
import { createDatabase, DEMO_PASSWORD, multipart, onPostgres, type TestContext } from './helpers';
import { startS3, type TestS3 } from './s3-server';

/**
 * Issue 22 §3: two API nodes (two processes with their own DATA_DIR) on one PostgreSQL database and
 * one S3-compatible bucket (s3rver, started here), as behind a load balancer. What a user does through one node holds on the other. PostgreSQL only: the
 * embedded PGlite is one process's database by nature.
 */
describe.runIf(onPostgres)('two API nodes on one database', () => {
  let a: ApiNode;
  let b: ApiNode;
  let drop: () => Promise<void>;
  let s3: TestS3;
  let fx: Fixtures;

  beforeAll(async () => {
    const created = await createDatabase();
    drop = created.drop;
    await created.handle.migrate();
    await seedDemoAccounts(created.handle.db, DEMO_PASSWORD);
    fx = await clientFixtures({ db: created.handle.db } as TestContext);
    await created.handle.close();
    s3 = await startS3();
    const env = { DATABASE_URL: created.target, CAPTCHA_SECRET: randomBytes(24).toString('hex'), ...s3.env };
    [a, b] = await Promise.all([startApiNode('a', env), startApiNode('b', env)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
    await s3?.close();
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

  const signIn = async (node: ApiNode, email = 'admin@demo.tn') => {
    const res = await node.fetch('/api/loginBO', json({ email, password: DEMO_PASSWORD, from: 'BO' }));
    expect(res.status, node.output()).toBe(200);
    return ((await res.json()) as { data: { token: string } }).data.token;
  };

  it('a client image uploaded through A is served by B', async () => {
    const token = await signIn(a);
    const created = await a.fetch('/api/clients', { ...json(fullClient(fx)), token });
    expect(created.status, await created.clone().text()).toBe(201);
    const clientId = ((await created.json()) as { data: { id: number } }).data.id;
    const png = solidPng(6, 6, [20, 90, 160]);
    const form = multipart({}, { name: 'logo.png', type: 'image/png', content: png });
    const up = await a.fetch(`/api/clients/media/${clientId}`, { method: 'POST', body: form.payload, headers: form.headers, token });
    expect(up.status, await up.clone().text()).toBe(200);
    const url = ((await up.json()) as { data: { MEDIA: { original_url: string } } }).data.MEDIA.original_url;
    const fromB = await b.fetch(url);
    expect(fromB.status).toBe(200);
    expect(Buffer.from(await fromB.arrayBuffer()).equals(png)).toBe(true);
    // And the client read through B names the same file.
    const read = await b.fetch(`/api/clients/${clientId}`, { token });
    expect(((await read.json()) as { data: { MEDIA: { original_url: string } } }).data.MEDIA.original_url).toBe(url);
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
