import type { FastifyInstance } from 'fastify';
import { invitationsRoutes } from './invitations.routes';
import { templatesRoutes } from './templates.routes';

/** Communication: message templates and invitations. */
export async function communicationRoutes(app: FastifyInstance) {
  await app.register(templatesRoutes);
  await app.register(invitationsRoutes);
}
