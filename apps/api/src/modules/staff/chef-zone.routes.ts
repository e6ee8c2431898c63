import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../lib/crud/crud.routes';
import { zoneChiefsResource } from './staff.resource';

/**
 * Zone chiefs: accounts of role chefZone with a
 * CODE_CHEF_ZONE, signing in with their email and password like any staff account. List, export,
 * read, create, update and delete are the generic router's, on the slice of the users table the
 * resource declares; any other account's id is 404 here.
 */
export async function chefZoneRoutes(app: FastifyInstance) {
  registerResource(app, zoneChiefsResource);
}
