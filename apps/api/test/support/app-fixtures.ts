import { ROLE, todayInTunis } from '@app/domain';
import type { Db } from '../../src/db/client';
import { users } from '../../src/lib/auth/accounts.table';
import { ensureRoles } from '../../src/db/seed-accounts';
import { brands, productCategories, productPoints, products, subCategories, tarifs } from '../../src/modules/catalogue/catalogue.table';
import { clientCircuits } from '../../src/lib/clients/classification.table';
import { clients } from '../../src/lib/clients/clients.table';

/** A calendar day of Tunis, `days` from today (YYYY-MM-DD). */
export const tunisDay = (days: number) => todayInTunis(new Date(Date.now() + days * 86_400_000));

/**
 * A small priced catalogue for the app's tests: two circuits, a client in each and one without, an app
 * user (role patente) per client, products visible and hidden, new ones, price lists and point periods
 * covering today or not.
 */
export async function appCatalogue(db: Db) {
  const roleIds = await ensureRoles(db);
  const [retail, wholesale] = await db
    .insert(clientCircuits)
    .values([{ name: 'Détail test' }, { name: 'Gros test' }])
    .returning();
  const [a, b, c] = await db
    .insert(clients)
    .values([
      { code: 'APP-A', name: 'Épicerie Amal', circuitId: retail.id, status: 1, address: '3 rue de Rome, Tunis', site: 'Tunis Nord', gouvernorat: 'Tunis' },
      { code: 'APP-B', name: 'Superette Baraka', circuitId: wholesale.id, status: 1, address: '8 avenue Habib Bourguiba, Sousse' },
      { code: 'APP-C', name: 'Café Carthage', status: 1 },
    ])
    .returning();
  const user = (email: string, clientId: number) => ({
    email,
    passwordHash: 'x',
    firstname: 'Sami',
    lastname: 'Test',
    roleId: roleIds.get(ROLE.patente)!,
    clientId,
    status: 1,
  });
  await db
    .insert(users)
    .values([
      user('sami.a@client.test.tn', a.id),
      user('sami.a2@client.test.tn', a.id),
      user('sami.b@client.test.tn', b.id),
      user('sami.c@client.test.tn', c.id),
    ]);
  const [oils, drinks] = await db
    .insert(productCategories)
    .values([
      { code: 'T-HUI', name: 'Huiles test', label: 'Huiles', ordre: 2 },
      { code: 'T-BOI', name: 'Boissons test', label: 'Boissons', ordre: 1 },
    ])
    .returning();
  const [olive, sunflower] = await db
    .insert(subCategories)
    .values([
      { name: 'Olive test', label: 'Olive', categoryId: oils.id },
      { name: 'Tournesol test', label: 'Tournesol', categoryId: oils.id },
    ])
    .returning();
  const [brand] = await db.insert(brands).values({ name: 'Marque test' }).returning();
  const p = (ref: string, label: string, over: Partial<typeof products.$inferInsert> = {}) => ({
    ref,
    label,
    priceHt: '10.000',
    priceTtc: '11.900',
    points: 10,
    position: 0,
    brandId: brand.id,
    ...over,
  });
  const [olive1, olive2, hidden, sun1, juice1, juice2] = await db
    .insert(products)
    .values([
      p('TST-OLV-1', 'Huile d’olive extra 1 L', { categoryId: oils.id, subCategoryId: olive.id, position: 1 }),
      p('TST-OLV-2', 'Huile d’olive extra 2 L', { categoryId: oils.id, subCategoryId: olive.id, position: 2, priceHt: '0', priceTtc: '20.000', points: 20 }),
      p('TST-OLV-3', 'Huile d’olive retirée', { categoryId: oils.id, subCategoryId: olive.id, position: 3, visible: 0 }),
      p('TST-SUN-1', 'Huile de tournesol 1 L', { categoryId: oils.id, subCategoryId: sunflower.id, position: 4, isNew: 1, orderNew: 2 }),
      p('TST-JUS-1', 'Jus d’orange 1 L', { categoryId: drinks.id, position: 5, isNew: 1, orderNew: 1, priceHt: '2.000', priceTtc: '2.380', points: 2 }),
      p('TST-JUS-2', 'Jus de pomme 1 L', { categoryId: drinks.id, position: 6, priceHt: '2.100', priceTtc: '2.499', points: 3 }),
    ])
    .returning();
  await db.insert(tarifs).values([
    // Retail, today: PHT 9.000 on a product at 10.000 HT / 11.900 TTC → 9 × 11.9 / 10 = 10.710 TTC.
    { productId: olive1.id, circuitId: retail.id, remise: '10', pht: '9.000', startDate: tunisDay(-10), endDate: tunisDay(10) },
    // Retail, over: never applies.
    { productId: olive1.id, circuitId: retail.id, remise: '50', pht: '5.000', startDate: tunisDay(-60), endDate: tunisDay(-11) },
    // Wholesale, not yet.
    { productId: olive1.id, circuitId: wholesale.id, remise: '20', pht: '8.000', startDate: tunisDay(1), endDate: tunisDay(30) },
    // Retail, today, on a product without PRICE_HT: its TTC less the REMISE, 20 × 0.875 = 17.500.
    { productId: olive2.id, circuitId: retail.id, remise: '12.5', pht: '0', startDate: tunisDay(0), endDate: tunisDay(0) },
    // Wholesale, today: 1.777 × 2.499 / 2.1 = 2.11463, rounded to the millime 2.115.
    { productId: juice2.id, circuitId: wholesale.id, remise: '15.381', pht: '1.777', startDate: tunisDay(-1), endDate: tunisDay(1) },
    // On the hidden product: it still is not sold.
    { productId: hidden.id, circuitId: retail.id, remise: '10', pht: '1.000', startDate: tunisDay(-1), endDate: tunisDay(1) },
  ]);
  await db.insert(productPoints).values([
    { productId: olive1.id, points: 25, dateDebut: tunisDay(-5), dateFin: tunisDay(5) },
    { productId: juice1.id, points: 99, dateDebut: tunisDay(-30), dateFin: tunisDay(-1) },
  ]);
  return {
    circuits: { retail, wholesale },
    clients: { a, b, c },
    categories: { oils, drinks },
    ranges: { olive, sunflower },
    products: { olive1, olive2, hidden, sun1, juice1, juice2 },
  };
}
