import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionLogs } from '../../src/modules/auth/auth.table';
import { createTestApp, DEMO_PASSWORD, type TestContext } from '../support/helpers';

/**
 * TRUST_PROXY as a hop count (« 1 » behind one reverse proxy, docs/operations.md › One node, compose.yaml): the
 * client's address is the one the proxy adds to X-Forwarded-For, not the proxy's. Fastify 5.12 trusts
 * nothing for a bare number, which made every user the proxy, and five failed sign-ins anywhere lock
 * every sign-in out (the per-address lock).
 */
let behindProxy: TestContext;
let direct: TestContext;
beforeAll(async () => {
  behindProxy = await createTestApp({ env: { TRUST_PROXY: '1' } });
  direct = await createTestApp();
});
afterAll(async () => {
  await behindProxy?.close();
  await direct?.close();
});

const signIn = (t: TestContext, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/loginBO',
    remoteAddress: '10.9.0.2',
    headers: { 'x-forwarded-for': '198.51.100.23' },
    payload: { email: 'admin@demo.tn', password, from: 'BO' },
  });

describe('TRUST_PROXY', () => {
  it('with a hop count, the address is the one the proxy forwards, and another client’s failures do not lock it out', async () => {
    expect((await signIn(behindProxy, DEMO_PASSWORD)).statusCode).toBe(200);
    const [log] = await behindProxy.db.select({ ip: connectionLogs.ip }).from(connectionLogs).orderBy(desc(connectionLogs.id)).limit(1);
    expect(log.ip).toBe('198.51.100.23');
    // Six failures from other addresses through the same proxy: this client still signs in.
    for (let i = 0; i < 6; i++) {
      await behindProxy.app.inject({
        method: 'POST',
        url: '/api/loginBO',
        remoteAddress: '10.9.0.2',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { email: `nobody${i}@demo.tn`, password: 'Faux1234!', from: 'BO' },
      });
    }
    expect((await signIn(behindProxy, DEMO_PASSWORD)).statusCode).toBe(200);
  }, 120_000);

  it('without it, X-Forwarded-For is ignored: the address is the connection’s', async () => {
    expect((await signIn(direct, DEMO_PASSWORD)).statusCode).toBe(200);
    const [log] = await direct.db.select({ ip: connectionLogs.ip }).from(connectionLogs).orderBy(desc(connectionLogs.id)).limit(1);
    expect(log.ip).toBe('10.9.0.2');
  }, 60_000);
});
