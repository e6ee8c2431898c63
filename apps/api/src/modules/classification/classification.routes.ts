import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../lib/crud/crud.routes';
import { activitiesResource } from './activities.resource';
import { categoriesResource } from './categories.resource';
import { circuitsResource } from './circuits.resource';
import { clientTypesResource } from './client-types.resource';

/** Client classification: types, circuits, activities, categories. */
export async function classificationRoutes(app: FastifyInstance) {
  registerResource(app, clientTypesResource);
  registerResource(app, circuitsResource);
  registerResource(app, activitiesResource);
  registerResource(app, categoriesResource);
}
