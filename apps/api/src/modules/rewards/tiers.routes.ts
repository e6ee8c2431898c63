import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../lib/crud/crud.routes';
import { couponsResource } from './coupons.resource';
import { ristournesResource } from './ristournes.resource';
import { segmentationRoutes } from './segmentation.routes';

/** Coupons, rebate tiers and the turnover segmentation. */
export async function tiersRoutes(app: FastifyInstance) {
  registerResource(app, couponsResource);
  registerResource(app, ristournesResource);
  await segmentationRoutes(app);
}
