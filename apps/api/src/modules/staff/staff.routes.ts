import type { FastifyInstance } from 'fastify';
import { chefZoneRoutes } from './chef-zone.routes';
import { clientUsersRoutes } from './client-users.routes';
import { usersRoutes } from './users.routes';

/** Staff accounts: zone chiefs and back-office users. */
export async function staffRoutes(app: FastifyInstance) {
  await app.register(chefZoneRoutes);
  await app.register(usersRoutes);
  await app.register(clientUsersRoutes);
}
