import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../lib/crud/crud.routes';
import { auditTrailResource } from './audit-trail.resource';
import { logsResource } from './logs.resource';

/** Connection logs and the audit trail: read-only lists with their exports. */
export async function logsRoutes(app: FastifyInstance) {
  registerResource(app, logsResource);
  registerResource(app, auditTrailResource);
}
