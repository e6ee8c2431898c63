import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../lib/crud/crud.routes';
import { contactRequestsResource } from './contacts.resource';
import { galleryResource } from './gallery.resource';
import { publicShowcaseRoutes } from './public-showcase.routes';
import { serviceTypeRoutes } from './service-types.routes';
import { homeServicesResource, websiteServicesResource } from './services.resource';
import { partnerToolsResource } from './tools.resource';

/** The website's showcase: services, home services, partner tools, gallery, contact requests. */
export async function showcaseRoutes(app: FastifyInstance) {
  registerResource(app, websiteServicesResource);
  await app.register(serviceTypeRoutes);
  registerResource(app, homeServicesResource);
  registerResource(app, partnerToolsResource);
  registerResource(app, galleryResource);
  registerResource(app, contactRequestsResource);
  await app.register(publicShowcaseRoutes);
}
