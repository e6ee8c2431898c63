import { APP_API_TAG } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { appCatalogueRoutes } from './app-catalogue.routes';
import { appOrdersRoutes } from './app-orders.routes';
import { appGiftsRoutes } from './app-gifts.routes';
import { appInboxRoutes } from './app-inbox.routes';
import { appWalletRoutes } from './app-wallet.routes';
import { appAccountRoutes } from './app-account.routes';
import { appAuthRoutes } from './app-auth.routes';

/**
 * The mobile app's API, mounted at /api/app/v1. Every route registered in this scope is
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
  await fastify.register(appCatalogueRoutes);
  await fastify.register(appOrdersRoutes);
  await fastify.register(appGiftsRoutes);
  await fastify.register(appWalletRoutes);
  await fastify.register(appInboxRoutes);
}
