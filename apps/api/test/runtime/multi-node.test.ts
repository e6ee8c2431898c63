import { randomBytes } from 'node:crypto';
import { SYNC_MSG, type SyncRun } from '@app/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../src/db/seed-accounts';
import { solidPng } from '../../src/lib/png';
import { productCategories } from '../../src/modules/catalogue/catalogue.table';
import { RESET_MAILS_PER_WINDOW } from '../../src/modules/auth/password-reset.routes';
import { type ApiNode, startApiNode } from '../fixtures/api-node';
import { clientFixtures, type Fixtures, fullClient } from '../support/clients-fixtures';
import { createDatabase, DEMO_PASSWORD, multipart, onPostgres, type TestContext } from '../support/helpers';
import { startS3, type TestS3 } from '../support/s3-server';

/**
 * Two API nodes (two processes with their own DATA_DIR) on one PostgreSQL database and
 * one S3-compatible bucket (s3rver, started here), as behind a load balancer. What a user does through one node holds on the other. PostgreSQL only: the
 * embedded PGlite is one process's database by nature.
 */
describe.runIf(onPostgres)('two API nodes on one database', () => {
  let a: ApiNode;
  let b: ApiNode;
  /** A node started later (after A was killed). */
  let c: ApiNode | undefined;
  let drop: () => Promise<void>;
  let s3: TestS3;
  let fx: Fixtures;
  let env: Record<string, string>;
  let databaseUrl: string;

  beforeAll(async () => {
    const created = await createDatabase();
    drop = created.drop;
    await created.handle.migrate();
    await seedDemoAccounts(created.handle.db, DEMO_PASSWORD);
    fx = await clientFixtures({ db: created.handle.db } as TestContext);
    // The products the sync imports belong to this category.
    await created.handle.db.insert(productCategories).values({ code: 'CAF', name: 'Café', label: 'Cafés' });
    databaseUrl = created.target;
    await created.handle.close();
    s3 = await startS3();
    env = { DATABASE_URL: created.target, CAPTCHA_SECRET: randomBytes(24).toString('hex'), ...s3.env };
    [a, b] = await Promise.all([startApiNode('a', env), startApiNode('b', env)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), c?.stop()]);
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
    expect((await a.fetch('/api/profile', { token })).status).toBe(401);
    // B holds the session it checked (lib/auth/session-cache.ts) until the sign-out's notification reaches
    // it through PostgreSQL, milliseconds after the commit: refused within that, never later.
    const end = Date.now() + 2000;
    let onBAfter = await b.fetch('/api/profile', { token });
    while (onBAfter.status === 200 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 10));
      onBAfter = await b.fetch('/api/profile', { token });
    }
    expect(onBAfter.status).toBe(401);
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

  /** A products file of `n` rows (about 40 bytes each: 60,000 rows stay under the 5 MB upload limit). */
  const bigProducts = (n: number, prefix: string) => {
    const lines = ['REF;LABEL;LABEL_AR;CODE_CATEGORIE;PRICE_HT;PRICE_TTC;QTE'];
    for (let i = 0; i < n; i++) lines.push(`${prefix}-${i};Produit ${i};منتج;CAF;1;1.19;${i % 50}`);
    return Buffer.from(lines.join('\n'));
  };
  const sendSync = async (node: ApiNode, token: string, content: Buffer) => {
    const form = multipart({}, { name: 'products.csv', type: 'text/csv', content });
    return node.fetch('/api/syncProductsFromCSV', { method: 'POST', body: form.payload, headers: form.headers, token });
  };
  const runOn = async (node: ApiNode, token: string, id: number) =>
    ((await (await node.fetch(`/api/sync/runs/${id}`, { token })).json()) as { data: SyncRun }).data;
  const until = async <T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 120_000): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (done(v) || Date.now() > end) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const productsLike = async (prefix: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ n: number }>('select count(*)::int as n from products where ref like $1', [`${prefix}-%`])).rows[0].n;
    } finally {
      await client.end();
    }
  };

  it('a sync sent through A (its file in the bucket) is followed through B to its end', async () => {
    const token = await signIn(a);
    const sent = await sendSync(a, token, bigProducts(30_000, 'NODE'));
    expect(sent.status, await sent.clone().text()).toBe(202);
    const id = ((await sent.json()) as { data: { id: number } }).data.id;
    const seen: SyncRun[] = [];
    const done = await until(
      async () => {
        const run = await runOn(b, token, id);
        seen.push(run);
        return run;
      },
      (r) => r.RESULT !== 'running',
    );
    expect(done).toMatchObject({ RESULT: 'success', INSERTED: 30_000, PROGRESS: null });
    // B saw the run while it ran, with the progress the worker wrote.
    expect(seen.some((r) => r.RESULT === 'running' && r.PROGRESS !== null)).toBe(true);
    expect(await productsLike('NODE')).toBe(30_000);
  }, 180_000);

  it('a rebate generation launched on A and on B at once runs once: one 202, one 409', async () => {
    const token = await signIn(a);
    const [onA, onB] = await Promise.all([
      a.fetch('/api/clients/calculateRistourne/2025', { token }),
      b.fetch('/api/clients/calculateRistourne/2025', { token }),
    ]);
    expect([onA.status, onB.status].sort()).toEqual([202, 409]);
  });

  it('A killed with SIGKILL in the middle of a sync: nothing half-written, the run fails cleanly, and it runs again', async () => {
    const token = await signIn(b);
    // Only A works, so the run is A's.
    await b.stop();
    const sent = await sendSync(a, token, bigProducts(60_000, 'KILL'));
    expect(sent.status).toBe(202);
    const id = ((await sent.json()) as { data: { id: number } }).data.id;
    const running = await until(
      () => runOn(a, token, id),
      (r) => r.PROGRESS !== null || r.RESULT !== 'running',
    );
    expect(running.RESULT).toBe('running');
    await a.kill('SIGKILL');
    // A node started once A's heartbeat is old (60 s) finds the run lost as it starts.
    await new Promise((r) => setTimeout(r, 62_000));
    c = await startApiNode('c', env);
    const failed = await until(
      () => runOn(c!, token, id),
      (r) => r.RESULT !== 'running',
      30_000,
    );
    expect(failed).toMatchObject({ RESULT: 'failed', MESSAGE: SYNC_MSG.interrupted, INSERTED: 0, PROGRESS: null });
    expect(await productsLike('KILL')).toBe(0);
    // The key is free again: the same file runs to its end on the new node.
    const again = await sendSync(c, token, bigProducts(1_000, 'KILL'));
    expect(again.status).toBe(202);
    const againId = ((await again.json()) as { data: { id: number } }).data.id;
    const done = await until(
      () => runOn(c!, token, againId),
      (r) => r.RESULT !== 'running',
    );
    expect(done.RESULT).toBe('success');
    expect(await productsLike('KILL')).toBe(1_000);
  }, 240_000);
});
