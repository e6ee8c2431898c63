import { APP_API_TAG } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { appAccountRoutes } from './app-account.routes';
import { appAuthRoutes } from './app-auth.routes';

/**
 * The mobile app's API (issue 24 §1), mounted at /api/app/v1. Every route registered in this scope is
 * an app route (`config.app`: an app access token, never a staff one; plugins/auth.ts) unless it
 * declares itself `public` (sign-in, refresh, registration), and is documented under its own tag.
 */
export async function appRoutes(fastify: FastifyInstance) {
  fastify.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { public?: boolean; app?: boolean };
    route.config = config.public ? config : { ...config, app: true };
    route.schema ??= {};
    const schema = route.schema as { tags?: string[]; security?: unknown[] };
    schema.tags = [APP_API_TAG];
    // The OpenAPI document names the app's own bearer token (app.ts), none for the public calls.
    schema.security = config.public ? [] : [{ appBearer: [] }];
  });
  // Each part of the app API registers here (one line per file of this folder).
  await fastify.register(appAuthRoutes);
  await fastify.register(appAccountRoutes);
}
