import { LOGIN_MAX_FAILURES, MSG } from '@app/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/lib/audit/audit.table';
import { sessions, users } from '../../src/lib/auth/accounts.table';
import { connectionLogs, loginAttempts, throttles } from '../../src/modules/auth/auth.table';
import { hashToken } from '../../src/plugins/auth';
import { createTestApp, DEMO_PASSWORD, type TestContext } from '../support/helpers';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
// Each test starts unlocked: the lock is what several tests provoke on purpose.
beforeEach(async () => {
  await t.db.delete(loginAttempts);
  await t.db.delete(throttles);
});

const login = (email: string, password: string, opts: { ip?: string; ua?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/loginBO',
    payload: { email, password, from: 'BO' },
    remoteAddress: opts.ip ?? '10.0.0.1',
    headers: opts.ua ? { 'user-agent': opts.ua } : {},
  });

/**
 * The wait a slowed-down account's 429 announces, rounded up to the schedule's step: the message
 * counts down from the last failure, and a second may pass between that failure and the next try.
 */
const waitOf = (message: string) => {
  for (const step of [15, 30, 60, 120]) {
    if ([MSG.loginSlowedDown(step), MSG.loginSlowedDown(step - 1)].includes(message)) return step;
  }
  return message;
};

describe('POST /api/loginBO', () => {
  it('signs in and returns a token that opens the profile', async () => {
    const res = await login('Admin@Demo.tn', DEMO_PASSWORD, { ip: '10.0.1.1', ua: CHROME_LINUX });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      role: 'admin',
      login: 'admin@demo.tn',
      user: { EMAIL: 'admin@demo.tn', FIRSTNAME: 'Amira', LASTNAME: 'Ben Salah', GSM: '+21698123456', username: 'Amira Ben Salah' },
    });
    expect(body.data.user.ID).toBe(body.data.user.id);

    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${body.data.token}` } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({ EMAIL: 'admin@demo.tn', role: 'admin', login: 'admin@demo.tn' });

    // Only the hash of the token is stored, and the session lasts 12 hours.
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.data.token)));
    expect(session).toBeDefined();
    const hours = (session.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
  });

  it('writes a connection log row and an audit row on sign-in', async () => {
    const res = await login('chef@demo.tn', DEMO_PASSWORD, { ip: '10.0.2.2', ua: CHROME_LINUX });
    expect(res.statusCode).toBe(200);
    const userId = res.json().data.user.id;
    const [log] = await t.db.select().from(connectionLogs).where(eq(connectionLogs.userId, userId)).orderBy(desc(connectionLogs.id)).limit(1);
    expect(log).toMatchObject({ platform: 'Back-Office', deviceName: 'Chrome 120 — Linux', ip: '10.0.2.2', userId });
    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(userId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(trail).toMatchObject({ action: 'login', entity: 'users', userEmail: 'chef@demo.tn' });
  });

  it('answers 401 with the spec message for a wrong password and for an unknown email', async () => {
    for (const res of [await login('admin@demo.tn', 'wrong-password'), await login('nobody@demo.tn', DEMO_PASSWORD)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: MSG.loginFailed });
    }
  });

  it('answers 403 with the server message when the account is inactive', async () => {
    await t.db.update(users).set({ status: 0 }).where(eq(users.email, 'commercial@demo.tn'));
    try {
      const res = await login('commercial@demo.tn', DEMO_PASSWORD);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.accountInactive);
      // A wrong password on an inactive account still says nothing about the account.
      expect((await login('commercial@demo.tn', 'wrong-password')).statusCode).toBe(401);
    } finally {
      await t.db.update(users).set({ status: 1 }).where(eq(users.email, 'commercial@demo.tn'));
    }
  });

  it('rejects bad input with 422 and field errors, never 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/loginBO', payload: { email: 'pas-un-email', password: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ email: [MSG.email], password: [MSG.required] });
    const broken = await t.app.inject({ method: 'POST', url: '/api/loginBO', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(broken.statusCode).toBe(422);
  });

  it(`slows an account down after ${LOGIN_MAX_FAILURES} failures instead of locking it out`, async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      // Different addresses: only the per-account count can slow the sign-in down.
      expect((await login('magasin@demo.tn', 'wrong-password', { ip: `10.1.0.${i + 1}` })).statusCode).toBe(401);
    }
    // Right away, even the right password waits: the message says how long.
    const slowed = await login('magasin@demo.tn', DEMO_PASSWORD, { ip: '10.1.0.99' });
    expect(slowed.statusCode).toBe(429);
    expect(waitOf(slowed.json().message)).toBe(15);
    // Other accounts are not affected.
    expect((await login('chef@demo.tn', DEMO_PASSWORD, { ip: '10.1.0.99' })).statusCode).toBe(200);
    // Once the delay is over, the owner signs in from an address never seen before.
    await t.db
      .update(throttles)
      .set({ lastAt: new Date(Date.now() - 16_000) })
      .where(eq(throttles.key, 'login-account:magasin@demo.tn'));
    expect((await login('magasin@demo.tn', DEMO_PASSWORD, { ip: '10.1.0.200' })).statusCode).toBe(200);
    // ...and the success wipes the slate: a typo afterwards is an ordinary 401.
    expect((await login('magasin@demo.tn', 'wrong-password', { ip: '10.1.0.201' })).statusCode).toBe(401);
  });

  it.each(['magasin@demo.tn', 'personne@demo.tn'])('grows the delay with each further failure (%s: known or not, the same)', async (email) => {
    const key = `login-account:${email}`;
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await login(email, 'wrong-password', { ip: `10.11.${i}.1` });
    const waits: (number | string)[] = [];
    for (let n = 0; n < 3; n++) {
      // Each time the delay has just passed, one more wrong password...
      await t.db
        .update(throttles)
        .set({ lastAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(throttles.key, key));
      expect((await login(email, 'wrong-password', { ip: `10.12.${n}.1` })).statusCode).toBe(401);
      waits.push(waitOf((await login(email, DEMO_PASSWORD, { ip: `10.13.${n}.1` })).json().message));
    }
    expect(waits).toEqual([30, 60, 120]);
  });

  it(`locks an IP after ${LOGIN_MAX_FAILURES} failures across different emails`, async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await login(`inconnu${i}@demo.tn`, 'wrong-password', { ip: '10.2.0.1' })).statusCode).toBe(401);
    }
    expect((await login('admin@demo.tn', DEMO_PASSWORD, { ip: '10.2.0.1' })).statusCode).toBe(429);
    expect((await login('admin@demo.tn', DEMO_PASSWORD, { ip: '10.2.0.2' })).statusCode).toBe(200);
  });

  it('records failed sign-ins, the IP lock and the slow-down in the audit trail, with the IP', async () => {
    const [magasin] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'magasin@demo.tn'));
    const since = (await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]?.id ?? 0;
    await login('personne@demo.tn', 'wrong-password', { ip: '10.14.0.1' });
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await login('magasin@demo.tn', 'wrong-password', { ip: '10.14.0.1' });
    const rows = (await t.db.select().from(auditLog).orderBy(auditLog.id)).filter((r) => r.id > since);
    const events = rows.map((r) => [r.action, r.userId, r.userEmail, (r.changes as { ip: string }).ip]);
    expect(events).toEqual([
      ['login_failed', null, 'personne@demo.tn', '10.14.0.1'],
      ...Array.from({ length: LOGIN_MAX_FAILURES - 1 }, () => ['login_failed', magasin.id, 'magasin@demo.tn', '10.14.0.1']),
      ['login_locked', magasin.id, 'magasin@demo.tn', '10.14.0.1'],
    ]);
    expect(rows.at(-1)?.changes).toMatchObject({ scope: 'ip', minutes: 15 });
    // A fifth failure for the account from elsewhere starts its slow-down.
    await login('magasin@demo.tn', 'wrong-password', { ip: '10.14.0.2' });
    const [last] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(last).toMatchObject({ action: 'login_locked', userId: magasin.id, changes: { ip: '10.14.0.2', scope: 'account', failures: 5, delay_seconds: 15 } });
    expect(rows.every((r) => r.at.getTime() > Date.now() - 60_000)).toBe(true);
  });

  it('records every attempt', async () => {
    await login('admin@demo.tn', 'wrong-password', { ip: '10.3.0.1' });
    await login('admin@demo.tn', DEMO_PASSWORD, { ip: '10.3.0.1' });
    const rows = await t.db.select().from(loginAttempts).where(eq(loginAttempts.ip, '10.3.0.1')).orderBy(loginAttempts.id);
    expect(rows.map((r) => [r.email, r.success])).toEqual([
      ['admin@demo.tn', false],
      ['admin@demo.tn', true],
    ]);
  });

  it('forgets an IP lock once its window is over', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await login(`inconnu${i}@demo.tn`, 'wrong-password', { ip: '10.4.0.1' });
    expect((await login('admin@demo.tn', DEMO_PASSWORD, { ip: '10.4.0.1' })).statusCode).toBe(429);
    await t.db
      .update(throttles)
      .set({ startedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(throttles.key, 'login-ip:10.4.0.1'));
    expect((await login('admin@demo.tn', DEMO_PASSWORD, { ip: '10.4.0.1' })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('refuses an expired session with 401', async () => {
    const token = (await login('admin@demo.tn', DEMO_PASSWORD)).json().data.token as string;
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.sessionExpired);
  });

  it('ends a session left idle for SESSION_IDLE_MINUTES (120 by default), and keeps a used one alive', async () => {
    expect(t.config.SESSION_IDLE_MINUTES).toBe(120);
    const idle = (await login('admin@demo.tn', DEMO_PASSWORD)).json().data.token as string;
    const used = (await login('admin@demo.tn', DEMO_PASSWORD)).json().data.token as string;
    const lastUse = (token: string, at: Date) =>
      t.db
        .update(sessions)
        .set({ lastUsedAt: at })
        .where(eq(sessions.tokenHash, hashToken(token)));
    await lastUse(idle, new Date(Date.now() - 121 * 60_000));
    await lastUse(used, new Date(Date.now() - 119 * 60_000));
    const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(idle)).statusCode).toBe(401);
    expect((await me(used)).statusCode).toBe(200);
    // The request counted as a use: the session has two more hours.
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(used)));
    expect(Date.now() - row.lastUsedAt.getTime()).toBeLessThan(60_000);
  });

  it('records a use at most once a minute', async () => {
    const token = (await login('admin@demo.tn', DEMO_PASSWORD)).json().data.token as string;
    const recent = new Date(Date.now() - 30_000);
    await t.db
      .update(sessions)
      .set({ lastUsedAt: recent })
      .where(eq(sessions.tokenHash, hashToken(token)));
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    }
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row.lastUsedAt.getTime()).toBe(recent.getTime());
  });

  it('logout revokes the current session only, and is audited with the IP', async () => {
    const first = (await login('admin@demo.tn', DEMO_PASSWORD)).json().data.token as string;
    const second = (await login('admin@demo.tn', DEMO_PASSWORD)).json().data.token as string;
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${first}` } });
    expect(out.statusCode).toBe(200);
    expect(out.json().success).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${first}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${first}` } })).statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${second}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ EMAIL: 'admin@demo.tn', role: 'admin' });
    const [trail] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'logout')).orderBy(desc(auditLog.id)).limit(1);
    expect(trail).toMatchObject({ userEmail: 'admin@demo.tn', changes: { ip: '127.0.0.1' } });
  });

  it('says the captcha is off in tests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha' });
    expect(res.json()).toEqual({ success: true, data: { enabled: false, challenge: null } });
  });
});
