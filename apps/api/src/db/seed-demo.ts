import path from 'node:path';
import { sql } from 'drizzle-orm';
import { solidPng } from '../lib/png';
import { clientActivities, clientCategories, clientCircuits, clientTypes } from '../modules/classification/classification.table';
import { users } from '../lib/auth/accounts.table';
import { saveMedia } from '../lib/media/media.service';
import type { Db } from './client';
import { seedDemoAccounts } from './seed-accounts';
import { seedTemplates } from '../modules/communication/communication.seed';
import { seedClients } from '../modules/contacts/clients.seed';
import { seedBadges } from '../modules/loyalty/badges.seed';
import { seedStaff } from '../modules/staff/staff.seed';
import { seedCatalogue } from '../modules/catalogue/catalogue.seed';
import { seedOrders } from '../modules/orders/orders.seed';
import { seedReturns } from '../modules/orders/returns.seed';
import { seedRewards } from '../modules/rewards/rewards.seed';
import { seedSite } from '../modules/site/site.seed';
import { seedConnectionLogs } from '../modules/logs/logs.seed';
import { seedShowcase } from '../modules/showcase/showcase.seed';
import { seedSiteSettings } from '../modules/settings/settings.seed';
import { seedFlux } from '../modules/flux/flux.seed';

/** A realistic Tunisian classification for the demo (embedded database only). */
const TYPES: [string, [number, number, number]][] = [
  ['Grossiste', [71, 84, 203]],
  ['Détaillant', [49, 170, 120]],
  ['Superette', [249, 58, 11]],
  ['Pâtisserie', [180, 90, 160]],
  ['Café & Salon de thé', [120, 80, 40]],
  ['Hôtel & Restaurant', [30, 120, 180]],
];

const CIRCUITS: [string, string][] = [
  ['Traditionnel', 'Épiceries, kiosques et commerces de proximité.'],
  ['Moderne', 'Grandes et moyennes surfaces, superettes organisées.'],
  ['CHR', 'Cafés, hôtels et restaurants.'],
  ['Grossistes', 'Distributeurs et dépôts régionaux.'],
];

// [name, code, circuit, e-commerce, fidélité, remise/ristourne, description]
const ACTIVITIES: [string, string, string, number, number, number, string][] = [
  ['Épicerie fine', 'EPF', 'Traditionnel', 1, 1, 0, 'Produits fins et importés.'],
  ['Épicerie générale', 'EPG', 'Traditionnel', 1, 1, 1, 'Commerce de proximité.'],
  ['Kiosque', 'KIO', 'Traditionnel', 0, 1, 0, 'Points de vente de rue.'],
  ['Superette', 'SUP', 'Moderne', 1, 1, 1, 'Libre-service de quartier.'],
  ['Hypermarché', 'HYP', 'Moderne', 1, 0, 1, 'Grande distribution.'],
  ['Café', 'CAF', 'CHR', 0, 1, 0, 'Cafés et salons de thé.'],
  ['Restaurant', 'RES', 'CHR', 1, 1, 0, 'Restauration assise et rapide.'],
  ['Hôtel', 'HOT', 'CHR', 1, 0, 1, 'Hôtellerie et résidences.'],
  ['Dépôt régional', 'DEP', 'Grossistes', 1, 0, 1, 'Distribution régionale.'],
];

// [name, activity code, description]
const CATEGORIES: [string, string, string][] = [
  ['Épicerie A', 'EPG', 'Chiffre d’affaires élevé, emplacement central.'],
  ['Épicerie B', 'EPG', 'Chiffre d’affaires moyen.'],
  ['Superette urbaine', 'SUP', 'Grand Tunis, Sfax, Sousse.'],
  ['Superette régionale', 'SUP', 'Villes de l’intérieur.'],
  ['Café de quartier', 'CAF', null as unknown as string],
  ['Restaurant touristique', 'RES', 'Zones touristiques : Hammamet, Djerba, Tabarka.'],
  ['Hôtel 4-5 étoiles', 'HOT', 'Hôtels classés.'],
  ['Dépôt Nord', 'DEP', 'Bizerte, Béja, Jendouba.'],
  ['Dépôt Sud', 'DEP', 'Gabès, Médenine, Tataouine.'],
];

export async function seedDemoIfEmpty(db: Db, password: string, dataDir?: string): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if (n > 0) return false;
  await seedDemoAccounts(db, password);
  await seedClassification(db, dataDir);
  // One story across the screens: the same zone chiefs, badges and clients everywhere.
  await seedStaff(db, password);
  await seedBadges(db, dataDir ? path.join(dataDir, 'uploads') : undefined);
  await seedTemplates(db);
  await seedClients(db, password);
  // The catalogue, then the clients' orders of it (with their points in the ledger).
  const catalogue = await seedCatalogue(db, dataDir);
  await seedOrders(db, catalogue);
  await seedReturns(db, catalogue);
  // Gifts bought with those points, their units on the way, vouchers, tiers and coupons.
  await seedRewards(db, dataDir ? path.join(dataDir, 'uploads') : undefined);
  // The public website's pages, sections and blocks (issue 9 §1).
  await seedSite(db, dataDir ? path.join(dataDir, 'uploads') : undefined);
  // Who connected, from the app and the back-office, since 2021 (issue 10 §3).
  await seedConnectionLogs(db);
  // The public website's services, partner tools, gallery and contact requests.
  await seedShowcase(db, dataDir ? path.join(dataDir, 'uploads') : undefined);
  // The banner, the pop-up, the configuration entries and the company details (issue 9 §5).
  await seedSiteSettings(db, dataDir ? path.join(dataDir, 'uploads') : undefined);
  // Notifications sent to the clients' app over the last months (issue 9 §3).
  await seedFlux(db);
  return true;
}

export async function seedClassification(db: Db, dataDir?: string) {
  const types = await db
    .insert(clientTypes)
    .values(TYPES.map(([name], i) => ({ name, position: i + 1 })))
    .returning();
  if (dataDir) {
    for (const [i, t] of types.entries()) {
      await saveMedia(db, path.join(dataDir, 'uploads'), {
        entity: 'typeclients',
        entityId: t.id,
        collection: 'image',
        family: 'image',
        fileName: `${t.name}.png`,
        buffer: solidPng(96, 96, TYPES[i][1]),
        replace: true,
      });
    }
  }
  const circuits = await db
    .insert(clientCircuits)
    .values(CIRCUITS.map(([name, description]) => ({ name, description })))
    .returning();
  const circuitId = new Map(circuits.map((c) => [c.name, c.id]));
  const activities = await db
    .insert(clientActivities)
    .values(
      ACTIVITIES.map(([name, code, circuit, e, f, r, description]) => ({
        name,
        code,
        circuitId: circuitId.get(circuit)!,
        eCommerce: e,
        fidelite: f,
        remiseRistourne: r,
        description,
      })),
    )
    .returning();
  const activityId = new Map(activities.map((a) => [a.code, a.id]));
  await db.insert(clientCategories).values(
    CATEGORIES.map(([name, code, description]) => ({ name, activityId: activityId.get(code)!, description })),
  );
}
