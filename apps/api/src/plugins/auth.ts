import { ACCOUNT_CODES, type Action, APP_MSG, can, isStaffAccount, MSG } from '@app/domain';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roles, sessions, users } from '../lib/auth/accounts.table';
import { SESSION_IDLE_DEFAULT } from '../config';
import type { Db } from '../db/client';
import { AppError } from '../lib/http';
import { type AppUser, appCallOf, appUserOf } from '../lib/auth/app-tokens';
import type { CurrentUser } from '../lib/auth/current-user';
import { SESSION_CHANGED, SessionCache } from '../lib/auth/session-cache';
import { hashToken } from '../lib/auth/tokens';
import { tooMany } from '../lib/throttle';

export { hashToken, newToken } from '../lib/auth/tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open without a session (sign-in, captcha, password reset, health). */
    public?: boolean;
    /** What the route needs: an action of the permission map, or `self` for any signed-in user. */
    action?: Action | 'self';
    /**
     * The generic update of a plain resource (lib/crud): its list and detail are /api/{resource}. Lets
     * the tests walk every partial update from the route table.
     */
    partialUpdateOf?: string;
    /**
     * A route of the mobile app's API (/api/app/v1): it takes an app access token, never
     * a back-office one, and is open to the client user behind it (request.appUser).
     */
    app?: boolean;
  }
  interface FastifyInstance {
    /** The sessions this node has checked (SESSION_CACHE_SECONDS > 0), else null. */
    sessionCache: SessionCache<CurrentUser> | null;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
    /** The client user of an app route (config.app). */
    appUser: AppUser | null;
  }
}

/**
 * Authentication and authorisation for every route, deny by default. The decision is read from the
 * route the router matched (its `config`), never from the URL string: however a path is spelt
 * (percent-encoded, doubled slashes, another case), it either reaches a route and that route's rule
 * applies, or it reaches none and the not-found handler answers without data. A route is signed-in
 * unless it is declared `public`, and must name the action it needs; unknown roles get the least
 * rights (see @app/domain).
 */
export function registerAuth(app: FastifyInstance) {
  app.decorate('sessionCache', startSessionCache(app));
  app.decorateRequest('user', null);
  app.decorateRequest('appUser', null);
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (config.public) return;
    if (config.app) {
      const token = bearer(request);
      if (!token) throw new AppError(401, APP_MSG.sessionExpired);
      // Per user, in PostgreSQL so every node counts alike, counted in the token lookup's statement.
      const perMinute = app.config.APP_RATE_PER_MINUTE;
      if (perMinute > 0) {
        const { user, hit } = await appCallOf(app.db, token, perMinute);
        request.appUser = user;
        if (!user) throw new AppError(401, APP_MSG.sessionExpired);
        if (user.clientSuspended) throw new AppError(403, APP_MSG.clientSuspended);
        if (!hit.ok) throw tooMany(reply, hit.retryAfterSeconds, APP_MSG.tooManyRequests(hit.retryAfterSeconds));
      } else {
        request.appUser = await appUserOf(app.db, token);
        if (!request.appUser) throw new AppError(401, APP_MSG.sessionExpired);
        // Suspended, not signed out: the same token works again once staff restore the client.
        if (request.appUser.clientSuspended) throw new AppError(403, APP_MSG.clientSuspended);
      }
      return;
    }
    request.user = await authenticate(app, request);
    if (!request.user) throw new AppError(401, MSG.sessionExpired);
    const action = config.action;
    if (action === 'self') return;
    if (!action || !can(request.user.role, action)) throw new AppError(403, MSG.forbidden);
  });
}

/**
 * The node's session cache, when SESSION_CACHE_SECONDS is above 0. On PostgreSQL it hears the changes of
 * every node and every other writer through LISTEN, and sees this node's own writes before they are sent.
 * The embedded database has one writer, this process: seeing its statements is seeing every change.
 */
function startSessionCache(app: FastifyInstance): SessionCache<CurrentUser> | null {
  const handle = app.dbHandle;
  const seconds = app.config.SESSION_CACHE_SECONDS;
  if (!seconds || !handle.observeStatements) return null;
  const listen = handle.kind === 'postgres' ? handle.listen : undefined;
  if (handle.kind === 'postgres' && !listen) return null;
  const cache = new SessionCache<CurrentUser>(seconds * 1000);
  const stopObserving = handle.observeStatements((statement) => cache.forgetOnWrite(statement));
  const listener = listen?.(SESSION_CHANGED, { message: () => cache.forget(), up: () => cache.up(), down: () => cache.down() });
  if (!listener) cache.up();
  app.addHook('onClose', async () => {
    stopObserving();
    await listener?.close();
  });
  return cache;
}

/** The bearer token of a request, when it has one of a sane length. */
const bearer = (request: FastifyRequest) => request.headers.authorization?.match(/^Bearer\s+(\S{20,200})$/i)?.[1];

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<CurrentUser | null> {
  const token = bearer(request);
  return token ? sessionUser(app.db, token, app.config.SESSION_IDLE_MINUTES, app.sessionCache) : null;
}

/** How stale a session's last use may get before it is written again: one write a minute at most. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The session check as a named prepared statement, one per database handle: PostgreSQL parses and
 * plans its three-table join once per connection instead of at every signed-in call (its planning
 * cost about as much as its run). Same conditions as before, the values bound at each call.
 */
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();
const sessionLookup = (db: Db) => {
  const known = lookups.get(db);
  if (known) return known;
  const q = prepareLookup(db);
  lookups.set(db, q);
  return q;
};
const prepareLookup = (db: Db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      status: users.status,
      role: roles.label,
      clientId: users.clientId,
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastUsedAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare('session_user');

/**
 * The active account behind a live session token, or null: the one query every signed-in call makes,
 * unless `cache` holds the session (lib/auth/session-cache.ts). A session is live when neither revoked,
 * past its 12 hours, nor idle for `idleMinutes`. Its last use is recorded only when older than a minute,
 * by a conditional UPDATE that a second request of the same minute finds nothing to do for.
 */
export async function sessionUser(
  db: Db,
  token: string,
  idleMinutes = SESSION_IDLE_DEFAULT,
  cache?: SessionCache<CurrentUser> | null,
): Promise<CurrentUser | null> {
  const now = Date.now();
  const tokenHash = hashToken(token);
  const idleSince = now - idleMinutes * 60_000;
  const cached = cache?.get(tokenHash, now);
  // An entry whose last use is past the idle limit as this node knows it is read again: another node may have used it since.
  if (cached && cached.lastUsedAt > idleSince) {
    if (cached.lastUsedAt < now - TOUCH_EVERY_MS) {
      await touch(db, cached.user.sessionId, now);
      cached.lastUsedAt = now;
    }
    return cached.user;
  }
  const ticket = cache?.ticket();
  const [row] = await sessionLookup(db).execute({
    tokenHash,
    // ISO strings, read alike by both drivers: a placeholder's value skips the column's own encoder.
    now: new Date(now).toISOString(),
    idleSince: new Date(idleSince).toISOString(),
  });
  // A client user's session is no back-office session, however it was obtained.
  if (row?.status !== ACCOUNT_CODES.ACTIVE || !isStaffAccount(row)) return null;
  const { status: _s, clientId: _c, lastUsedAt, expiresAt, ...user } = row;
  let lastUse = lastUsedAt.getTime();
  if (lastUse < now - TOUCH_EVERY_MS) {
    await touch(db, user.sessionId, now);
    lastUse = now;
  }
  // A cached user is shared by the requests of its session: frozen, so that none can change it for the others.
  if (cache && ticket !== undefined)
    cache.keep(ticket, tokenHash, { user: Object.freeze(user), lastUsedAt: lastUse, expiresAt: expiresAt.getTime(), storedAt: now });
  return user;
}

/**
 * Records a session's use, unless another request did within the minute. The session cache knows this
 * statement and does not forget on it (lib/auth/session-cache.ts; its test builds it from here).
 */
export const touchQuery = (db: Db, sessionId: number, now: number) =>
  db
    .update(sessions)
    .set({ lastUsedAt: new Date(now) })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastUsedAt, new Date(now - TOUCH_EVERY_MS))));
async function touch(db: Db, sessionId: number, now: number) {
  await touchQuery(db, sessionId, now);
}
