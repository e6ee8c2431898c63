import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes';
import { classificationRoutes } from './classification/classification.routes';
import { systemRoutes } from './system/system.routes';

/** Every API module, mounted under /api. */
export async function registerModules(app: FastifyInstance) {
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(classificationRoutes);
}
