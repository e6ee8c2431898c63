import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { DbHandle } from '../../src/db/client';
import { seedDemoAccounts } from '../../src/db/seed-accounts';
import { INVITATION_CALLS_PER_WINDOW } from '../../src/modules/communication/invitations.routes';
import { createDatabase, DEMO_PASSWORD, MemoryMailer, onPostgres } from '../support/helpers';

/** Two API nodes (two apps, each with its own pool) on one PostgreSQL database. */
describe.runIf(onPostgres)('limits shared by the nodes of a cluster', () => {
  let handles: DbHandle[];
  let nodes: FastifyInstance[];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const first = await createDatabase();
    drop = first.drop;
    await first.handle.migrate();
    await seedDemoAccounts(first.handle.db, DEMO_PASSWORD);
    const { openDatabase } = await import('../../src/db/client');
    handles = [first.handle, await openDatabase({ url: first.target })];
    const config = loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'silent' });
    nodes = await Promise.all(handles.map((database) => buildApp({ config, database, mailer: new MemoryMailer(), logger: false })));
    await Promise.all(nodes.map((n) => n.ready()));
  });
  afterAll(async () => {
    for (const n of nodes) await n.close();
    for (const h of handles) await h.close();
    await drop();
  });

  const lookup = (node: FastifyInstance, ip: string) =>
    node.inject({ method: 'POST', url: '/api/invitations/lookup', payload: { token: 'x'.repeat(43) }, remoteAddress: ip });

  it('the invitation page allowance is spent half through A and half through B, then both refuse', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < INVITATION_CALLS_PER_WINDOW; i++) expect((await lookup(nodes[i % 2], ip)).statusCode).not.toBe(429);
    expect((await lookup(nodes[0], ip)).statusCode).toBe(429);
    expect((await lookup(nodes[1], ip)).statusCode).toBe(429);
  });

  it('concurrent hits through both nodes are counted exactly: the allowance passes, no more, no less', async () => {
    const ip = '203.0.113.8';
    const replies = await Promise.all(Array.from({ length: INVITATION_CALLS_PER_WINDOW + 20 }, (_, i) => lookup(nodes[i % 2], ip)));
    expect(replies.filter((r) => r.statusCode !== 429)).toHaveLength(INVITATION_CALLS_PER_WINDOW);
  });

  it('the contact form allowance holds across nodes', async () => {
    const { CONTACT_RATE } = await import('../../src/modules/showcase/public-showcase.routes');
    const ip = '203.0.113.9';
    const post = (node: FastifyInstance) => node.inject({ method: 'POST', url: '/api/public/contacts', payload: {}, remoteAddress: ip });
    const replies = await Promise.all(Array.from({ length: CONTACT_RATE.max * 2 + 2 }, (_, i) => post(nodes[i % 2])));
    expect(replies.filter((r) => r.statusCode !== 429)).toHaveLength(CONTACT_RATE.max);
  });
});
