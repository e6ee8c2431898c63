import { saveMedia } from '../../lib/media/media.service';
import type { ObjectStore } from '../../lib/storage';
import { solidPng } from '../../lib/png';
import type { Db } from '../../db/client';
import { clientActivities, clientCategories, clientCircuits, clientTypes } from '../../lib/clients/classification.table';

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

export async function seedClassification(db: Db, uploads?: ObjectStore) {
  const types = await db
    .insert(clientTypes)
    .values(TYPES.map(([name], i) => ({ name, position: i + 1 })))
    .returning();
  if (uploads) {
    for (const [i, t] of types.entries()) {
      await saveMedia(db, uploads, {
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
  await db.insert(clientCategories).values(CATEGORIES.map(([name, code, description]) => ({ name, activityId: activityId.get(code)!, description })));
}
