import { formatPercent, todayInTunis } from '@app/domain';
import type { Db } from '../../db/client';
import { solidPng } from '../../lib/png';
import { clientCircuits } from '../../lib/clients/classification.table';
import { rng } from '../clients';
import { saveMedia } from '../../lib/media/media.service';
import type { ObjectStore } from '../../lib/storage';
import { brands, productCategories, productPoints, products, subCategories, tarifs } from './catalogue.table';

/** Media collections of the catalogue's images (the names the resources declare). */
export const CATALOGUE_MEDIA = { products: 'images', categories: 'image', ranges: 'image' } as const;

type Rgb = [number, number, number];
// [code, name, label, colour, ranges [name, label][]]
const CATEGORIES: [string, string, string, Rgb, [string, string][]][] = [
  [
    'CAF',
    'Café',
    'Cafés torréfiés, moulus et en grains',
    [110, 70, 40],
    [
      ['Café moulu', 'Mouture fine et traditionnelle'],
      ['Café en grains', 'Grains torréfiés pour machines'],
    ],
  ],
  [
    'THE',
    'Thé & infusions',
    'Thés verts, noirs et plantes',
    [40, 120, 60],
    [
      ['Thé', 'Thés verts et noirs'],
      ['Infusions', 'Verveine, menthe et tisanes'],
    ],
  ],
  [
    'HUI',
    'Huiles',
    'Huiles d’olive et végétales',
    [150, 140, 30],
    [
      ['Huile d’olive', 'Vierge extra et courante'],
      ['Huiles végétales', 'Tournesol et mélanges'],
    ],
  ],
  [
    'PAT',
    'Pâtes & couscous',
    'Pâtes, couscous et mhamsa',
    [190, 140, 60],
    [
      ['Pâtes', 'Pâtes longues et courtes'],
      ['Couscous', 'Fin, moyen et mhamsa'],
    ],
  ],
  [
    'CON',
    'Conserves',
    'Tomate, harissa, poisson',
    [170, 40, 40],
    [
      ['Tomate & harissa', 'Concentrés et condiments'],
      ['Poisson', 'Thon et sardines'],
    ],
  ],
  [
    'BIS',
    'Biscuits',
    'Biscuits, gaufrettes et gâteaux',
    [180, 100, 50],
    [
      ['Biscuits secs', 'Petit-déjeuner et goûter'],
      ['Biscuits fourrés', 'Fourrés et gaufrettes'],
    ],
  ],
  [
    'BOI',
    'Boissons',
    'Jus, eaux et boissons gazeuses',
    [30, 110, 170],
    [
      ['Jus', 'Jus et nectars'],
      ['Eaux & sodas', 'Eaux minérales et boissons gazeuses'],
    ],
  ],
  [
    'CHO',
    'Chocolat & confiserie',
    'Tablettes, bonbons et chewing-gums',
    [90, 50, 90],
    [
      ['Chocolat', 'Tablettes au lait et noires'],
      ['Confiserie', 'Bonbons et chewing-gums'],
    ],
  ],
];

const BRANDS: [string, string][] = [
  ['Dar Zitouna', 'Huiles et conserves du Sahel'],
  ['Bled El Khir', 'Pâtes et couscous'],
  ['Nour', 'Cafés et thés'],
  ['Cap Bon Gourmet', 'Conserves et condiments'],
  ['Sahel Délices', 'Biscuits et confiserie'],
  ['Oasis', 'Boissons'],
];
const BRAND_OF: Record<string, string> = {
  CAF: 'Nour',
  THE: 'Nour',
  HUI: 'Dar Zitouna',
  PAT: 'Bled El Khir',
  CON: 'Cap Bon Gourmet',
  BIS: 'Sahel Délices',
  BOI: 'Oasis',
  CHO: 'Sahel Délices',
};

type Size = [fr: string, ar: string, factor: number];
const WEIGHT: Size[] = [
  ['250 g', '250 غ', 0.25],
  ['500 g', '500 غ', 0.5],
  ['1 kg', '1 كغ', 1],
];
const SMALL: Size[] = [
  ['40 g', '40 غ', 0.04],
  ['100 g', '100 غ', 0.1],
  ['200 g', '200 غ', 0.2],
];
const VOLUME: Size[] = [
  ['33 cl', '330 مل', 0.33],
  ['1 L', '1 لتر', 1],
  ['1,5 L', '1.5 لتر', 1.5],
];
const OIL: Size[] = [
  ['1 L', '1 لتر', 1],
  ['2 L', '2 لتر', 2],
  ['5 L', '5 لتر', 5],
];

// [French name, Arabic name, category code, range index, sizes, price excl. tax per kg or litre in millimes, nature]
const BASES: [string, string, string, number, Size[], number, string][] = [
  ['Café moulu traditionnel', 'قهوة مطحونة تقليدية', 'CAF', 0, WEIGHT, 32_000, 'Alimentaire'],
  ['Café moulu arabica', 'قهوة أرابيكا مطحونة', 'CAF', 0, WEIGHT, 41_000, 'Alimentaire'],
  ['Café en grains espresso', 'قهوة إسبريسو حبوب', 'CAF', 1, WEIGHT, 45_000, 'Alimentaire'],
  ['Café turc à la cardamome', 'قهوة تركية بالهيل', 'CAF', 0, WEIGHT, 38_000, 'Alimentaire'],
  ['Thé vert de Chine', 'شاي أخضر صيني', 'THE', 0, WEIGHT, 24_000, 'Alimentaire'],
  ['Thé noir', 'شاي أسود', 'THE', 0, WEIGHT, 22_000, 'Alimentaire'],
  ['Infusion verveine', 'منقوع اللويزة', 'THE', 1, SMALL, 60_000, 'Alimentaire'],
  ['Infusion menthe', 'منقوع النعناع', 'THE', 1, SMALL, 55_000, 'Alimentaire'],
  ['Huile d’olive vierge extra', 'زيت زيتون بكر ممتاز', 'HUI', 0, OIL, 16_500, 'Alimentaire'],
  ['Huile d’olive', 'زيت زيتون', 'HUI', 0, OIL, 13_800, 'Alimentaire'],
  ['Huile végétale', 'زيت نباتي', 'HUI', 1, OIL, 5_200, 'Alimentaire'],
  ['Huile de tournesol', 'زيت عباد الشمس', 'HUI', 1, OIL, 6_900, 'Alimentaire'],
  ['Spaghetti', 'سباغيتي', 'PAT', 0, WEIGHT, 2_400, 'Alimentaire'],
  ['Macaroni', 'مقرونة', 'PAT', 0, WEIGHT, 2_400, 'Alimentaire'],
  ['Couscous fin', 'كسكسي رقيق', 'PAT', 1, WEIGHT, 2_900, 'Alimentaire'],
  ['Couscous moyen', 'كسكسي متوسط', 'PAT', 1, WEIGHT, 2_900, 'Alimentaire'],
  ['Mhamsa', 'محمصة', 'PAT', 1, WEIGHT, 3_400, 'Alimentaire'],
  ['Double concentré de tomate', 'طماطم مركزة مضاعفة', 'CON', 0, WEIGHT, 6_200, 'Alimentaire'],
  ['Harissa traditionnelle', 'هريسة تقليدية', 'CON', 0, SMALL, 11_000, 'Alimentaire'],
  ['Thon à l’huile d’olive', 'تن بزيت الزيتون', 'CON', 1, SMALL, 48_000, 'Alimentaire'],
  ['Sardines à l’huile', 'سردينة بالزيت', 'CON', 1, SMALL, 21_000, 'Alimentaire'],
  ['Biscuits secs', 'بسكويت جاف', 'BIS', 0, SMALL, 9_000, 'Alimentaire'],
  ['Madeleines', 'مادلين', 'BIS', 0, SMALL, 14_000, 'Alimentaire'],
  ['Gaufrettes au chocolat', 'قوفريت بالشوكولاطة', 'BIS', 1, SMALL, 12_500, 'Alimentaire'],
  ['Biscuits fourrés à la fraise', 'بسكويت محشو بالفراولة', 'BIS', 1, SMALL, 11_500, 'Alimentaire'],
  ['Jus d’orange', 'عصير برتقال', 'BOI', 0, VOLUME, 2_300, 'Boisson'],
  ['Jus de pêche', 'عصير خوخ', 'BOI', 0, VOLUME, 2_300, 'Boisson'],
  ['Eau minérale', 'ماء معدني', 'BOI', 1, VOLUME, 450, 'Boisson'],
  ['Boisson gazeuse au citron', 'مشروب غازي بالليمون', 'BOI', 1, VOLUME, 1_300, 'Boisson'],
  ['Tablette de chocolat au lait', 'لوح شوكولاطة بالحليب', 'CHO', 0, SMALL, 27_000, 'Confiserie'],
  ['Chocolat noir', 'شوكولاطة سوداء', 'CHO', 0, SMALL, 30_000, 'Confiserie'],
  ['Bonbons aux fruits', 'حلوى بالفواكه', 'CHO', 1, SMALL, 16_000, 'Confiserie'],
  ['Chewing-gum à la menthe', 'علكة بالنعناع', 'CHO', 1, SMALL, 20_000, 'Confiserie'],
];
// [French suffix, Arabic suffix, units, sales unit, pack discount %]
const PACKS: [string, string, number, string, number][] = [
  ['', '', 1, 'Unité', 0],
  [' — pack de 6', ' — حزمة من 6', 6, 'Pack', 5],
  [' — carton de 24', ' — كرتونة من 24', 24, 'Carton', 10],
];

const VAT = 19;
const DAY = 86_400_000;
/** Millimes as the numeric(14,3) text PostgreSQL takes. */
export const dt = (millimes: number) => (millimes / 1000).toFixed(3);
/** Today in Africa/Tunis shifted by `days`, as YYYY-MM-DD. */
const tunisDay = (days: number) => todayInTunis(new Date(Date.now() + days * DAY));
const tint = ([r, g, b]: Rgb, k: number): Rgb => [(r + k * 23) % 200, (g + k * 37) % 200, (b + k * 53) % 200];

export interface DemoProduct {
  id: number;
  ref: string;
  priceTtc: number;
  points: number;
  visible: boolean;
}

/**
 * The demo catalogue (embedded database only): 8 categories with images and two ranges each, six
 * brands, 297 products with French and Arabic labels, prices in millimes (19 % VAT), points of one
 * per dinar, images, a dozen new products, price lists per circuit and product-point periods (some
 * covering today, so the list shows the boosted points).
 */
export async function seedCatalogue(db: Db, uploads?: ObjectStore): Promise<DemoProduct[]> {
  const r = rng(7_2026);
  const brandRows = await db
    .insert(brands)
    .values(BRANDS.map(([name, label]) => ({ name, label })))
    .returning();
  const brandId = new Map(brandRows.map((b) => [b.name, b.id]));
  const categoryRows = await db
    .insert(productCategories)
    .values(CATEGORIES.map(([code, name, label], i) => ({ code, name, label, ordre: i + 1 })))
    .returning();
  const category = new Map(categoryRows.map((c) => [c.code, c]));
  const rangeRows = await db
    .insert(subCategories)
    .values(CATEGORIES.flatMap(([code, , , , ranges]) => ranges.map(([name, label]) => ({ name, label, categoryId: category.get(code)!.id }))))
    .returning();
  const rangesOf = (categoryId: number) => rangeRows.filter((x) => x.categoryId === categoryId);

  const values: (typeof products.$inferInsert)[] = [];
  const counters = new Map<string, number>();
  for (const [fr, ar, code, rangeIndex, sizes, perUnit, nature] of BASES) {
    for (const [sizeFr, sizeAr, factor] of sizes) {
      for (const [packFr, packAr, units, unit, discount] of PACKS) {
        const n = (counters.get(code) ?? 0) + 1;
        counters.set(code, n);
        const cat = category.get(code)!;
        const ht = Math.round((perUnit * factor * units * (100 - discount)) / 100 / 10) * 10;
        const ttc = Math.round((ht * (100 + VAT)) / 100);
        values.push({
          ref: `${code}-${String(n).padStart(4, '0')}`,
          label: `${fr} ${sizeFr}${packFr}`,
          labelAr: `${ar} ${sizeAr}${packAr}`,
          description: `${fr}, format ${sizeFr}${units > 1 ? `, ${units} unités` : ''}.`,
          descriptionAr: `${ar}، حجم ${sizeAr}${units > 1 ? `، ${units} وحدات` : ''}.`,
          categoryId: cat.id,
          subCategoryId: rangesOf(cat.id)[rangeIndex]?.id ?? null,
          brandId: brandId.get(BRAND_OF[code]) ?? null,
          type: units > 1 ? 'Lot' : 'Unitaire',
          nature,
          qte: Math.floor(r() * 480) + (r() < 0.06 ? 0 : 20),
          priceHt: dt(ht),
          priceTtc: dt(ttc),
          points: Math.max(1, Math.floor(ttc / 1000)),
          uniteVente: unit,
          visible: r() < 0.93 ? 1 : 0,
        });
      }
    }
  }
  // The last dozen products are the new ones, in their ORDER_NEW.
  const firstNew = values.length - 12;
  values.forEach((v, i) => {
    v.position = i + 1;
    if (i >= firstNew) Object.assign(v, { isNew: 1, orderNew: i - firstNew + 1, visible: 1 });
  });
  const productRows = await db.insert(products).values(values).returning({
    id: products.id,
    ref: products.ref,
    priceTtc: products.priceTtc,
    points: products.points,
    visible: products.visible,
    categoryId: products.categoryId,
  });

  if (uploads) {
    const colourOf = new Map(categoryRows.map((c, i) => [c.id, CATEGORIES[i][3]]));
    for (const c of categoryRows) {
      await saveMedia(db, uploads, {
        entity: 'categories',
        entityId: c.id,
        collection: CATALOGUE_MEDIA.categories,
        family: 'image',
        fileName: `${c.name}.png`,
        buffer: solidPng(96, 96, colourOf.get(c.id)!),
        replace: true,
      });
    }
    for (const [k, g] of rangeRows.entries()) {
      await saveMedia(db, uploads, {
        entity: 'sub_categories',
        entityId: g.id,
        collection: CATALOGUE_MEDIA.ranges,
        family: 'image',
        fileName: `${g.name}.png`,
        buffer: solidPng(96, 96, tint(colourOf.get(g.categoryId)!, k + 1)),
        replace: true,
      });
    }
    for (const [k, p] of productRows.entries()) {
      await saveMedia(db, uploads, {
        entity: 'products',
        entityId: p.id,
        collection: CATALOGUE_MEDIA.products,
        family: 'image',
        fileName: `${p.ref}.png`,
        buffer: solidPng(64, 64, tint(colourOf.get(p.categoryId!)!, k % 5)),
        replace: false,
      });
    }
  }

  // Price lists: a discount per circuit on a fifth of the products, this half-year and the next.
  const circuits = await db.select({ id: clientCircuits.id }).from(clientCircuits).orderBy(clientCircuits.id);
  const year = Number(tunisDay(0).slice(0, 4));
  const tarifRows = circuits.length
    ? productRows
        .filter((_, i) => i % 5 === 0)
        .map((p, i) => {
          const remise = [2, 3.5, 5, 7.5, 10, 12][i % 6];
          const ht = Math.round(Number(values[productRows.indexOf(p)].priceHt) * 1000);
          const firstHalf = i % 2 === 0;
          return {
            productId: p.id,
            remise: remise.toFixed(3),
            startDate: firstHalf ? `${year}-01-01` : `${year}-07-01`,
            endDate: firstHalf ? `${year}-06-30` : `${year}-12-31`,
            pht: dt(Math.round((ht * (100 - remise)) / 100)),
            circuitId: circuits[i % circuits.length].id,
            description: `Remise ${formatPercent(remise)} — ${firstHalf ? 'premier' : 'second'} semestre`,
          };
        })
    : [];
  if (tarifRows.length) await db.insert(tarifs).values(tarifRows);

  // Product points: a boosted period covering today on some products, a past one on others.
  const periods = productRows
    .filter((_, i) => i % 7 === 3)
    .flatMap((p, i) => [
      ...(i % 2 === 0 ? [{ productId: p.id, points: p.points * 2, dateDebut: tunisDay(-20), dateFin: tunisDay(40) }] : []),
      { productId: p.id, points: p.points + 5, dateDebut: tunisDay(-200), dateFin: tunisDay(-120) },
    ]);
  if (periods.length) await db.insert(productPoints).values(periods);

  return productRows.map((p) => ({ id: p.id, ref: p.ref, priceTtc: Math.round(Number(p.priceTtc) * 1000), points: p.points, visible: p.visible === 1 }));
}
