import { JobEngine } from './lib/jobs/engine';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MAX_FILE_SIZE } from '@app/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import type { Db, DbHandle } from './db/client';
import { registerModules } from './modules';
import { publicRoutes } from './modules/public/public.routes';
import { registerAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { errorReply } from './lib/replies';
import { createMailer, type Mailer } from './plugins/mail';
import { registerSanitize } from './plugins/sanitize';

z.config(z.locales.fr());

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbHandle: DbHandle;
    mailer: Mailer;
    jobs: JobEngine;
  }
}

export interface BuildOptions {
  config: Config;
  database: DbHandle;
  mailer?: Mailer;
  logger?: boolean;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger === false || config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    bodyLimit: 1_048_576,
    // Fastify accepts a hop count at run time; its typings only list string | boolean.
    trustProxy: config.TRUST_PROXY as string | boolean,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', opts.database.db);
  app.decorate('dbHandle', opts.database);
  app.decorate('mailer', opts.mailer ?? createMailer(config, app.log));
  app.decorate('jobs', new JobEngine(opts.database));
  app.addHook('onClose', async () => app.jobs.stop());

  registerErrorHandling(app);
  // Every documented route also documents (and serialises) the one error envelope of the API.
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
    if (!schema || schema.hide || !route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    schema.response = { ...schema.response, '4xx': errorReply, '5xx': errorReply };
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Back-office Fidélité — API', version: '0.1.0', description: 'Réponses { success, data, meta? } ; erreurs { success: false, message, errors? }.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(multipart, { limits: { fileSize: MAX_FILE_SIZE, files: 1, fields: 50, fieldSize: 100_000 } });

  const uploads = path.join(config.dataDir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  await app.register(fastifyStatic, { root: uploads, prefix: '/uploads/', decorateReply: false, index: false });

  registerAuth(app);
  registerSanitize(app);

  await app.register(registerModules, { prefix: '/api' });
  await app.register(publicRoutes);

  if (config.webDist && existsSync(config.webDist)) {
    await app.register(fastifyStatic, { root: config.webDist, prefix: '/', wildcard: false, decorateReply: true });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api') && !request.url.startsWith('/uploads');
    if (wantsPage && config.webDist && existsSync(path.join(config.webDist, 'index.html'))) {
      // Single-page app: every client route is served the same page.
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ success: false, message: 'Ressource introuvable' });
  });

  return app;
}
