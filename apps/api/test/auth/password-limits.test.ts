import { createHash } from 'node:crypto';
import { ROLE } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { Response as Reply } from 'light-my-request';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { roles, users } from '../../src/lib/auth/accounts.table';
import { appSessions } from '../../src/lib/auth/app-sessions.table';
import { hashToken, newToken } from '../../src/lib/auth/tokens';
import { passwordHashStats } from '../../src/lib/password';
import { accountOfSecret, PASSWORD_LIMITS, passwordAccountKey, passwordAddressKey } from '../../src/lib/password-throttle';
import { passwordResets, throttles } from '../../src/modules/auth/auth.table';
import { clients } from '../../src/lib/clients/clients.table';
import { invitations } from '../../src/modules/communication/invitations.table';
import { appTokenFor } from '../support/app-helpers';
import { createTestApp, DEMO_PASSWORD, type TestContext } from '../support/helpers';

/**
 * Every call that checks or sets a password costs a second of scrypt: each is counted per account and
 * per client address (lib/password-throttle.ts) before any hash, and the hashes themselves wait in a
 * short line (lib/password.ts) that answers 503 when full. The server sits behind one proxy
 * (TRUST_PROXY=1), so each request says its client address in X-Forwarded-For. The allowances are
 * reached by filling the `throttles` rows as earlier calls would have, not by hashing 30 times.
 */
let t: TestContext;
/** The demo password's hash, given to the accounts made here: no test hashes to make them. */
let demoHash: string;
let patenteRole: number;
let adminRole: number;
let seq = 0;
const PROXY = '10.9.0.2';
const NEW_PASSWORD = 'Nouveau-2026!';

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '1', PASSWORD_HASH_QUEUE: '2' } });
  const [admin] = await t.db.select({ hash: users.passwordHash, roleId: users.roleId }).from(users).where(eq(users.email, 'admin@demo.tn'));
  demoHash = admin.hash;
  adminRole = admin.roleId;
  [{ id: patenteRole }] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.label, ROLE.patente));
}, 120_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.delete(throttles);
});

/** A fresh client address of its own (IPv4 documentation range). */
const freshIp = () => `198.51.${100 + Math.floor(++seq / 250)}.${(seq % 250) + 1}`;

async function staffAccount() {
  const email = `pw.staff.${++seq}@demo.tn`;
  const [u] = await t.db
    .insert(users)
    .values({ email, passwordHash: demoHash, firstname: 'Test', lastname: 'Limites', roleId: adminRole, status: 1 })
    .returning({ id: users.id });
  return { id: u.id, email, auth: await t.auth(email) };
}

async function appAccount(status = 1) {
  const n = ++seq;
  const [client] = await t.db
    .insert(clients)
    .values({ code: `PWL${n}`, name: `Client limites ${n}` })
    .returning({ id: clients.id });
  const email = `pw.app.${n}@client.test.tn`;
  const [u] = await t.db
    .insert(users)
    .values({ email, passwordHash: demoHash, firstname: 'Sami', lastname: 'Limites', gsm: '+21698123456', roleId: patenteRole, status, clientId: client.id })
    .returning({ id: users.id });
  return { id: u.id, email, code: `PWL${n}` };
}

const passwordHashOf = async (id: number) => (await t.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)))[0].h;
const hitsOf = async (key: string) => (await t.db.select({ hits: throttles.hits }).from(throttles).where(eq(throttles.key, key)))[0]?.hits ?? 0;

/** As if `hits` earlier calls had been counted in this window. */
async function filled(key: string, hits: number) {
  await t.db.execute(sql`insert into throttles (key, hits, started_at, last_at) values (${key}, ${hits}, now(), now())
    on conflict (key) do update set hits = excluded.hits, started_at = now(), last_at = now()`);
}

type Call = {
  name: string;
  /** Prepares an account whose call would succeed: the key it is counted under, the call, what it would change. */
  prepare(): Promise<{ account: string; send(ip: string): Promise<Reply>; changed(): Promise<boolean> }>;
};

const from = (ip: string) => ({ remoteAddress: PROXY, headers: { 'x-forwarded-for': ip } });

const calls: Call[] = [
  {
    name: 'PUT back-office/changePassword/:id',
    async prepare() {
      const s = await staffAccount();
      return {
        account: s.email,
        send: (ip) =>
          t.app.inject({
            method: 'PUT',
            url: `/api/back-office/changePassword/${s.id}`,
            remoteAddress: PROXY,
            headers: { ...s.auth, 'x-forwarded-for': ip },
            payload: { name: 'Test Limites', old_password: DEMO_PASSWORD, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
          }),
        changed: async () => (await passwordHashOf(s.id)) !== demoHash,
      };
    },
  },
  {
    name: 'PUT profile with a new e-mail',
    async prepare() {
      const s = await staffAccount();
      return {
        account: s.email,
        send: (ip) =>
          t.app.inject({
            method: 'PUT',
            url: '/api/profile',
            remoteAddress: PROXY,
            headers: { ...s.auth, 'x-forwarded-for': ip },
            payload: { LASTNAME: 'Limites', FIRSTNAME: 'Test', EMAIL: `moved.${s.email}`, GSM: '+21698123456', CURRENT_PASSWORD: DEMO_PASSWORD },
          }),
        changed: async () => (await t.db.select({ e: users.email }).from(users).where(eq(users.id, s.id)))[0].e !== s.email,
      };
    },
  },
  {
    name: 'PUT app/v1/me with a new password',
    async prepare() {
      const a = await appAccount();
      const token = await appTokenFor(t.db, a.email);
      return {
        account: a.email,
        send: (ip) =>
          t.app.inject({
            method: 'PUT',
            url: '/api/app/v1/me',
            remoteAddress: PROXY,
            headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
            payload: { password: { old: DEMO_PASSWORD, new: NEW_PASSWORD } },
          }),
        changed: async () => (await passwordHashOf(a.id)) !== demoHash,
      };
    },
  },
  {
    name: 'POST app/v1/auth/login',
    async prepare() {
      const a = await appAccount();
      return {
        account: a.email,
        send: (ip) =>
          t.app.inject({
            method: 'POST',
            url: '/api/app/v1/auth/login',
            ...from(ip),
            payload: { email: a.email, password: DEMO_PASSWORD, deviceId: `device-${a.id}` },
          }),
        changed: async () => (await t.db.select({ id: appSessions.id }).from(appSessions).where(eq(appSessions.userId, a.id))).length > 0,
      };
    },
  },
  {
    name: 'POST app/v1/register',
    async prepare() {
      const a = await appAccount();
      const email = `pw.register.${++seq}@client.test.tn`;
      return {
        account: `register:${email}`,
        send: (ip) =>
          t.app.inject({
            method: 'POST',
            url: '/api/app/v1/register',
            ...from(ip),
            payload: { CODE_CLIENT: a.code, LASTNAME: 'Ben Ali', FIRSTNAME: 'Sami', EMAIL: email, GSM: '+21698123456', PASSWORD: NEW_PASSWORD },
          }),
        changed: async () => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length > 0,
      };
    },
  },
  {
    name: 'POST invitations/accept',
    async prepare() {
      const a = await appAccount(0);
      const token = newToken();
      await t.db
        .insert(invitations)
        .values({ email: a.email, userId: a.id, tokenHash: hashToken(token), result: 'sent', expiresAt: new Date(Date.now() + 86_400_000) });
      return {
        account: accountOfSecret('invitation', token),
        send: (ip) =>
          t.app.inject({ method: 'POST', url: '/api/invitations/accept', ...from(ip), payload: { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD } }),
        changed: async () => (await passwordHashOf(a.id)) !== demoHash,
      };
    },
  },
  {
    name: 'POST password/reset-pwd',
    async prepare() {
      const s = await staffAccount();
      const code = '482915';
      await t.db
        .insert(passwordResets)
        .values({ userId: s.id, codeHash: createHash('sha256').update(code).digest('hex'), expiresAt: new Date(Date.now() + 600_000) });
      return {
        account: s.email,
        send: (ip) =>
          t.app.inject({ method: 'POST', url: '/api/password/reset-pwd', ...from(ip), payload: { email: s.email, reset_code: code, password: NEW_PASSWORD } }),
        changed: async () => (await passwordHashOf(s.id)) !== demoHash,
      };
    },
  },
];

/** The refusal: 429, when to come back, the French message; no hash started and nothing changed. */
async function expectRefusedWithoutHashing(send: () => Promise<Reply>, changed: () => Promise<boolean>) {
  const started = passwordHashStats().started;
  const res = await send();
  expect(res.statusCode, res.body).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(PASSWORD_LIMITS.windowMinutes * 60);
  expect(res.json().message).toMatch(/^Trop d'opérations sur le mot de passe\. Réessayez dans \d+ (secondes|minutes)\.$/);
  expect(passwordHashStats().started).toBe(started);
  expect(await changed()).toBe(false);
}

describe.each(calls)('$name', (call) => {
  it('past the account’s allowance, from an address it never used: 429 with Retry-After, no hash, nothing changed', async () => {
    const c = await call.prepare();
    await filled(passwordAccountKey(c.account), PASSWORD_LIMITS.perAccount);
    await expectRefusedWithoutHashing(() => c.send(freshIp()), c.changed);
  });

  it('past the address’s allowance, for an account it never tried: 429 with Retry-After, no hash, nothing changed', async () => {
    const c = await call.prepare();
    const ip = freshIp();
    await filled(passwordAddressKey(ip), PASSWORD_LIMITS.perAddress);
    await expectRefusedWithoutHashing(() => c.send(ip), c.changed);
  });
});

describe('the counts', () => {
  // A change of another account's password is refused (403) before any hash, but is counted.
  const foreignChange = (s: { auth: { authorization: string } }, ip: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/back-office/changePassword/999999',
      remoteAddress: PROXY,
      headers: { ...s.auth, 'x-forwarded-for': ip },
      payload: { name: 'Test', old_password: 'x', new_password: null },
    });

  it('per address, across accounts: the last call one account had left is refused to another', async () => {
    const [a, b] = [await staffAccount(), await staffAccount()];
    const ip = freshIp();
    await filled(passwordAddressKey(ip), PASSWORD_LIMITS.perAddress - 1);
    expect((await foreignChange(a, ip)).statusCode).toBe(403);
    const refused = await foreignChange(b, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address is not concerned.
    expect((await foreignChange(b, freshIp())).statusCode).toBe(403);
  });

  it('per account, across addresses: the last call the account had left is used from one address, the next from another is refused', async () => {
    const a = await staffAccount();
    await filled(passwordAccountKey(a.email), PASSWORD_LIMITS.perAccount - 1);
    expect((await foreignChange(a, freshIp())).statusCode).toBe(403);
    expect(await hitsOf(passwordAccountKey(a.email))).toBe(PASSWORD_LIMITS.perAccount);
    const refused = await foreignChange(a, freshIp());
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('a call that checks no password counts nothing: a profile edit keeping the e-mail, a phone change on the app', async () => {
    const s = await staffAccount();
    const a = await appAccount();
    const ip = freshIp();
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      ...from(ip),
      headers: { ...s.auth, 'x-forwarded-for': ip },
      payload: { LASTNAME: 'Autre', FIRSTNAME: 'Test', EMAIL: s.email.toUpperCase(), GSM: '+21698123456' },
    });
    expect(profile.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'PUT',
      url: '/api/app/v1/me',
      remoteAddress: PROXY,
      headers: { authorization: `Bearer ${await appTokenFor(t.db, a.email)}`, 'x-forwarded-for': ip },
      payload: { GSM: '+21655000111' },
    });
    expect(me.statusCode).toBe(200);
    expect(await hitsOf(passwordAddressKey(ip))).toBe(0);
  });

  it('a sign-in counts against its account only once it succeeded: wrong passwords typed by others do not use it up', async () => {
    const a = await appAccount();
    const signIn = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/app/v1/auth/login', ...from(freshIp()), payload: { email: a.email, password, deviceId: `d-${a.id}` } });
    expect((await signIn('Mauvais-2026!')).statusCode).toBe(401);
    expect(await hitsOf(passwordAccountKey(a.email))).toBe(0);
    expect((await signIn(DEMO_PASSWORD)).statusCode).toBe(200);
    // Counted once the answer is sent (an onResponse hook): on PostgreSQL's pool the reply can reach the
    // test before the count is written.
    await expect.poll(() => hitsOf(passwordAccountKey(a.email))).toBe(1);
  }, 30_000);
});

describe('IPv6 clients are counted by their /64', () => {
  const sendCode = (ip: string, n: number) =>
    t.app.inject({ method: 'POST', url: '/api/password/send-email', ...from(ip), payload: { email: `nobody.${n}@demo.tn` } });

  it('two addresses of one /64 share the reset-code allowance; another /64 keeps its own', async () => {
    // 5 code requests per address per 15 minutes (password-reset.routes.ts), the first five from one address.
    for (let i = 0; i < 5; i++) expect((await sendCode('2001:db8:7:7::1', i)).statusCode).toBe(200);
    expect((await sendCode('2001:db8:7:7:ffff:ffff:ffff:fffe', 10)).statusCode).toBe(429);
    expect((await sendCode('2001:db8:7:8::1', 11)).statusCode).toBe(200);
  });
});

describe('the line of password hashes', () => {
  it('PASSWORD_HASH_QUEUE is validated at start', () => {
    expect(loadConfig({ PASSWORD_HASH_QUEUE: '8' }).PASSWORD_HASH_QUEUE).toBe(8);
    expect(loadConfig({}).PASSWORD_HASH_QUEUE).toBe(16);
    for (const bad of ['-1', '1001', 'beaucoup', '2.5']) expect(() => loadConfig({ PASSWORD_HASH_QUEUE: bad })).toThrow(/PASSWORD_HASH_QUEUE/);
  });

  it('a burst of sign-ins beyond it gets 503 with Retry-After (never 500), the accepted ones sign in, and a list still answers', async () => {
    const BURST = 30;
    const accounts = await t.db
      .insert(users)
      .values(
        Array.from({ length: BURST }, (_, i) => ({
          email: `rush.${i}@demo.tn`,
          passwordHash: demoHash,
          firstname: 'Rush',
          lastname: String(i),
          roleId: adminRole,
          status: 1,
        })),
      )
      .returning({ email: users.email });
    const list = await t.auth('admin@demo.tn');
    const refusedBefore = passwordHashStats().refused;
    const burst = Promise.all(
      accounts.map((a, i) =>
        t.app.inject({ method: 'POST', url: '/api/loginBO', ...from(`203.0.113.${i + 1}`), payload: { email: a.email, password: DEMO_PASSWORD, from: 'BO' } }),
      ),
    );
    // Meanwhile, an ordinary page of clients with a staff session.
    const page = await t.app.inject({ method: 'GET', url: '/api/clients?page=1&perPage=10', headers: list });
    expect(page.statusCode).toBe(200);
    const answers = await burst;
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c !== 200 && c !== 503)).toEqual([]);
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const r of busy) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(r.json().message).toBe('Le serveur est occupé : réessayez dans quelques secondes.');
    }
    const accepted = answers.filter((r) => r.statusCode === 200);
    expect(accepted.length).toBeGreaterThan(0);
    for (const r of accepted) expect(r.json().data.token).toEqual(expect.any(String));
    expect(passwordHashStats().refused - refusedBefore).toBe(busy.length);
    // A refused sign-in was no attempt: neither its address nor its account keeps it.
    const i = codes.indexOf(503);
    expect(await hitsOf(`login-ip:203.0.113.${i + 1}`)).toBe(0);
    expect(await hitsOf(`login-account:${accounts[i].email}`)).toBe(0);
  }, 60_000);
});
