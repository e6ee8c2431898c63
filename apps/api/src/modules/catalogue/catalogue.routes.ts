import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../lib/crud/crud.routes';
import { productCategoriesResource } from './categories.resource';
import { subCategoriesResource } from './sub-categories.resource';
import { tarifsResource } from './tarifs.resource';

/** Catalogue referential: product categories, ranges, price lists. */
export async function catalogueRoutes(app: FastifyInstance) {
  registerResource(app, productCategoriesResource);
  registerResource(app, subCategoriesResource);
  registerResource(app, tarifsResource);
}
