import type { FastifyInstance } from 'fastify';
import { privacyPolicyHtml } from './privacy.html';

/** Public pages served by the server itself (outside /api, no session). */
export async function publicRoutes(app: FastifyInstance) {
  const page = privacyPolicyHtml(app.config.CONTACT_EMAIL);
  app.get('/Eskimo_privacy_policy_fr.html', { schema: { hide: true } }, async (_req, reply) => reply.type('text/html; charset=utf-8').send(page));
}
