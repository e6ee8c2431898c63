import { APP_MSG, INVITATION_MSG } from '@app/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/lib/auth/accounts.table';
import { appSessions, appTokens } from '../../src/lib/auth/app-sessions.table';
import { hashToken } from '../../src/lib/auth/tokens';
import { invitations } from '../../src/modules/communication/invitations.table';
import { messageTemplates } from '../../src/modules/communication/templates.table';
import { clients } from '../../src/lib/clients/clients.table';
import { orders } from '../../src/modules/orders/orders.table';
import { APP, appClientUser, appPairFor } from '../support/app-helpers';
import { createTestApp, MemoryMailer, type TestContext } from '../support/helpers';

/**
 * Who may sign in is staff's decision alone: an invitation sets a password and nothing else, and every
 * event that ends an account's back-office sessions ends its mobile-app token families too. A client
 * switched off or refused cuts its users' app access while it lasts.
 */

const mailer = new MemoryMailer();
let t: TestContext;
let admin: { authorization: string };
let templateId: number;
beforeAll(async () => {
  t = await createTestApp({ mailer, env: { APP_RATE_PER_MINUTE: '0' } });
  admin = await t.auth('admin@demo.tn');
  const [tpl] = await t.db
    .insert(messageTemplates)
    .values({ name: 'Invitation accès', type: 'email', subject: 'Bienvenue', content: '<p>{{LIEN}}</p>' })
    .returning();
  templateId = tpl.id;
});
afterAll(async () => {
  await t?.close();
});

let ipSeq = 0;
const nextIp = () => `198.51.100.${++ipSeq}`;
const json = (res: { json(): unknown }) =>
  res.json() as { success: boolean; message?: string; data: Record<string, unknown> & { refused: { id: number; reason: string }[] } };
const appLogin = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: `${APP}/auth/login`, remoteAddress: nextIp(), payload: { email, password, deviceId: 'phone-1', deviceName: 'Test' } });
const appGet = (token: string, url = `${APP}/me`) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: `${APP}/auth/refresh`, remoteAddress: nextIp(), payload: { refreshToken } });
const putUser = (id: number, body: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: admin, payload: body });
const statusOf = async (id: number) => (await t.db.select({ s: users.status }).from(users).where(eq(users.id, id)))[0].s;

/** Invites by e-mail through POST invite/mail and returns the link's token read from the mail sent. */
async function inviteByMail(email: string): Promise<string> {
  const before = mailer.sent.length;
  const res = await t.app.inject({ method: 'POST', url: '/api/invite/mail', headers: admin, payload: { emails: [email], template_key: templateId } });
  expect(res.statusCode, res.body).toBe(200);
  const mail = mailer.sent.slice(before).find((m) => m.to === email);
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail?.html ?? '')?.[1];
  if (!token) throw new Error('no invitation link in the mail');
  return token;
}
const lookup = (token: string) => t.app.inject({ method: 'POST', url: '/api/invitations/lookup', remoteAddress: nextIp(), payload: { token } });
const accept = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/invitations/accept', remoteAddress: nextIp(), payload: { token, password, confirm: password } });

describe('an invitation never decides who may sign in', () => {
  it('a self-registered account staff never validated is not invited, in bulk or by mail, and an old link cannot switch it on', async () => {
    const owner = await appClientUser(t.db);
    const [client] = await t.db.select({ code: clients.code }).from(clients).where(eq(clients.id, owner.clientId));
    // The owner's own user is switched off by staff, so that only the registration is left to invite.
    expect((await putUser(owner.userId, { STATUS: 0 })).statusCode).toBe(200);
    const email = `inscrit.${process.pid}@client.test.tn`;
    const reg = await t.app.inject({
      method: 'POST',
      url: `${APP}/register`,
      remoteAddress: nextIp(),
      payload: { CODE_CLIENT: client.code, LASTNAME: 'Inscrit', FIRSTNAME: 'Sans', EMAIL: email, GSM: '+21698000111', PASSWORD: 'Inscrit-2026!' },
    });
    expect(reg.statusCode, reg.body).toBeLessThan(300);
    const [registered] = await t.db.select({ id: users.id, status: users.status }).from(users).where(eq(users.email, email));
    expect(registered.status).toBe(0);

    const sent0 = mailer.sent.length;
    const byClient = json(
      await t.app.inject({ method: 'POST', url: '/api/clients/bulk/invite', headers: admin, payload: { ids: [owner.clientId], template_key: templateId } }),
    );
    expect(byClient.data).toMatchObject({ changed: 0, refused: [{ id: owner.clientId, reason: INVITATION_MSG.notValidated }] });
    const byUser = json(
      await t.app.inject({
        method: 'POST',
        url: '/api/client-users/bulk/invite',
        headers: admin,
        payload: { ids: [registered.id, owner.userId], template_key: templateId },
      }),
    );
    expect(byUser.data.changed).toBe(0);
    expect(byUser.data.refused.map((r) => [r.id, r.reason]).sort()).toEqual(
      [
        [registered.id, INVITATION_MSG.notValidated],
        [owner.userId, INVITATION_MSG.disabled],
      ].sort(),
    );
    const byMail = await t.app.inject({ method: 'POST', url: '/api/invite/mail', headers: admin, payload: { emails: [email], template_key: templateId } });
    expect(byMail.statusCode).toBe(422);
    expect(byMail.json().errors.emails).toEqual([`${email} : ${INVITATION_MSG.notValidated}`]);
    expect(mailer.sent.length).toBe(sent0);

    // A link that exists anyway (sent before this rule) opens nothing.
    const token = `legacy-${process.pid}-${Date.now()}`;
    await t.db
      .insert(invitations)
      .values({ email, userId: registered.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000), result: 'sent' });
    expect((await lookup(token)).statusCode).toBe(404);
    expect((await accept(token, 'Choisi-2026!')).statusCode).toBe(404);
    expect(await statusOf(registered.id)).toBe(0);
    expect((await appLogin(email, 'Choisi-2026!')).statusCode).toBe(401);
    const stillRegistered = await appLogin(email, 'Inscrit-2026!');
    expect([stillRegistered.statusCode, stillRegistered.json().message]).toEqual([403, APP_MSG.accountInactive]);
  });

  it('switching an account off voids its open links, and switching it on again does not revive them', async () => {
    const u = await appClientUser(t.db);
    const token = await inviteByMail(u.email);
    expect((await lookup(token)).statusCode).toBe(200);
    expect((await putUser(u.userId, { STATUS: 0 })).statusCode).toBe(200);
    expect((await accept(token, 'Reprise-2026!')).statusCode).toBe(404);
    expect(await statusOf(u.userId)).toBe(0);
    const refused = await appLogin(u.email, 'Reprise-2026!');
    expect(refused.statusCode).toBe(401);
    expect((await putUser(u.userId, { STATUS: 1 })).statusCode).toBe(200);
    expect((await lookup(token)).statusCode).toBe(404);
  });

  it('changing an account’s e-mail voids the links sent to the former address', async () => {
    const u = await appClientUser(t.db);
    const token = await inviteByMail(u.email);
    expect((await putUser(u.userId, { EMAIL: `nouvelle.${u.email}` })).statusCode).toBe(200);
    expect((await accept(token, 'Ancienne-2026!')).statusCode).toBe(404);
    expect((await appLogin(`nouvelle.${u.email}`, 'Ancienne-2026!')).statusCode).toBe(401);
  });

  it('an accepted invitation sets the password of an active account and nothing else', async () => {
    const u = await appClientUser(t.db);
    const token = await inviteByMail(u.email);
    const res = await accept(token, 'Accepte-2026!');
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(u.userId)).toBe(1);
    expect((await appLogin(u.email, 'Accepte-2026!')).statusCode).toBe(200);
  });
});

/** Both tokens of a fresh family answer nothing any more: the access token on GET me, the refresh token on refresh. */
async function expectFamilyDead(pair: { accessToken: string; refreshToken: string }) {
  expect((await appGet(pair.accessToken)).statusCode).toBe(401);
  expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
}

describe('signing out means everywhere, on the app too', () => {
  it('a password reset, a staff password change of the account, an accepted invitation end every app family', async () => {
    const u = await appClientUser(t.db);
    const a = await appPairFor(t.db, u.userId, 'phone-a');
    expect((await appGet(a.accessToken)).statusCode).toBe(200);
    const sent0 = mailer.sent.length;
    const ip = nextIp();
    expect((await t.app.inject({ method: 'POST', url: '/api/password/send-email', remoteAddress: ip, payload: { email: u.email } })).statusCode).toBe(200);
    const code = /\b(\d{6})\b/.exec(mailer.sent.slice(sent0).find((m) => m.to === u.email)?.text ?? '')?.[1];
    expect(code).toBeDefined();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset-pwd',
      remoteAddress: ip,
      payload: { email: u.email, reset_code: code, password: 'Reinit-2026!' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectFamilyDead(a);

    const b = await appPairFor(t.db, u.userId, 'phone-b');
    const token = await inviteByMail(u.email);
    expect((await accept(token, 'Invite-2026!')).statusCode).toBe(200);
    await expectFamilyDead(b);
    const reasons = await t.db.select({ r: appSessions.revokedReason }).from(appSessions).where(eq(appSessions.userId, u.userId));
    expect(reasons.map((r) => r.r)).toEqual(['password', 'password']);
  });

  it('switching an account off then on, alone or in bulk, never revives its families', async () => {
    const u = await appClientUser(t.db);
    const one = await appPairFor(t.db, u.userId, 'phone-1');
    expect((await putUser(u.userId, { STATUS: 0 })).statusCode).toBe(200);
    expect((await putUser(u.userId, { STATUS: 1 })).statusCode).toBe(200);
    await expectFamilyDead(one);

    const two = await appPairFor(t.db, u.userId, 'phone-2');
    const off = json(await t.app.inject({ method: 'POST', url: '/api/client-users/bulk/deactivate', headers: admin, payload: { ids: [u.userId] } }));
    expect(off.data.changed).toBe(1);
    const on = json(await t.app.inject({ method: 'POST', url: '/api/client-users/bulk/activate', headers: admin, payload: { ids: [u.userId] } }));
    expect(on.data.changed).toBe(1);
    await expectFamilyDead(two);
    // The account itself works again, with a new sign-in.
    expect((await appLogin(u.email, u.password)).statusCode).toBe(200);
  });

  it('the app’s own password change ends the other devices’ families, not the one making it', async () => {
    const u = await appClientUser(t.db);
    const mine = await appPairFor(t.db, u.userId, 'phone-mine');
    const other = await appPairFor(t.db, u.userId, 'phone-other');
    const res = await t.app.inject({
      method: 'PUT',
      url: `${APP}/me`,
      headers: { authorization: `Bearer ${mine.accessToken}` },
      payload: { password: { old: u.password, new: 'Change-2026!' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await appGet(mine.accessToken)).statusCode).toBe(200);
    await expectFamilyDead(other);
  });
});

describe('a suspended client cuts its users’ app access at once', () => {
  it('switched off (« Actif ») or refused: 403 with the suspension message on every call, sign-in and refresh; nothing ordered; back when restored', async () => {
    const u = await appClientUser(t.db);
    const pair = await appPairFor(t.db, u.userId, 'phone-s');
    expect((await appGet(pair.accessToken)).statusCode).toBe(200);
    const orders0 = (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0].n;

    const put = (url: string, payload: Record<string, number>) => t.app.inject({ method: 'PUT', url, headers: admin, payload });
    for (const [url, off, on] of [
      [`/api/clients/active/${u.clientId}`, { IS_ACTIVE: 0 }, { IS_ACTIVE: 1 }],
      [`/api/clients/status/${u.clientId}`, { STATUS: 2 }, { STATUS: 1 }],
    ] as const) {
      expect((await put(url, off)).statusCode).toBe(200);
      for (const res of [
        await appGet(pair.accessToken),
        await appGet(pair.accessToken, `${APP}/orders`),
        await t.app.inject({ method: 'POST', url: `${APP}/orders`, headers: { authorization: `Bearer ${pair.accessToken}` }, payload: { items: [] } }),
        await refresh(pair.refreshToken),
        await appLogin(u.email, u.password),
      ]) {
        expect([res.statusCode, res.json().message], res.body).toEqual([403, APP_MSG.clientSuspended]);
      }
      expect((await put(url, on)).statusCode).toBe(200);
      // A suspension is not a sign-out: the same tokens work again, the refresh token was not spent.
      expect((await appGet(pair.accessToken)).statusCode).toBe(200);
    }
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0].n).toBe(orders0);
    const renewed = await refresh(pair.refreshToken);
    expect(renewed.statusCode, renewed.body).toBe(200);
  });
});

describe('a token family has an absolute lifetime', () => {
  it('past APP_REFRESH_MAX_DAYS (90) from its sign-in, a refresh is refused and the family ends; before it, no token outlives it', async () => {
    const u = await appClientUser(t.db);
    const old = await appPairFor(t.db, u.userId, 'phone-old');
    await t.db.update(appSessions).set({ createdAt: sql`now() - interval '91 days'` }).where(eq(appSessions.id, old.sessionId));
    expect((await refresh(old.refreshToken)).statusCode).toBe(401);
    const [ended] = await t.db.select({ r: appSessions.revokedReason }).from(appSessions).where(eq(appSessions.id, old.sessionId));
    expect(ended.r).toBe('expired');

    const late = await appPairFor(t.db, u.userId, 'phone-late');
    await t.db.update(appSessions).set({ createdAt: sql`now() - interval '89 days'` }).where(eq(appSessions.id, late.sessionId));
    const res = await refresh(late.refreshToken);
    expect(res.statusCode, res.body).toBe(200);
    const [fresh] = await t.db
      .select({ expiresAt: appTokens.expiresAt, createdAt: appSessions.createdAt })
      .from(appTokens)
      .innerJoin(appSessions, eq(appSessions.id, appTokens.sessionId))
      .where(and(eq(appTokens.tokenHash, hashToken(res.json().data.refreshToken)), isNull(appTokens.usedAt)));
    expect(fresh.expiresAt.getTime()).toBeLessThanOrEqual(fresh.createdAt.getTime() + 90 * 86_400_000);
    expect(fresh.expiresAt.getTime()).toBeLessThan(Date.now() + 2 * 86_400_000);
  });
});
