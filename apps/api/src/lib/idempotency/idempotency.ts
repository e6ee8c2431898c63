import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEPT_HOURS, IDEMPOTENCY_MSG, idempotencyKey } from '@app/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler, preValidationHookHandler, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../http';
import { readMultipart } from '../multipart';
import { idempotencyKeys } from './idempotency.table';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The call moves points or value: it honours an `Idempotency-Key` header (lib/idempotency). A
     * replay answers the first reply and writes nothing. test/contract/idempotency.test.ts lists these routes.
     * `'required'`: the header must be sent (422 naming it otherwise), for callers that retry on their
     * own, like the mobile app's orders.
     */
    idempotent?: boolean | 'required';
  }
}

/** The header as Fastify reads it (lower case), and as the error's field names it. */
const HEADER = IDEMPOTENCY_HEADER.toLowerCase();
const FIELD = IDEMPOTENCY_HEADER;
/** Replayed replies say so, as Stripe's do. */
export const REPLAYED_HEADER = 'idempotent-replayed';

const headerDescription = `Clé d'idempotence (1 à 255 caractères visibles, un UUID par exemple) : rejouée avec la même requête, la réponse de la première est renvoyée et rien n'est écrit une seconde fois ; avec une autre requête, 422 ; pendant que la première s'exécute, 409. Gardée ${IDEMPOTENCY_KEPT_HOURS} h.`;
/** Documents the header on a marked route; the check itself is done by the hooks (one message, one field name). */
const headerSchema = z.looseObject({ [HEADER]: z.string().optional().meta({ description: headerDescription }) });
/**
 * The same, required. A missing header never reaches this schema's validation: `requireKey` answers it
 * first, under the header's own name and the domain's message; the schema only documents it as required.
 */
const requiredHeaderSchema = z.looseObject({ [HEADER]: z.string().meta({ description: `Obligatoire. ${headerDescription}` }) });

const owned = new WeakMap<FastifyRequest, { userId: number; key: string }>();

/**
 * Whose keys these are: the staff user, or the app's client user (app routes, config.app). Both are
 * rows of users, so one id never stands for two callers.
 */
const callerOf = (req: FastifyRequest): number | undefined => req.user?.id ?? req.appUser?.id;

/**
 * `idempotent: true` in a route's config, or `'required'` (the header must be sent): with an `Idempotency-Key` header, the call's
 * reply is kept 24 h under (user, key), and a replay of the same request answers it without running
 * the handler. How a race is settled: the key's row is inserted first, in its own statement
 * (`on conflict … do update` only over a row older than 24 h), so of two calls with one key exactly one runs; the other answers 409
 * « déjà en cours » while the first has no reply, or the stored reply once it has one. A reply of
 * 2xx or 4xx is stored; a 5xx deletes the row, so the client may retry. If the process dies between
 * the handler's commit and the stored reply, the key answers 409 until it expires: never a second write.
 */
export function registerIdempotency(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    if (route.config.public) throw new Error(`${route.method} ${route.url}: idempotent needs a signed-in route (keys are per user)`);
    route.schema ??= {};
    const schema = route.schema as { headers?: unknown };
    // A GET's automatic HEAD twin comes with the GET's options, already marked.
    if (schema.headers === headerSchema || schema.headers === requiredHeaderSchema) return;
    if (schema.headers) throw new Error(`${route.method} ${route.url}: idempotent routes declare no headers schema of their own`);
    const required = route.config.idempotent === 'required';
    schema.headers = required ? requiredHeaderSchema : headerSchema;
    if (required) route.preValidation = [...[route.preValidation ?? []].flat(), requireKey];
    route.preHandler = [...[route.preHandler ?? []].flat(), checkKey];
    route.onSend = [...[route.onSend ?? []].flat(), storeReply];
  });
  app.jobs.housekeep('idempotency_keys', () => purgeExpiredKeys(app.db));
}

const expired = sql`now() - make_interval(hours => ${IDEMPOTENCY_KEPT_HOURS})`;

/** Keys older than 24 h: a replay no longer finds them. */
export async function purgeExpiredKeys(db: Db): Promise<number> {
  const rows = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, expired)).returning({ key: idempotencyKeys.key });
  return rows.length;
}

/** `idempotent: 'required'`: no header, no call (before the body is even validated). */
const requireKey: preValidationHookHandler = async (req) => {
  if (req.headers[HEADER] === undefined) throw new AppError(422, IDEMPOTENCY_MSG.required, { [FIELD]: [IDEMPOTENCY_MSG.required] });
};

const checkKey: preHandlerHookHandler = async (req, reply) => {
  const raw = req.headers[HEADER];
  const userId = callerOf(req);
  if (raw === undefined || userId === undefined) return;
  const parsed = idempotencyKey.safeParse(raw);
  if (typeof raw !== 'string' || !parsed.success) throw new AppError(422, IDEMPOTENCY_MSG.invalid, { [FIELD]: [IDEMPOTENCY_MSG.invalid] });
  const db = req.server.db;
  const key = parsed.data;
  const route = `${req.method} ${req.routeOptions.url}`;
  const requestHash = await hashRequest(req);
  // Taken by this call: a new key, or one whose row expired (not yet purged), whose reply is then forgotten.
  const [taken] = await db
    .insert(idempotencyKeys)
    .values({ userId, key, route, requestHash })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { route, requestHash, status: null, contentType: null, body: null, createdAt: sql`now()` },
      setWhere: lt(idempotencyKeys.createdAt, expired),
    })
    .returning({ key: idempotencyKeys.key });
  if (taken) {
    owned.set(req, { userId, key });
    return;
  }
  const [first] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  // Gone between the two statements: the first call failed (5xx) and gave the key back.
  if (!first) throw new AppError(409, IDEMPOTENCY_MSG.inProgress, { [FIELD]: [IDEMPOTENCY_MSG.inProgress] });
  if (first.route !== route || first.requestHash !== requestHash) throw new AppError(422, IDEMPOTENCY_MSG.reused, { [FIELD]: [IDEMPOTENCY_MSG.reused] });
  if (first.status === null) throw new AppError(409, IDEMPOTENCY_MSG.inProgress, { [FIELD]: [IDEMPOTENCY_MSG.inProgress] });
  return replay(reply, first.status, first.contentType, first.body ?? '');
};

function replay(reply: FastifyReply, status: number, contentType: string | null, body: string) {
  reply.code(status).header(REPLAYED_HEADER, 'true');
  if (contentType) reply.type(contentType);
  // Already serialised when it was first sent: written as it is.
  return reply.serializer((s: unknown) => s as string).send(body);
}

const storeReply: onSendHookHandler = async (req, reply, payload) => {
  const mine = owned.get(req);
  if (!mine) return payload;
  owned.delete(req);
  const where = and(eq(idempotencyKeys.userId, mine.userId), eq(idempotencyKeys.key, mine.key));
  const status = reply.statusCode;
  const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (status >= 500 || body === null) {
    await req.server.db.delete(idempotencyKeys).where(where);
  } else {
    const contentType = String(reply.getHeader('content-type') ?? '').slice(0, 200) || null;
    await req.server.db.update(idempotencyKeys).set({ status, contentType, body }).where(where);
  }
  return payload;
};

/**
 * What makes two calls « the same request »: path parameters, query and body, as canonical JSON (keys
 * sorted), hashed. A multipart body counts by its fields and its files' names and bytes, not by its
 * boundary; it is read here once and handed to the handler (lib/multipart.ts keeps it).
 */
async function hashRequest(req: FastifyRequest): Promise<string> {
  let body: unknown = req.body;
  if (req.isMultipart()) {
    const form = await readMultipart(req);
    body = {
      fields: form.fields,
      files: form.files.map((f) => ({ field: f.field, name: f.fileName, sha256: createHash('sha256').update(f.buffer).digest('hex') })),
    };
  }
  return createHash('sha256')
    .update(canonical({ params: req.params ?? null, query: req.query ?? null, body: body ?? null }))
    .digest('hex');
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
