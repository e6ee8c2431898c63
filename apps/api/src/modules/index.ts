import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { type DemoSeed, runDemoSeedsIfEmpty } from '../db/seed-demo';
import { catalogueRoutes, productsRoutes, seedCatalogue } from './catalogue';
import { classificationRoutes, seedClassification } from './classification';
import { communicationRoutes, seedTemplates } from './communication';
import { clientsRoutes, seedClients } from './clients';
import { fluxRoutes, seedFlux } from './flux';
import { logsRoutes, seedConnectionLogs } from './logs';
import { badgesRoutes, ledgerRoutes, lotsRoutes, pointsRoutes, registerPointsExpiry, seedBadges, seedPointsExpiry } from './loyalty';
import { ordersRoutes, returnsRoutes, seedOrders, seedReturns } from './orders';
import { fulfilmentRoutes, rebateGenerationRoutes, rewardsCatalogRoutes, seedRewards, tiersRoutes, voucherPurchasesRoutes } from './rewards';
import { seedSiteSettings, settingsRoutes } from './settings';
import { seedShowcase, showcaseRoutes } from './showcase';
import { seedSite, siteRoutes } from './site';
import { seedStaff, staffRoutes } from './staff';
import { seedWebhooks, webhooksRoutes } from './webhooks';
import { authRoutes, registerAuthHousekeeping } from './auth';
import { systemRoutes } from './system';

import { dashboardRoutes } from './dashboard';
import { syncRoutes } from './sync';
import { appRoutes } from './app';
import { viewsRoutes } from './views';
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
export const seedDemoIfEmpty = (db: Db, password: string, uploads?: ObjectStore): Promise<boolean> => runDemoSeedsIfEmpty(db, DEMO_SEEDS, password, uploads);
