import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROLE } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/app';
import { hashPassword } from '../../src/lib/password';
import { roles, sessions, users } from '../../src/lib/auth/accounts.table';
import { hashToken, newToken } from '../../src/plugins/auth';
import { appTokens } from '../../src/lib/auth/app-sessions.table';
import { revokeAppSession } from '../../src/lib/auth/app-tokens';
import { APP, appClientUser, appPairFor, appTokenFor } from '../support/app-helpers';
import { createTestApp, type TestContext } from '../support/helpers';

/**
 * Access is a property of the matched route. This file walks the server's own route
 * table, so a route added tomorrow is covered without anyone writing a line here: every route that
 * is not declared public refuses a request without a valid session, under every spelling of its path
 * that reaches it over a real socket (no URL normalisation by an injector in between).
 */

/** The only routes open without a session. A new public route must be added here on purpose. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/captcha',
  'POST /api/loginBO',
  'POST /api/password/send-email',
  'POST /api/password/validate-code',
  'POST /api/password/reset-pwd',
  'POST /api/invitations/lookup',
  'POST /api/invitations/accept',
  'GET /api/public/pages/:key',
  'GET /api/public/services',
  'GET /api/public/services/:type',
  'GET /api/public/tools',
  'GET /api/public/gallery',
  'POST /api/public/contacts',
  'GET /api/public/banner',
  'GET /api/public/popup',
  'GET /Eskimo_privacy_policy_fr.html',
  'GET /uploads/*',
  'GET /index.html',
  'GET /',
  // The mobile app's own sign-in, refresh and registration.
  'GET /api/app/v1/auth/captcha',
  'POST /api/app/v1/auth/login',
  'POST /api/app/v1/auth/refresh',
  'POST /api/app/v1/register',
]);
const isDocsRoute = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

let t: TestContext;
let base: string;
let webDist: string;
let routes: RouteEntry[];

beforeAll(async () => {
  // A built web app's folder, so the single-page fallback is part of what is tried.
  webDist = mkdtempSync(path.join(os.tmpdir(), 'bo-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  t = await createTestApp({ overrides: { webDist } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  routes = t.app.routeTable.filter((r) => r.method !== 'HEAD' || !t.app.routeTable.some((g) => g.method === 'GET' && g.url === r.url));
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const key = (r: RouteEntry) => `${r.method} ${r.url}`;
const isPublic = (r: RouteEntry) => r.options.config?.public === true;
/** A route of the mobile app's API: an app access token opens it, a staff session never does. */
const isApp = (r: RouteEntry) => r.options.config?.app === true;

/** A concrete path for a route: parameters become an id that exists nowhere, wildcards a file name. */
const samplePath = (url: string) => url.replace(/:[A-Za-z_]+/g, '999999999').replace(/\*$/, 'x.png');

/** Raw HTTP, the path sent byte for byte as given. */
function send(method: string, rawPath: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/`, { method, path: rawPath, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (!['GET', 'HEAD', 'DELETE'].includes(method)) req.write('{}');
    req.end();
  });
}

/** Other spellings of a path that a router or a proxy might take for the same route. */
function spellings(p: string): string[] {
  const segments = p.split('/').slice(1);
  const out = new Set<string>();
  segments.forEach((seg, k) => {
    if (!seg) return;
    const enc = [...segments];
    enc[k] = `%${seg.charCodeAt(0).toString(16)}${seg.slice(1)}`;
    out.add(`/${enc.join('/')}`);
    enc[k] = `%25${seg.charCodeAt(0).toString(16)}${seg.slice(1)}`;
    out.add(`/${enc.join('/')}`);
    const upper = [...segments];
    upper[k] = seg.toUpperCase();
    out.add(`/${upper.join('/')}`);
  });
  out.add(`/${segments.join('%2F')}`);
  out.add(`/${segments.join('%2f')}`);
  out.add(`/${segments.join('//')}`);
  out.add(`/${p}`);
  out.add(`${p}/`);
  out.add(`${p}//`);
  out.add(`/./${segments.join('/./')}`);
  out.add(`/${segments[0]}/x/../${segments.slice(1).join('/')}`);
  out.add(`/${segments[0]}/%2e%2e/${segments.join('/')}`);
  out.add(`/${segments.join('\\')}`);
  out.add(`${p};x=1`);
  out.add(`/${segments[0]};x=1/${segments.slice(1).join('/')}`);
  out.add(`${p}%00`);
  out.add(`${p}%20`);
  out.add(`${p}#/api/health`);
  out.add(`${p}?/../../api/health`);
  out.add(`${p}?url=/api/health`);
  out.delete(p);
  return [...out];
}

describe('the route table', () => {
  it('opens without a session only the routes declared public, and names an action on every other (an app route: the app token)', () => {
    const open = routes.filter((r) => isPublic(r) && !isDocsRoute(r.url) && !r.url.startsWith('/assets/'));
    expect(open.map(key).sort()).toEqual([...PUBLIC_ROUTES].filter((k) => open.some((r) => key(r) === k)).sort());
    for (const r of routes) {
      // The app's routes live under its prefix, and only there.
      expect(isApp(r), key(r)).toBe(!isPublic(r) && r.url.startsWith(`${APP}/`));
      if (isPublic(r) || isApp(r)) continue;
      expect(r.options.config?.action, key(r)).toBeTruthy();
    }
    console.log(`${routes.length} routes, ${open.length} public:\n  ${open.map(key).join('\n  ')}`);
  });

  it('answers 401 on every non-public route without a token, with a revoked, an expired, a garbled token, or a deactivated account', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.email, 'admin@demo.tn'));
    const [commercial] = await t.db.select().from(users).where(eq(users.email, 'commercial@demo.tn'));
    const make = async (userId: number, over: Partial<typeof sessions.$inferInsert>) => {
      const token = newToken();
      await t.db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000), ...over });
      return token;
    };
    const revoked = await make(admin.id, { revokedAt: new Date() });
    const expired = await make(admin.id, { expiresAt: new Date(Date.now() - 1000) });
    const inactive = await make(commercial.id, {});
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, commercial.id));
    // The app's tokens gone bad: a revoked family, an expired access token, a refresh token used as a bearer, an account switched off.
    const appUser = await appClientUser(t.db);
    const appPair = () => appPairFor(t.db, appUser.userId, `d-${Math.random()}`);
    const appRevoked = await appPair();
    await t.db.transaction((tx) => revokeAppSession(tx, appRevoked.sessionId, 'signout'));
    const appExpired = await appPair();
    await t.db
      .update(appTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(appTokens.tokenHash, hashToken(appExpired.accessToken)));
    const appRefresh = await appPair();
    const offUser = await appClientUser(t.db);
    const appOff = await appTokenFor(t.db, offUser.email);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, offUser.userId));
    const headerSets: Record<string, Record<string, string>> = {
      none: {},
      revoked: { authorization: `Bearer ${revoked}` },
      expired: { authorization: `Bearer ${expired}` },
      garbled: { authorization: `Bearer ${'x'.repeat(43)}` },
      'not bearer': { authorization: `Basic ${Buffer.from('admin@demo.tn:Demo1234!').toString('base64')}` },
      'inactive account': { authorization: `Bearer ${inactive}` },
      'app: revoked family': { authorization: `Bearer ${appRevoked.accessToken}` },
      'app: expired access token': { authorization: `Bearer ${appExpired.accessToken}` },
      'app: refresh token as bearer': { authorization: `Bearer ${appRefresh.refreshToken}` },
      'app: inactive account': { authorization: `Bearer ${appOff}` },
    };
    const wrong: string[] = [];
    let n = 0;
    for (const r of routes.filter((x) => !isPublic(x))) {
      for (const [label, headers] of Object.entries(headerSets)) {
        const res = await send(r.method, samplePath(r.url), headers);
        n++;
        if (res.status !== 401) wrong.push(`${key(r)} [${label}] → ${res.status}`);
      }
    }
    await t.db.update(users).set({ status: 1 }).where(eq(users.id, commercial.id));
    console.log(`${n} requests without a valid session`);
    expect(wrong).toEqual([]);
  }, 120_000); // about 2,700 requests: 21 s alone, 30 s was reached while the whole suite ran on PGlite

  it('never answers 2xx or 3xx without a session, however the path of a non-public route is spelt', async () => {
    const wrong: string[] = [];
    let n = 0;
    for (const r of routes.filter((x) => !isPublic(x))) {
      for (const spelt of spellings(samplePath(r.url))) {
        const res = await send(r.method, spelt);
        n++;
        if (res.status < 400) wrong.push(`${r.method} ${spelt} → ${res.status} ${res.body.slice(0, 60)}`);
      }
    }
    console.log(`${n} respellings of non-public routes, none answered`);
    expect(wrong).toEqual([]);
  }, 120_000); // about 10,000 requests: past vitest's 30 s when the machine is shared

  it('answers the JSON 404, not the web app, for an unknown API path however it is spelt', async () => {
    for (const p of ['/api/nope', '/%61pi/nope', '/API/nope', '//api/nope', '/%2561pi/nope', '/api\\nope', '/uploads/nope.png']) {
      const res = await send('GET', p);
      expect(res.status, p).toBe(404);
      expect(res.body, p).toContain('"success":false');
    }
    for (const p of ['/uploads/../../etc/passwd', '/uploads/%2e%2e/%2e%2e/etc/passwd', '/uploads/..%2f..%2fetc%2fpasswd']) {
      const res = await send('GET', p);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.body, p).not.toContain('root:');
    }
    // Any other unknown path is a page of the single-page app.
    expect((await send('GET', '/layout/contacts/clients')).body).toContain('<title>app</title>');
  });
});

describe('client users and other roles', () => {
  let patenteToken: string;
  beforeAll(async () => {
    const [role] = await t.db.select().from(roles).where(eq(roles.label, ROLE.patente));
    const [u] = await t.db
      .insert(users)
      .values({ email: 'boutique@client.tn', passwordHash: await hashPassword('Client1234!'), firstname: 'Mourad', lastname: 'Client', roleId: role.id })
      .returning();
    patenteToken = newToken();
    await t.db.insert(sessions).values({ userId: u.id, tokenHash: hashToken(patenteToken), expiresAt: new Date(Date.now() + 3600_000) });
  });

  it('refuses the back-office sign-in to a client user of the mobile app, with a French message and no session', async () => {
    const before = await t.db.select().from(sessions);
    const res = await send('POST', '/api/loginBO', {});
    expect(res.status).toBe(422);
    const r = await t.app.inject({ method: 'POST', url: '/api/loginBO', payload: { email: 'boutique@client.tn', password: 'Client1234!' } });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toMatch(/compte client/);
    expect(r.json().data).toBeUndefined();
    expect(await t.db.select().from(sessions)).toHaveLength(before.length);
  });

  it('does not let a session of a client user open any back-office route, however it was obtained', async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => !isPublic(x))) {
      const res = await send(r.method, samplePath(r.url), { authorization: `Bearer ${patenteToken}` });
      if (res.status !== 401) wrong.push(`${key(r)} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the two token kinds never cross', () => {
  it('a valid back-office session answers 401 on every app route; a valid app token 401 on every back-office route', async () => {
    const staff = { authorization: `Bearer ${await t.tokenFor('admin@demo.tn')}` };
    const appUser = await appClientUser(t.db);
    const app = { authorization: `Bearer ${await appTokenFor(t.db, appUser.email)}` };
    // Both tokens work where they belong.
    expect((await send('GET', '/api/me', staff)).status).toBe(200);
    expect((await send('GET', `${APP}/me`, app)).status).toBe(200);
    const wrong: string[] = [];
    const appRoutes = routes.filter(isApp);
    const backOffice = routes.filter((r) => !isPublic(r) && !isApp(r));
    expect(appRoutes.length).toBeGreaterThan(0);
    for (const r of appRoutes) {
      const res = await send(r.method, samplePath(r.url), staff);
      if (res.status !== 401) wrong.push(`staff → ${key(r)} → ${res.status}`);
    }
    for (const r of backOffice) {
      const res = await send(r.method, samplePath(r.url), app);
      if (res.status !== 401) wrong.push(`app → ${key(r)} → ${res.status}`);
    }
    console.log(`${appRoutes.length} app routes refused to a staff session, ${backOffice.length} back-office routes refused to an app token`);
    expect(wrong).toEqual([]);
  });

  it('a valid app token is let in by every app route (so the 401s above are the token kind, not a closed route)', async () => {
    const appUser = await appClientUser(t.db);
    const wrong: string[] = [];
    for (const r of routes.filter(isApp)) {
      // A family of its own for each route: the sign-out ends the one it is sent with.
      const { accessToken } = await appPairFor(t.db, appUser.userId, `open-${key(r)}`);
      const res = await send(r.method, samplePath(r.url), { authorization: `Bearer ${accessToken}` });
      if (res.status === 401 || res.status === 403 || res.status >= 500) wrong.push(`${key(r)} → ${res.status} ${res.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('API_DOCS', () => {
  it('serves the OpenAPI document to anyone by default, and only with a staff session when private', async () => {
    expect((await send('GET', '/api/docs/json')).status).toBe(200);
    const priv = await createTestApp({ env: { API_DOCS: 'private' } });
    try {
      for (const url of ['/api/docs/json', '/api/docs', '/api/docs/static/index.html', '/%61pi/docs/json']) {
        expect((await priv.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      }
      const ok = await priv.app.inject({ method: 'GET', url: '/api/docs/json', headers: await priv.auth('commercial@demo.tn') });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().openapi).toMatch(/^3\./);
    } finally {
      await priv.close();
    }
  });
});
