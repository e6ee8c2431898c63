import { z } from 'zod';
import type { Media } from './classification';
import { calendarDate, decimal3, flag01, optionalText, periodInOrder, refId, requiredText, wholeNumber } from './fields';
import { formatDate } from './format';
import { MSG } from './messages';

/** Products, brands and product points. */

/** The products list shows 100 rows. */
export const PRODUCTS_PAGE_SIZE = 100;
/** Products are added under section 2, as the older product did. */
export const PRODUCT_SECTION_ID = 2;

export const PRODUCT_MSG = {
  refExists: 'Cette référence est déjà utilisée.',
  ttcBelowHt: 'Le prix TTC doit être supérieur ou égal au prix HT.',
  notNew: 'Seuls les nouveaux produits peuvent être ordonnés.',
  overlap: (start: string, end: string) => `Cette période chevauche une autre période de ce produit : du ${formatDate(start)} au ${formatDate(end)}.`,
  productUnknown: 'Produit introuvable.',
} as const;

/** PRICE_TTC ≥ PRICE_HT; compared in millimes (never as floating-point dinars). */
export function ttcBelowHt(ht: unknown, ttc: unknown): boolean {
  const re = /^\d+(\.\d{1,3})?$/;
  const h = String(ht ?? '').trim();
  const t = String(ttc ?? '').trim();
  if (!re.test(h) || !re.test(t)) return false;
  const millimes = (v: string) => {
    const [i, d = ''] = v.split('.');
    return BigInt(i) * 1000n + BigInt(d.padEnd(3, '0'));
  };
  return millimes(t) < millimes(h);
}

const productFields = z.object({
  // Step 1: French data
  REF: requiredText(50),
  LABEL: requiredText(200),
  DESCRIPTION: optionalText(5000),
  CATEGORY: refId(),
  PRICE_HT: decimal3(),
  PRICE_TTC: decimal3(),
  QTE: wholeNumber(),
  UNITE_VENTE: optionalText(30),
  POINTS: wholeNumber().default(0),
  // Step 2: Arabic data
  LABEL_AR: requiredText(200),
  DESCRIPTION_AR: optionalText(5000),
  // Step 3: other data (the images go through the media call)
  IS_NEW: flag01().default(0),
  ORDER_NEW: wholeNumber().nullish(),
  VISIBLE: flag01().default(1),
  BRAND_ID: refId(false),
  TYPE: optionalText(60),
  NATURE: optionalText(60),
});

export const productBody = productFields.refine((v) => !ttcBelowHt(v.PRICE_HT, v.PRICE_TTC), { error: PRODUCT_MSG.ttcBelowHt, path: ['PRICE_TTC'] });
/**
 * PUT: any subset (the list's checkboxes send one flag); CATEGORY is read-only when editing. The
 * server checks the prices against the stored ones when only one of them is sent.
 */
export const productUpdateBody = productFields
  .omit({ CATEGORY: true })
  .partial()
  .extend({ POINTS: wholeNumber().optional(), IS_NEW: flag01().optional(), VISIBLE: flag01().optional() })
  .refine((v) => !ttcBelowHt(v.PRICE_HT, v.PRICE_TTC), { error: PRODUCT_MSG.ttcBelowHt, path: ['PRICE_TTC'] });

/** Fields only a role with products:manage may change (never a zone chief). */
export const PRODUCT_MANAGED_FIELDS = ['IS_NEW', 'ORDER_NEW', 'VISIBLE'] as const;

/** Drag of the new products: their ids in the new order, ORDER_NEW becomes 1..n. */
export const productOrderNewBody = z.object({ ids: z.array(refId()).min(1).max(1000) });

export const brandBody = z.object({
  NAME: requiredText(100),
  LABEL: optionalText(150),
});

/** A product's points over a period. */
export const productPointBody = z
  .object({
    PRODUCT_ID: refId(),
    points: wholeNumber(),
    DATE_DEBUT: calendarDate(),
    DATE_FIN: calendarDate(),
  })
  .refine((v) => periodInOrder(v.DATE_DEBUT, v.DATE_FIN), { error: MSG.periodOrder, path: ['DATE_FIN'] });

export interface Period {
  id?: number;
  start: string;
  end: string;
}
/** The first period of `others` sharing at least one day with [start, end] (days YYYY-MM-DD, both ends included). */
export function overlappingPeriod<P extends Period>(start: string, end: string, others: readonly P[], ignoreId?: number): P | undefined {
  return others.find((o) => o.id !== ignoreId && o.start <= end && start <= o.end);
}

export type ProductBody = z.input<typeof productBody>;
export type ProductPointBody = z.input<typeof productPointBody>;

export interface Product {
  id: number;
  ID: number;
  REF: string;
  LABEL: string;
  LABEL_AR: string | null;
  DESCRIPTION: string | null;
  DESCRIPTION_AR: string | null;
  CATEGORY: number | null;
  CATEGORY_NAME: string | null;
  BRAND_ID: number | null;
  BRAND_NAME: string | null;
  TYPE: string | null;
  NATURE: string | null;
  QTE: number;
  PRICE_HT: number;
  PRICE_TTC: number;
  /** Points of the period covering today, else the base points. */
  POINTS: number;
  BASE_POINTS: number;
  UNITE_VENTE: string | null;
  IS_NEW: 0 | 1;
  ORDER_NEW: number | null;
  VISIBLE: 0 | 1;
  position: number;
  sections_id: number;
  MEDIA: Media[];
}
export interface Brand {
  id: number;
  ID: number;
  NAME: string;
  LABEL: string | null;
}
export interface ProductPoint {
  id: number;
  ID: number;
  PRODUCT_ID: number;
  PRODUCT_REF: string;
  LABEL: string;
  points: number;
  DATE_DEBUT: string;
  DATE_FIN: string;
}
