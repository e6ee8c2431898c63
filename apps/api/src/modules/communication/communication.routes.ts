import type { FastifyInstance } from 'fastify';
import { invitationsRoutes } from './invitations.routes';
import { templatesRoutes } from './templates.routes';

/** Communication (spec 3 §2.7; spec 1 invitations): message templates and invitations. */
export async function communicationRoutes(app: FastifyInstance) {
  await app.register(templatesRoutes);
  await app.register(invitationsRoutes);
}
