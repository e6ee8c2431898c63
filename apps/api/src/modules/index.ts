import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { type DemoSeed, runDemoSeedsIfEmpty } from '../db/seed-demo';
import { seedCatalogue } from './catalogue/catalogue.seed';
import { seedClassification } from './classification/classification.seed';
import { seedTemplates } from './communication/communication.seed';
import { seedClients } from './contacts/clients.seed';
import { seedFlux } from './flux/flux.seed';
import { seedConnectionLogs } from './logs/logs.seed';
import { seedBadges } from './loyalty/badges.seed';
import { seedPointsExpiry } from './loyalty/points.seed';
import { seedOrders } from './orders/orders.seed';
import { seedReturns } from './orders/returns.seed';
import { seedRewards } from './rewards/rewards.seed';
import { seedSiteSettings } from './settings/settings.seed';
import { seedShowcase } from './showcase/showcase.seed';
import { seedSite } from './site/site.seed';
import { seedStaff } from './staff/staff.seed';
import { seedWebhooks } from './webhooks/webhooks.seed';
import { registerAuthHousekeeping } from './auth/auth.housekeeping';
import { registerPointsExpiry } from './loyalty/points.expiry';
import { authRoutes } from './auth/auth.routes';
import { classificationRoutes } from './classification/classification.routes';
import { badgesRoutes } from './loyalty/badges.routes';
import { clientsRoutes } from './contacts/clients.routes';
import { ledgerRoutes } from './loyalty/ledger.routes';
import { lotsRoutes } from './loyalty/lots.routes';
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
import { appRoutes } from './app/app.routes';
import { webhooksRoutes } from './webhooks/webhooks.routes';
import { viewsRoutes } from './views/views.routes';
import type { ObjectStore } from '../lib/storage';
import { exportJobsRoutes } from '../lib/exports/jobs/export-jobs.routes';

/** Every API module, mounted under /api. */
export async function registerModules(app: FastifyInstance) {
  await app.register(systemRoutes);
  await app.register(authRoutes);
  registerAuthHousekeeping(app);
  await app.register(classificationRoutes);
  await app.register(clientsRoutes);
  await app.register(pointsRoutes);
  await app.register(lotsRoutes);
  await app.register(ledgerRoutes);
  registerPointsExpiry(app);
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
  await app.register(webhooksRoutes);
  await app.register(viewsRoutes);
  await app.register(exportJobsRoutes);
  // The mobile app's API, its own tokens and tag.
  await app.register(appRoutes, { prefix: '/app/v1' });
}

/**
 * The demo data, one seed per module, in the order they run after the demo accounts (db/seed-demo.ts).
 * One story across the screens: the same zone chiefs, badges and clients everywhere.
 */
export const DEMO_SEEDS: readonly DemoSeed[] = [
  (db, { uploads }) => seedClassification(db, uploads),
  (db, { password }) => seedStaff(db, password),
  (db, { uploads }) => seedBadges(db, uploads),
  (db) => seedTemplates(db),
  (db, { password }) => seedClients(db, password),
  // The catalogue, then the clients' orders of it (with their points in the ledger) and returns.
  async (db, { uploads }) => {
    const catalogue = await seedCatalogue(db, uploads);
    await seedOrders(db, catalogue);
    await seedReturns(db, catalogue);
  },
  // Gifts bought with those points, their units on the way, vouchers, tiers and coupons.
  (db, { uploads }) => seedRewards(db, uploads),
  // Points expiring 12 months after their credit, some of them within the month.
  (db) => seedPointsExpiry(db),
  // The public website's pages, sections and blocks.
  (db, { uploads }) => seedSite(db, uploads),
  // Who connected, from the app and the back-office, since 2021.
  (db) => seedConnectionLogs(db),
  // The public website's services, partner tools, gallery and contact requests.
  (db, { uploads }) => seedShowcase(db, uploads),
  // The banner, the pop-up, the configuration entries and the company details.
  (db, { uploads }) => seedSiteSettings(db, uploads),
  // Notifications sent to the clients' app over the last months.
  (db) => seedFlux(db),
  // Two disabled webhooks with some deliveries of each outcome.
  (db) => seedWebhooks(db),
];

/** Seeds an empty database with the demo (accounts, then DEMO_SEEDS); false when it already has accounts. */
export const seedDemoIfEmpty = (db: Db, password: string, uploads?: ObjectStore): Promise<boolean> =>
  runDemoSeedsIfEmpty(db, DEMO_SEEDS, password, uploads);
