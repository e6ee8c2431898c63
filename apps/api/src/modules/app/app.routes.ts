import { APP_API_TAG } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { appCatalogueRoutes } from './app-catalogue.routes';
import { appOrdersRoutes } from './app-orders.routes';
import { appGiftsRoutes } from './app-gifts.routes';
import { appInboxRoutes } from './app-inbox.routes';
import { appWalletRoutes } from './app-wallet.routes';

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
    (route.schema as { tags?: string[] }).tags = [APP_API_TAG];
  });
  // Each part of the app API registers here (one line per file of this folder).
  await fastify.register(appCatalogueRoutes);
  await fastify.register(appOrdersRoutes);
  await fastify.register(appGiftsRoutes);
  await fastify.register(appWalletRoutes);
  await fastify.register(appInboxRoutes);
}
