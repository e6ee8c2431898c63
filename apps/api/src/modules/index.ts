import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes';
import { classificationRoutes } from './classification/classification.routes';
import { badgesRoutes } from './loyalty/badges.routes';
import { clientsRoutes } from './contacts/clients.routes';
import { pointsRoutes } from './loyalty/points.routes';
import { communicationRoutes } from './communication/communication.routes';
import { systemRoutes } from './system/system.routes';
import { staffRoutes } from './staff/staff.routes';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import { productsRoutes } from './catalogue/products.routes';
import { ordersRoutes } from './orders/orders.routes';
import { returnsRoutes } from './orders/returns.routes';
import { rewardsCatalogRoutes } from './rewards/catalog.routes';
import { tiersRoutes } from './rewards/tiers.routes';
import { fulfilmentRoutes } from './rewards/fulfilment.routes';
import { voucherPurchasesRoutes } from './rewards/voucher-purchases.routes';
import { rebateGenerationRoutes } from './rewards/rebate-generation.routes';
import { siteRoutes } from './site/site.routes';

import { logsRoutes } from './logs/logs.routes';
import { showcaseRoutes } from './showcase/showcase.routes';
import { settingsRoutes } from './settings/settings.routes';
import { fluxRoutes } from './flux/flux.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { syncRoutes } from './sync/sync.routes';

/** Every API module, mounted under /api. */
export async function registerModules(app: FastifyInstance) {
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(classificationRoutes);
  await app.register(clientsRoutes);
  await app.register(pointsRoutes);
  await app.register(badgesRoutes);
  await app.register(communicationRoutes);
  await app.register(staffRoutes);
  await app.register(catalogueRoutes);
  await app.register(productsRoutes);
  await app.register(ordersRoutes);
  await app.register(returnsRoutes);
  await app.register(rewardsCatalogRoutes);
  await app.register(tiersRoutes);
  await app.register(fulfilmentRoutes);
  await app.register(voucherPurchasesRoutes);
  await app.register(rebateGenerationRoutes);
  await app.register(siteRoutes);
  await app.register(logsRoutes);
  await app.register(showcaseRoutes);
  await app.register(settingsRoutes);
  await app.register(fluxRoutes);
  await app.register(dashboardRoutes);
  await app.register(syncRoutes);
}
