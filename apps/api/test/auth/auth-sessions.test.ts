import { randomBytes, scryptSync } from 'node:crypto';
import { LOGIN_MAX_FAILURES, MSG } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { verifyPassword } from '../../src/lib/password';
import { roles, users } from '../../src/lib/auth/accounts.table';
import { throttles } from '../../src/modules/auth/auth.table';
import { createTestApp, DEMO_PASSWORD, type TestContext } from '../support/helpers';

/**
 * Sessions end when an account's rights change, idle expiry is configurable, the sign-in
 * limits hold under parallel attempts, and password hashes carry their own cost.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.delete(throttles);
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const login = (email: string, password: string, ip = '10.20.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/loginBO', payload: { email, password, from: 'BO' }, remoteAddress: ip });
const signIn = async (email: string, password = DEMO_PASSWORD) => {
  const res = await login(email, password, `10.21.${randomBytes(1)[0]}.${randomBytes(1)[0]}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
};
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
const idOf = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const roleId = async (label: string) => (await t.db.select({ id: roles.id }).from(roles).where(eq(roles.label, label)))[0].id;

describe('a change of rights ends the account’s sessions', () => {
  it('deactivating revokes every session, and re-activating brings none back', async () => {
    const admin = await t.auth('admin@demo.tn');
    const id = await idOf('commercial@demo.tn');
    const [a, b] = [await signIn('commercial@demo.tn'), await signIn('commercial@demo.tn')];
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: admin, payload: { STATUS: 0 } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: admin, payload: { STATUS: 1 } })).statusCode).toBe(200);
    for (const token of [a, b]) expect((await me(token)).statusCode).toBe(401);
    // The account itself works again with a new sign-in.
    expect((await me(await signIn('commercial@demo.tn'))).statusCode).toBe(200);
  });

  it('changing the role revokes the sessions; another edit does not', async () => {
    const admin = await t.auth('admin@demo.tn');
    const id = await idOf('magasin@demo.tn');
    const token = await signIn('magasin@demo.tn');
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: admin, payload: { LASTNAME: 'Gharbi-Ben Ali' } })).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: admin, payload: { ROLE_ID: await roleId('Commercial') } })).statusCode).toBe(
      200,
    );
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.sessionExpired);
  });

  it('deactivating a zone chief on his own screen revokes his sessions', async () => {
    const admin = await t.auth('admin@demo.tn');
    const id = await idOf('chef@demo.tn');
    const token = await signIn('chef@demo.tn');
    expect((await t.app.inject({ method: 'PUT', url: `/api/chef-zone/${id}`, headers: admin, payload: { STATUS: 0 } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/chef-zone/${id}`, headers: admin, payload: { STATUS: 1 } })).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('SESSION_IDLE_MINUTES', () => {
  it('is a whole number of minutes from 5 to 1440, 120 when unset', () => {
    expect(loadConfig({}).SESSION_IDLE_MINUTES).toBe(120);
    expect(loadConfig({ SESSION_IDLE_MINUTES: '30' }).SESSION_IDLE_MINUTES).toBe(30);
    for (const bad of ['4', '1441', '90.5', 'deux heures']) {
      expect(() => loadConfig({ SESSION_IDLE_MINUTES: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ SESSION_IDLE_MINUTES: bad })).toThrow(/SESSION_IDLE_MINUTES/);
    }
  });
});

describe('password hashes', () => {
  it('are made at N = 2^17 and an older hash is re-hashed at the next sign-in', async () => {
    const [fresh] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'admin@demo.tn'));
    expect(fresh.hash.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);

    // Today's format at the former cost (N = 2^14), as stored before this change.
    const salt = randomBytes(16);
    const old = `scrypt$16384$8$1$${salt.toString('base64url')}$${scryptSync('Ancien-2024!', salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64url')}`;
    await t.db.update(users).set({ passwordHash: old }).where(eq(users.email, 'commercial@demo.tn'));
    await signIn('commercial@demo.tn', 'Ancien-2024!');
    const [after] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'commercial@demo.tn'));
    expect(after.hash).not.toBe(old);
    expect(after.hash.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
    expect(await verifyPassword('Ancien-2024!', after.hash)).toBe(true);
    await signIn('commercial@demo.tn', 'Ancien-2024!');
  });

  it('a damaged hash verifies nothing and answers 401, not 500', async () => {
    expect(await verifyPassword('x', 'scrypt$3$8$1$c2FsdA$aGFzaA')).toBe(false);
    await t.db.update(users).set({ passwordHash: 'scrypt$99999999999$8$1$c2FsdA$aGFzaA' }).where(eq(users.email, 'commercial@demo.tn'));
    expect((await login('commercial@demo.tn', 'Ancien-2024!')).statusCode).toBe(401);
  });
});

describe('parallel sign-in attempts', () => {
  const PARALLEL = 20;
  it(`let at most ${LOGIN_MAX_FAILURES} wrong passwords for one account reach the password check`, async () => {
    const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => login('admin@demo.tn', 'mauvais-mot', `10.30.${i}.1`)));
    const codes = answers.map((a) => a.statusCode);
    // 401: the password was checked and refused; 429: refused before any check.
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(codes.filter((c) => c !== 401 && c !== 429)).toEqual([]);
  });

  it(`let at most ${LOGIN_MAX_FAILURES} attempts from one IP through, across accounts`, async () => {
    const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => login(`inconnu${i}@demo.tn`, 'mauvais-mot', '10.31.0.1')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(PARALLEL - LOGIN_MAX_FAILURES);
  });
});
