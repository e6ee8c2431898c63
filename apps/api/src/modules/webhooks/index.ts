/** What the webhooks module offers the other modules: they import it from here only, never from its files (biome.json). */
export { webhooksRoutes } from './webhooks.routes';
export { seedWebhooks } from './webhooks.seed';
