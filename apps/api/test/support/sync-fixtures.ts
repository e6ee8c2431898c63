import type { Db } from '../../src/db/client';
import { brands, productCategories, products } from '../../src/modules/catalogue/catalogue.table';
import { clientActivities, clientCategories, clientCircuits, clientTypes } from '../../src/lib/clients/classification.table';
import { clients } from '../../src/lib/clients/clients.table';

/** What the sync tests import against: classification, two product categories, a brand, a product, two clients. */
export async function syncFixtures(db: Db) {
  const [circuit] = await db
    .insert(clientCircuits)
    .values([{ name: 'Traditionnel' }, { name: 'Moderne' }])
    .returning();
  await db.insert(clientTypes).values({ name: 'Détaillant' });
  const [act] = await db.insert(clientActivities).values({ name: 'Épicerie générale', code: 'EPG', circuitId: circuit.id, remiseRistourne: 1 }).returning();
  await db.insert(clientCategories).values({ name: 'Épicerie A', activityId: act.id });
  const [caf] = await db
    .insert(productCategories)
    .values([
      { code: 'CAF', name: 'Café', label: 'Cafés' },
      { code: 'BOI', name: 'Boissons', label: 'Boissons' },
    ])
    .returning();
  await db.insert(brands).values({ name: 'Nour' });
  const [product] = await db
    .insert(products)
    .values({ ref: 'CAF-0001', label: 'Café moulu 250 g', labelAr: 'قهوة', categoryId: caf.id, priceHt: '6.300', priceTtc: '7.497', qte: 10, points: 5 })
    .returning();
  const [c1, c2] = await db
    .insert(clients)
    .values([
      { code: 'C000001', name: 'Épicerie Ennasr', activityId: act.id },
      { code: 'C000002', name: 'Épicerie Lac' },
    ])
    .returning();
  return { productId: product.id, c1: c1.id, c2: c2.id };
}

export const PRODUCTS_CSV = [
  'REF;LABEL;LABEL_AR;CODE_CATEGORIE;PRICE_HT;PRICE_TTC;QTE;POINTS;BRAND',
  'DEMO-LAIT-1L;Lait demi-écrémé 1 L;حليب;BOI;1,150;1,369;500;2;Nour',
  'CAF-0001;Café moulu 250 g;قهوة;CAF;6,300;7,497;10;5;',
  'CAF-0002;Café en grains 1 kg;قهوة;CAF;20;23,800;40;12;',
].join('\r\n');

/** Windows-1252 bytes of a text (the ERP's Windows exports): é is 0xE9, not UTF-8's two bytes. */
export function cp1252(text: string): Buffer {
  const table: Record<string, number> = { '€': 0x80, '’': 0x92, œ: 0x9c };
  return Buffer.from([...text].map((ch) => table[ch] ?? ch.charCodeAt(0)));
}
