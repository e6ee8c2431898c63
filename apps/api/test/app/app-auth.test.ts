import { APP_MSG, CLIENT_USER_MSG, MOBILE_PLATFORM, MSG } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../src/lib/auth/accounts.table';
import { appSessions, appTokens } from '../../src/lib/auth/app-sessions.table';
import { hashToken } from '../../src/lib/auth/tokens';
import { auditLog } from '../../src/lib/audit/audit.table';
import { connectionLogs } from '../../src/modules/auth/auth.table';
import { clients } from '../../src/lib/clients/clients.table';
import { programmeSettings } from '../../src/modules/settings/settings.table';
import { APP, appClientUser } from '../support/app-helpers';
import { createTestApp, onPostgres, type TestContext } from '../support/helpers';

/**
 * The mobile app's authentication and account: sign-in with the staff's rules, token
 * families per device (rotation, reuse detection, sign-out, password change), registration through
 * the users screen's « Demandes » tab, and the connection log that feeds the logs screen and the dashboard.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
/** Each test signs in from its own address: the per-IP lock and limit of one test must not reach the next. */
let ipSeq = 0;
let ip = '198.51.100.1';
beforeEach(() => {
  ipSeq++;
  ip = `198.51.100.${ipSeq}`;
});
afterAll(async () => {
  await t?.close();
});

type Json = {
  success: boolean;
  data: Record<string, unknown> & { accessToken: string; refreshToken: string };
  message?: string;
  errors?: Record<string, string[]>;
};

const login = (email: string, password: string, deviceId = 'device-1', extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${APP}/auth/login`,
    remoteAddress: ip,
    payload: { email, password, deviceId, deviceName: 'Samsung Galaxy A54', ...extra },
  });
const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: `${APP}/auth/refresh`, remoteAddress: ip, payload: { refreshToken } });
const me = (accessToken: string) => t.app.inject({ method: 'GET', url: `${APP}/me`, headers: { authorization: `Bearer ${accessToken}` } });
const body = (res: { json(): unknown }) => res.json() as Json;

async function signedIn(email: string, password: string, deviceId = 'device-1') {
  const res = await login(email, password, deviceId);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data;
}

describe('POST auth/login', () => {
  it('signs in an active client user: tokens, user, connection log « Application Mobile » with the device, LASTSEEN, LASTUSE, audit', async () => {
    const u = await appClientUser(t.db);
    const res = await login(u.email.toUpperCase(), u.password, 'a1b2-c3d4');
    expect(res.statusCode, res.body).toBe(200);
    const data = body(res).data;
    expect(data).toMatchObject({
      tokenType: 'Bearer',
      expiresIn: 900,
      user: { ID: u.userId, EMAIL: u.email, FIRSTNAME: 'Sami', LASTNAME: 'Ben Ali', GSM: '+21698123456', CLIENT_ID: u.clientId },
    });
    expect(data.accessToken).not.toBe(data.refreshToken);
    expect((await me(data.accessToken)).statusCode).toBe(200);

    const logs = await t.db.select().from(connectionLogs).where(eq(connectionLogs.userId, u.userId));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ platform: MOBILE_PLATFORM, deviceName: 'Samsung Galaxy A54', deviceId: 'a1b2-c3d4', clientId: u.clientId });
    const [account] = await t.db.select({ seen: users.lastSeenAt }).from(users).where(eq(users.id, u.userId));
    const [client] = await t.db.select({ lastUse: clients.lastUse }).from(clients).where(eq(clients.id, u.clientId));
    expect(Date.now() - account.seen!.getTime()).toBeLessThan(60_000);
    expect(client.lastUse?.getTime()).toBe(account.seen!.getTime());
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, u.userId), eq(auditLog.action, 'login')));
    expect(audits).toHaveLength(1);

    // What staff see: the logs screen lists it with the device, the dashboard counts the visitor today.
    const admin = await t.auth('admin@demo.tn');
    const listed = await t.app.inject({ method: 'GET', url: `/api/logs?platform=${encodeURIComponent(MOBILE_PLATFORM)}&page=1`, headers: admin });
    expect(listed.statusCode, listed.body).toBe(200);
    const row = (listed.json() as { data: Record<string, unknown>[] }).data.find((l) => l.USER_ID === u.userId);
    expect(row).toMatchObject({ PLATFORM: MOBILE_PLATFORM, DEVICE_NAME: 'Samsung Galaxy A54', DEVICE_ID: 'a1b2-c3d4', CLIENT_ID: u.clientId });
    const visitors = await t.app.inject({ method: 'GET', url: '/api/visiteurs', headers: admin });
    expect(visitors.statusCode, visitors.body).toBe(200);
    const days = (visitors.json() as { data: { day: string; visitors: number }[] }).data;
    expect(days.at(-1)?.visitors).toBeGreaterThanOrEqual(1);
  });

  it('refuses a wrong password and an unknown e-mail alike (401), a staff account (403) and an inactive account (403)', async () => {
    const u = await appClientUser(t.db);
    const wrong = await login(u.email, 'Mauvais123!');
    expect(wrong.statusCode).toBe(401);
    expect(body(wrong).message).toBe(MSG.loginFailed);
    const unknown = await login('personne@client.test.tn', 'Mauvais123!');
    expect(unknown.statusCode).toBe(401);
    expect(body(unknown).message).toBe(MSG.loginFailed);

    const staff = await login('admin@demo.tn', 'Demo1234!');
    expect(staff.statusCode).toBe(403);
    expect(body(staff).message).toBe(APP_MSG.clientUsersOnly);

    const waiting = await appClientUser(t.db, { status: 0 });
    const inactive = await login(waiting.email, waiting.password);
    expect(inactive.statusCode).toBe(403);
    expect(body(inactive).message).toBe(APP_MSG.accountInactive);
    // No session was opened for any of them.
    const opened = await t.db.select().from(appSessions).where(eq(appSessions.userId, waiting.userId));
    expect(opened).toEqual([]);
  });

  it('slows an account down after 5 failures in a row, as the staff sign-in does, even with the right password', async () => {
    const u = await appClientUser(t.db);
    // From several addresses, so that it is the account's slow-down, not an address's lock, that answers.
    for (let i = 0; i < 5; i++) {
      ip = `198.51.101.${i}`;
      expect((await login(u.email, `Mauvais${i}!!`)).statusCode).toBe(401);
    }
    ip = '198.51.101.200';
    const locked = await login(u.email, u.password);
    expect(locked.statusCode).toBe(429);
    expect(body(locked).message).toBe(MSG.loginSlowedDown(15));
  });

  it('validates the body: device id required, visible characters only, at most 120', async () => {
    const u = await appClientUser(t.db);
    for (const deviceId of [undefined, '', 'a b', 'x'.repeat(121), 'é']) {
      const res = await t.app.inject({ method: 'POST', url: `${APP}/auth/login`, payload: { email: u.email, password: u.password, deviceId } });
      expect(res.statusCode, String(deviceId)).toBe(422);
      expect(body(res).errors?.deviceId, String(deviceId)).toBeTruthy();
    }
  });

  it('one family per device: signing in again on a device ends its former tokens, other devices keep theirs', async () => {
    const u = await appClientUser(t.db);
    const first = await signedIn(u.email, u.password, 'phone');
    const other = await signedIn(u.email, u.password, 'tablet');
    const again = await signedIn(u.email, u.password, 'phone');
    expect((await me(first.accessToken)).statusCode).toBe(401);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await me(other.accessToken)).statusCode).toBe(200);
    expect((await me(again.accessToken)).statusCode).toBe(200);
  });
});

describe('POST auth/refresh, POST auth/logout', () => {
  it('rotates: a new pair, the refresh token spent; presented again it revokes the whole family', async () => {
    const u = await appClientUser(t.db);
    const first = await signedIn(u.email, u.password);
    const res = await refresh(first.refreshToken);
    expect(res.statusCode, res.body).toBe(200);
    const second = body(res).data;
    expect(second).toMatchObject({ tokenType: 'Bearer', expiresIn: 900 });
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await me(second.accessToken)).statusCode).toBe(200);
    const third = body(await refresh(second.refreshToken)).data;
    expect((await me(third.accessToken)).statusCode).toBe(200);

    // The first refresh token comes back: someone copied it. The family is revoked, the holder signs in again.
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(body(reuse).message).toBe(APP_MSG.sessionExpired);
    expect((await me(third.accessToken)).statusCode).toBe(401);
    expect((await refresh(third.refreshToken)).statusCode).toBe(401);
    const [family] = await t.db.select().from(appSessions).where(eq(appSessions.userId, u.userId));
    expect(family.revokedReason).toBe('reuse');
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, u.userId), eq(auditLog.action, 'token_reuse'))),
    ).toHaveLength(1);
  });

  it('refuses an unknown, an access token, an expired token; and an account switched off since', async () => {
    const u = await appClientUser(t.db);
    const pair = await signedIn(u.email, u.password);
    expect((await refresh('x'.repeat(43))).statusCode).toBe(401);
    expect((await refresh(pair.accessToken)).statusCode).toBe(401);
    await t.db
      .update(appTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(appTokens.tokenHash, hashToken(pair.refreshToken)));
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);

    const next = await signedIn(u.email, u.password, 'device-2');
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, u.userId));
    expect((await me(next.accessToken)).statusCode).toBe(401);
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
    await t.db.update(users).set({ status: 1 }).where(eq(users.id, u.userId));
    // Re-activating the account does not bring the family back.
    expect((await me(next.accessToken)).statusCode).toBe(401);
  });

  it('an expired access token is refused (401), the refresh token still gives a new one', async () => {
    const u = await appClientUser(t.db);
    const pair = await signedIn(u.email, u.password);
    await t.db
      .update(appTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(appTokens.tokenHash, hashToken(pair.accessToken)));
    const expired = await me(pair.accessToken);
    expect(expired.statusCode).toBe(401);
    expect(body(expired).message).toBe(APP_MSG.sessionExpired);
    const renewed = body(await refresh(pair.refreshToken)).data;
    expect((await me(renewed.accessToken)).statusCode).toBe(200);
  });

  it('logout revokes the device family: access and refresh tokens answer 401', async () => {
    const u = await appClientUser(t.db);
    const pair = await signedIn(u.email, u.password);
    const other = await signedIn(u.email, u.password, 'device-2');
    const out = await t.app.inject({ method: 'POST', url: `${APP}/auth/logout`, headers: { authorization: `Bearer ${pair.accessToken}` } });
    expect(out.statusCode, out.body).toBe(200);
    expect(body(out).data.message).toBe(APP_MSG.signedOut);
    expect((await me(pair.accessToken)).statusCode).toBe(401);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
    expect((await me(other.accessToken)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `${APP}/auth/logout` })).statusCode).toBe(401);
  });

  it.skipIf(!onPostgres)('two refreshes racing with one token: exactly one spends it, the other is a reuse that revokes the family', async () => {
    const u = await appClientUser(t.db);
    const pair = await signedIn(u.email, u.password);
    for (let round = 0; round < 5; round++) {
      const current = round === 0 ? pair : await signedIn(u.email, u.password);
      const results = await Promise.all([refresh(current.refreshToken), refresh(current.refreshToken)]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 401]);
      const winner = body(results.find((r) => r.statusCode === 200)!).data;
      // Reuse detection: the winner's fresh pair belongs to the revoked family.
      expect((await me(winner.accessToken)).statusCode).toBe(401);
      expect((await refresh(winner.refreshToken)).statusCode).toBe(401);
    }
  });
});

describe('GET me, PUT me', () => {
  it('gives the user, the client and its badge, the balance; expiring points only when points expire', async () => {
    const u = await appClientUser(t.db);
    await t.db.update(clients).set({ pointsFid: 0 }).where(eq(clients.id, u.clientId));
    const { accessToken } = await signedIn(u.email, u.password);
    await t.db
      .insert(programmeSettings)
      .values({ id: 1, expiryPolicy: 'never' })
      .onConflictDoUpdate({ target: programmeSettings.id, set: { expiryPolicy: 'never', expiryMonths: null } });
    const res = await me(accessToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toEqual({
      user: { ID: u.userId, FIRSTNAME: 'Sami', LASTNAME: 'Ben Ali', EMAIL: u.email, GSM: '+21698123456' },
      client: { ID: u.clientId, CODE_CLIENT: u.code, NAME: expect.any(String), BADGES_ID: null, BADGE_NAME: null },
      POINTS: 0,
      POINTS_EXPIRANT: null,
      DATE_EXPIRATION: null,
      PROCHAINES_EXPIRATIONS: null,
    });
    await t.db.update(programmeSettings).set({ expiryPolicy: 'months', expiryMonths: 12 }).where(eq(programmeSettings.id, 1));
    const on = body(await me(accessToken)).data;
    expect(on).toMatchObject({ POINTS_EXPIRANT: 0, DATE_EXPIRATION: null, PROCHAINES_EXPIRATIONS: [] });
    await t.db.update(programmeSettings).set({ expiryPolicy: 'never', expiryMonths: null }).where(eq(programmeSettings.id, 1));
  });

  it('changes the phone; a password change needs the old one and signs the other devices out', async () => {
    const u = await appClientUser(t.db);
    const here = await signedIn(u.email, u.password, 'phone');
    const there = await signedIn(u.email, u.password, 'tablet');
    const put = (payload: unknown) =>
      t.app.inject({ method: 'PUT', url: `${APP}/me`, headers: { authorization: `Bearer ${here.accessToken}` }, payload: payload as object });

    const gsm = await put({ GSM: '+21622333444' });
    expect(gsm.statusCode, gsm.body).toBe(200);
    expect((body(gsm).data.user as { GSM: string }).GSM).toBe('+21622333444');
    expect((await put({ GSM: '12' })).statusCode).toBe(422);

    const wrongOld = await put({ password: { old: 'Mauvais123!', new: 'Nouveau2026!' } });
    expect(wrongOld.statusCode).toBe(422);
    expect(body(wrongOld).errors).toEqual({ 'password.old': [MSG.invalidOldPassword] });
    const short = await put({ password: { old: u.password, new: 'court' } });
    expect(short.statusCode).toBe(422);
    expect(body(short).errors?.['password.new']).toEqual([MSG.passwordMin]);
    expect((await me(there.accessToken)).statusCode).toBe(200);

    const changed = await put({ password: { old: u.password, new: 'Nouveau2026!' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(here.accessToken)).statusCode).toBe(200);
    expect((await me(there.accessToken)).statusCode).toBe(401);
    expect((await refresh(there.refreshToken)).statusCode).toBe(401);
    expect((await login(u.email, u.password, 'laptop')).statusCode).toBe(401);
    expect((await login(u.email, 'Nouveau2026!', 'laptop')).statusCode).toBe(200);
    // Seven scrypt runs (sign-ins, the old password checked, the new one hashed): longer than one call.
  }, 90_000);
});

describe('POST register', () => {
  const registration = (code: string, email: string) => ({
    CODE_CLIENT: code,
    LASTNAME: 'Trabelsi',
    FIRSTNAME: 'Amel',
    EMAIL: email,
    GSM: '+21655111222',
    PASSWORD: 'Inscrite2026!',
  });

  it('lands in the users screen « Demandes » tab; staff switch it on; then the user signs in', async () => {
    const owner = await appClientUser(t.db);
    const email = `amel.${owner.clientId}@client.test.tn`;
    const res = await t.app.inject({ method: 'POST', url: `${APP}/register`, remoteAddress: ip, payload: registration(owner.code.toLowerCase(), email) });
    expect(res.statusCode, res.body).toBe(201);
    expect(body(res).data).toEqual({ message: APP_MSG.registered, STATUS: 0 });

    expect((await login(email, 'Inscrite2026!')).statusCode).toBe(403);

    const admin = await t.auth('admin@demo.tn');
    const requests = await t.app.inject({ method: 'GET', url: `/api/client-users?status=0&page=1&search=${encodeURIComponent(email)}`, headers: admin });
    expect(requests.statusCode, requests.body).toBe(200);
    const [row] = (requests.json() as { data: Record<string, unknown>[] }).data;
    expect(row).toMatchObject({
      EMAIL: email,
      STATUS: 0,
      CLIENT_ID: owner.clientId,
      CODE_CLIENT: owner.code,
      LASTNAME: 'Trabelsi',
      FIRSTNAME: 'Amel',
      GSM: '+21655111222',
    });
    const team = await t.app.inject({ method: 'GET', url: `/api/client-users?status=1&page=1&search=${encodeURIComponent(email)}`, headers: admin });
    expect((team.json() as { data: unknown[] }).data).toEqual([]);

    const on = await t.app.inject({ method: 'PUT', url: `/api/users/${row.id ?? row.ID}`, headers: admin, payload: { STATUS: 1 } });
    expect(on.statusCode, on.body).toBe(200);
    const signed = await login(email, 'Inscrite2026!');
    expect(signed.statusCode, signed.body).toBe(200);
    expect(body(signed).data.user).toMatchObject({ EMAIL: email, CLIENT_ID: owner.clientId });
  });

  it('answers a known code, an unknown code and an e-mail in use byte for byte alike; staff see each request with its code checked', async () => {
    const owner = await appClientUser(t.db);
    const stamp = owner.clientId;
    const known = `known.${stamp}@client.test.tn`;
    const stranger = `stranger.${stamp}@client.test.tn`;
    const typo = `NOPE-${stamp}`;
    // Each from its own address: the per-address limit must not tell the calls apart.
    const send = (code: string, email: string, n: number, name = 'Trabelsi') =>
      t.app.inject({
        method: 'POST',
        url: `${APP}/register`,
        remoteAddress: `192.0.2.${(stamp * 7 + n) % 250}`,
        payload: { ...registration(code, email), LASTNAME: name },
      });
    const [before] = await t.db.select().from(users).where(eq(users.id, owner.userId));
    const replies = [
      await send(owner.code, known, 1),
      await send(typo, stranger, 2),
      // An address already in use: an active user's (in another case), and a request still waiting.
      await send(owner.code, owner.email.toUpperCase(), 3, 'Intrus'),
      await send(typo, known, 4, 'Intrus'),
    ];
    const volatile = new Set(['date', 'x-request-id']);
    const seen = replies.map((r) => ({ status: r.statusCode, body: r.body, headers: Object.entries(r.headers).filter(([k]) => !volatile.has(k)) }));
    expect(seen[0].status, seen[0].body).toBe(201);
    expect(body(replies[0]).data).toEqual({ message: APP_MSG.registered, STATUS: 0 });
    for (const other of seen.slice(1)) expect(other).toEqual(seen[0]);

    // An e-mail in use changes nothing: no second account, the first one untouched (nor its password).
    const [after] = await t.db.select().from(users).where(eq(users.id, owner.userId));
    expect(after).toEqual(before);
    const holders = await t.db.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`lower(${users.email}) in (${owner.email}, ${known})`);
    expect(holders[0].n).toBe(2);

    // Staff see both requests in « Demandes », each with the code typed and whether it matched a client.
    const admin = await t.auth('admin@demo.tn');
    const requests = async (search: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/client-users?status=0&page=1&search=${encodeURIComponent(search)}`, headers: admin });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: Record<string, unknown>[] }).data;
    };
    expect(await requests(known)).toEqual([
      expect.objectContaining({
        EMAIL: known,
        LASTNAME: 'Trabelsi',
        STATUS: 0,
        CLIENT_ID: owner.clientId,
        CODE_CLIENT: owner.code,
        REQUESTED_CODE: owner.code,
        CODE_OK: true,
      }),
    ]);
    const [unknown] = await requests(stranger);
    expect(unknown).toMatchObject({ EMAIL: stranger, STATUS: 0, CLIENT_ID: null, CODE_CLIENT: null, CLIENT_NAME: null, REQUESTED_CODE: typo, CODE_OK: false });
    // Searching the code typed finds the request too.
    expect((await requests(typo)).map((r) => r.EMAIL)).toEqual([stranger]);

    // Never usable by itself: without a client it cannot be switched on; staff choose the client, then validate.
    const put = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/users/${unknown.id}`, headers: admin, payload });
    const refused = await put({ STATUS: 1 });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(body(refused).errors).toEqual({ CLIENT_ID: [CLIENT_USER_MSG.requestNeedsClient] });
    const bulk = await t.app.inject({ method: 'POST', url: '/api/client-users/bulk/activate', headers: admin, payload: { ids: [unknown.id] } });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().data).toMatchObject({ changed: 0, refused: [{ id: unknown.id, reason: CLIENT_USER_MSG.requestNeedsClient }] });
    const attached = await put({ CLIENT_ID: owner.clientId });
    expect(attached.statusCode, attached.body).toBe(200);
    expect((await put({ STATUS: 1 })).statusCode).toBe(200);
    const signed = await login(stranger, 'Inscrite2026!');
    expect(signed.statusCode, signed.body).toBe(200);
    expect(body(signed).data.user).toMatchObject({ EMAIL: stranger, CLIENT_ID: owner.clientId });
  }, 60_000);

  it('422 per field for a malformed registration, and nothing written', async () => {
    const bad = await t.app.inject({ method: 'POST', url: `${APP}/register`, remoteAddress: ip, payload: { CODE_CLIENT: 'X', EMAIL: 'x', PASSWORD: 'court' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(body(bad).errors ?? {}).sort()).toEqual(['EMAIL', 'FIRSTNAME', 'GSM', 'LASTNAME', 'PASSWORD']);
  });
});

describe('rate limits and captcha (own app per setting)', () => {
  it('answers 429 with Retry-After past the per-user limit (APP_RATE_PER_MINUTE), per user', async () => {
    const limited = await createTestApp({ env: { APP_RATE_PER_MINUTE: '3' } });
    try {
      const a = await appClientUser(limited.db);
      const b = await appClientUser(limited.db);
      const signIn = async (email: string, password: string) =>
        limited.app
          .inject({ method: 'POST', url: `${APP}/auth/login`, payload: { email, password, deviceId: 'd' } })
          .then((r) => (r.json() as Json).data.accessToken);
      const ta = await signIn(a.email, a.password);
      const tb = await signIn(b.email, b.password);
      const call = (tok: string) => limited.app.inject({ method: 'GET', url: `${APP}/me`, headers: { authorization: `Bearer ${tok}` } });
      for (let i = 0; i < 3; i++) expect((await call(ta)).statusCode).toBe(200);
      const over = await call(ta);
      expect(over.statusCode).toBe(429);
      const wait = Number(over.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect((over.json() as Json).message).toBe(APP_MSG.tooManyRequests(wait));
      expect((await call(tb)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('limits registrations per address (429 with Retry-After)', async () => {
    let last = 0;
    let retry: unknown;
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({ method: 'POST', url: `${APP}/register`, remoteAddress: '203.0.113.99', payload: {} });
      last = res.statusCode;
      retry = res.headers['retry-after'];
    }
    expect(last).toBe(429);
    expect(Number(retry)).toBeGreaterThan(0);
  });

  it('APP_CAPTCHA=altcha asks the app for a captcha while CAPTCHA=off; APP_CAPTCHA=off frees the app only', async () => {
    const strict = await createTestApp({ env: { CAPTCHA: 'off', APP_CAPTCHA: 'altcha' } });
    try {
      const u = await appClientUser(strict.db);
      const challenge = await strict.app.inject({ method: 'GET', url: `${APP}/auth/captcha` });
      expect(challenge.json()).toMatchObject({ success: true, data: { enabled: true } });
      const res = await strict.app.inject({ method: 'POST', url: `${APP}/auth/login`, payload: { email: u.email, password: u.password, deviceId: 'd' } });
      expect(res.statusCode).toBe(422);
      expect((res.json() as Json).errors).toEqual({ captcha: [MSG.captcha] });
      const reg = await strict.app.inject({
        method: 'POST',
        url: `${APP}/register`,
        payload: { CODE_CLIENT: u.code, LASTNAME: 'A', FIRSTNAME: 'B', EMAIL: 'c@client.test.tn', GSM: '+21655111222', PASSWORD: 'Inscrite2026!' },
      });
      expect(reg.statusCode).toBe(422);
      expect((await strict.app.inject({ method: 'GET', url: '/api/captcha' })).json()).toMatchObject({ data: { enabled: false } });
    } finally {
      await strict.close();
    }
    const free = await createTestApp({ env: { CAPTCHA: 'altcha', APP_CAPTCHA: 'off' } });
    try {
      const u = await appClientUser(free.db);
      const res = await free.app.inject({ method: 'POST', url: `${APP}/auth/login`, payload: { email: u.email, password: u.password, deviceId: 'd' } });
      expect(res.statusCode, res.body).toBe(200);
      const staff = await free.app.inject({ method: 'POST', url: '/api/loginBO', payload: { email: 'admin@demo.tn', password: 'Demo1234!' } });
      expect(staff.statusCode).toBe(422);
    } finally {
      await free.close();
    }
  }, 180_000);
});
