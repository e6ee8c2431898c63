import { DirectExportSeats } from './lib/exports/direct-seats';
import { ExportJobs } from './lib/exports/jobs/export-jobs';
import { JobEngine, type JobEngineOptions } from './lib/jobs/engine';
import { WebhookDispatcher } from './lib/webhooks/dispatcher';
import { createStorage, type Storage, uploadsDir } from './lib/storage';
import { registerMediaServing } from './lib/storage/serve';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MAX_FILE_SIZE } from '@app/domain';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import type { Db, DbHandle } from './db/client';
import { requestArrival } from './db/request-order';
import { registerModules } from './modules';
import { publicRoutes } from './modules/public';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerHeaders, UPLOADS_SERVING } from './plugins/headers';
import { registerIdempotency } from './lib/idempotency/idempotency';
import type { ReadinessCheck } from './lib/readiness';
import { errorReply } from './lib/replies';
import { setPasswordHashQueue } from './lib/password';
import { createMailer, type Mailer } from './plugins/mail';
import { registerSanitize } from './plugins/sanitize';
import { loggerOptions, requestIdOptions } from './plugins/logging';

z.config(z.locales.fr());

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbHandle: DbHandle;
    mailer: Mailer;
    jobs: JobEngine;
    /** The background exports this node writes (lib/exports/jobs); their state is in the database. */
    exportJobs: ExportJobs;
    /** Direct (streamed) export downloads of this node, rationed as the background jobs. */
    directExports: DirectExportSeats;
    /** The webhook delivery engine (lib/webhooks/dispatcher.ts): started by server.ts, by tests that deliver. */
    webhooks: WebhookDispatcher;
    /** Every file the product keeps: local folders or one S3 bucket (lib/storage). */
    storage: Storage;
    /** Checks `GET /api/ready` runs after the database's; other parts push their own (lib/readiness.ts). */
    readinessChecks: ReadinessCheck[];
    /** Every route as registered, with its access rule: what the generated security tests walk. */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  /** The route's options; their `config` holds `public` or `action` once registration is done. */
  options: RouteOptions;
}

export interface BuildOptions {
  config: Config;
  database: DbHandle;
  mailer?: Mailer;
  /** The stores of config.storage, when the caller already opened them (server.ts seeds through them). */
  storage?: Storage;
  /** false: no logs; `{ stream }`: the configured logs, written to that stream (tests read them). */
  logger?: boolean | { stream: { write(line: string): void } };
  /** The job engine's options (tests: a node that runs no job, a shorter heartbeat). */
  jobs?: JobEngineOptions;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  // One line of hashes per process (lib/password.ts): the process's own threads are what it shares out.
  setPasswordHashQueue(config.PASSWORD_HASH_QUEUE);
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config, typeof opts.logger === 'object' ? opts.logger.stream : undefined),
    ...requestIdOptions,
    bodyLimit: 1_048_576,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', opts.database.db);
  app.decorate('dbHandle', opts.database);
  app.decorate('mailer', opts.mailer ?? createMailer(config, app.log));
  app.decorate('jobs', new JobEngine(opts.database, opts.jobs));
  const storage = opts.storage ?? (await createStorage(config.storage));
  app.decorate('storage', storage);
  app.addHook('onClose', async () => storage.close());
  app.decorate('readinessChecks', [] as ReadinessCheck[]);
  app.readinessChecks.push({ name: 'stockage', check: () => storage.ping() });
  app.addHook('onClose', async () => app.jobs.stop());
  const exportLimits = { perUser: config.EXPORT_JOBS_PER_USER, perNode: config.EXPORT_JOBS_PER_NODE };
  app.decorate('exportJobs', new ExportJobs(opts.database.db, storage.exports, app.log, exportLimits));
  app.decorate('directExports', new DirectExportSeats(exportLimits));
  app.addHook('onClose', async () => app.exportJobs.close());
  app.decorate(
    'webhooks',
    new WebhookDispatcher(opts.database.db, {
      allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
      onError: (err) => app.log.error({ err }, 'webhooks : erreur du répartiteur'),
    }),
  );
  app.addHook('onClose', async () => app.webhooks.close());
  // The embedded database serves the statements of the oldest request first (db/request-order.ts).
  if (opts.database.kind === 'pglite') {
    const arrivals = new WeakMap<object, number>();
    app.addHook('onRequest', (req, _reply, done) => {
      const arrived = performance.now();
      arrivals.set(req, arrived);
      requestArrival.run(arrived, done);
    });
    // A body is read in its socket's context, where the arrival is lost: the handler is given it again.
    app.addHook('preValidation', (req, _reply, done) => requestArrival.run(arrivals.get(req) ?? performance.now(), done));
  }

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, options: route });
  });

  registerErrorHandling(app);
  await registerHeaders(app);
  // Every documented route also documents (and serialises) the one error envelope of the API.
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
    if (!schema || schema.hide || !route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    schema.response = { ...schema.response, '4xx': errorReply, '5xx': errorReply };
  });
  // Routes marked `idempotent` honour an Idempotency-Key header (and document it).
  registerIdempotency(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Back-office Fidélité — API',
        version: '0.1.0',
        description: 'Réponses { success, data, meta? } ; erreurs { success: false, message, errors? }.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Jeton de session du back-office (POST /api/loginBO)' },
          // The mobile app's routes (tag « Application mobile ») take only this one.
          appBearer: {
            type: 'http',
            scheme: 'bearer',
            description: "Jeton d'accès de l'application mobile (POST /api/app/v1/auth/login, renouvelé par /auth/refresh)",
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The OpenAPI document and its UI describe the contract, not data: public unless API_DOCS=private,
  // which asks for a staff session like any other route.
  await app.register(async (docs) => {
    markRoutes(docs, config.API_DOCS === 'public' ? { public: true } : { action: 'self' });
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });
  await app.register(multipart, { limits: { fileSize: MAX_FILE_SIZE, files: 1, fields: 50, fieldSize: 100_000 } });

  registerAuth(app);
  registerSanitize(app);

  // Uploaded media (generated names, never listed), the web app's files and the privacy page are
  // public. The media are at /uploads/{name} whatever the store: files under DATA_DIR/uploads, or
  // objects of the bucket streamed through the API (lib/storage/serve.ts, same headers).
  await app.register(async (files) => {
    markRoutes(files, { public: true });
    if (storage.kind === 'local') {
      const uploads = uploadsDir(config.dataDir);
      mkdirSync(uploads, { recursive: true });
      await files.register(fastifyStatic, { root: uploads, prefix: '/uploads/', decorateReply: false, ...UPLOADS_SERVING });
    } else {
      await registerMediaServing(files, storage.media);
    }
    await files.register(publicRoutes);
    if (config.webDist && existsSync(config.webDist)) {
      await files.register(fastifyStatic, { root: config.webDist, prefix: '/', wildcard: false, decorateReply: true });
    }
  });

  await app.register(registerModules, { prefix: '/api' });

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' && !isApiOrFilePath(request.url);
    const page = config.webDist && path.join(config.webDist, 'index.html');
    if (wantsPage && page && existsSync(page)) {
      // Single-page app: every client route is served the same page (read each time: a rebuild shows at once).
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(await readFile(page));
    }
    return reply.code(404).send({ success: false, message: 'Ressource introuvable' });
  });

  return app;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count (« 1 » behind one reverse proxy, as docs/operations.md and
 * compose.yaml set it) becomes a function trusting that many hops: Fastify 5.12 answers a bare number
 * by trusting nothing (so that a client reaching the node directly cannot choose its address), which
 * made every user the proxy's address and let five failed sign-ins anywhere lock everyone out. A hop
 * count is for nodes only the proxy reaches; give the proxies' addresses otherwise.
 */
function trustProxyOption(value: boolean | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** Gives every route registered in this scope the same access rule (see plugins/auth.ts). */
function markRoutes(scope: FastifyInstance, access: { public: true } | { action: 'self' }) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), ...access };
  });
}

/**
 * Whether an unmatched URL names the API or the uploads, however it is spelt: those get the JSON 404,
 * every other GET the web app's page. This only picks the body of a 404; access is never decided here.
 */
function isApiOrFilePath(url: string): boolean {
  let p = url.split(/[?#]/, 1)[0];
  for (let k = 0; k < 3 && p.includes('%'); k++) {
    try {
      p = decodeURIComponent(p);
    } catch {
      return true;
    }
  }
  const raw = p.replace(/\\/g, '/').toLowerCase();
  return [raw.replace(/\/+/g, '/'), path.posix.normalize(raw)].some((q) => q.startsWith('/api') || q.startsWith('/uploads'));
}
