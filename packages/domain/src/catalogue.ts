import { z } from 'zod';
import { calendarDate, decimal3, optionalText, percent, periodInOrder, requiredText, wholeNumber } from './fields';
import type { Media } from './classification';
import { MSG } from './messages';

/** Product categories, ranges and price lists. */

export const CATALOGUE_PAGE_SIZE = 50;

/** Category: CODE_CATEGORIE is given once, on creation (read-only when editing: a PUT ignores it). */
export const productCategoryBody = z.object({
  CODE_CATEGORIE: requiredText(30),
  NAME: requiredText(100),
  LABEL: requiredText(150),
  Ordre: wholeNumber(),
});
export const productCategoryUpdateBody = productCategoryBody.omit({ CODE_CATEGORIE: true }).partial();

/** Range ("gamme"): its category is named by the category's code. */
export const subCategoryBody = z.object({
  NAME: requiredText(100),
  LABEL: requiredText(150),
  CODE_CATEGORIE: requiredText(30),
});

export const TARIF_MSG = {
  articleUnknown: 'Article introuvable : aucun produit ne porte cette référence.',
  circuitUnknown: 'Circuit inconnu.',
  categoryUnknown: 'Catégorie introuvable : aucun code catégorie ne correspond.',
} as const;

/** Price list line: a discount on a product (ARTICLE = its REF) for a circuit (by name) over a period. */
export const tarifBody = z
  .object({
    ARTICLE: requiredText(50),
    REMISE: percent(),
    MSTRDAT: calendarDate(),
    MENDDAT: calendarDate(),
    PHT: decimal3(),
    CIRCUIT: requiredText(100),
    DESCRIPTION: optionalText(2000),
  })
  .refine((v) => periodInOrder(v.MSTRDAT, v.MENDDAT), { error: MSG.periodOrder, path: ['MENDDAT'] });

export type ProductCategoryBody = z.input<typeof productCategoryBody>;
export type SubCategoryBody = z.input<typeof subCategoryBody>;
export type TarifBody = z.input<typeof tarifBody>;

export interface ProductCategory {
  id: number;
  ID: number;
  CODE_CATEGORIE: string;
  NAME: string;
  LABEL: string;
  Ordre: number;
  MEDIA: Media | null;
}
export interface SubCategory {
  id: number;
  ID: number;
  NAME: string;
  LABEL: string;
  CODE_CATEGORIE: string;
  CATEGORY_ID: number;
  CATEGORY_NAME: string;
  MEDIA: Media | null;
}
export interface Tarif {
  id: number;
  ID: number;
  ARTICLE: string;
  PRODUCT_ID: number;
  PRODUCT_LABEL: string;
  REMISE: number;
  MSTRDAT: string;
  MENDDAT: string;
  PHT: number;
  CIRCUIT: string;
  CIRCUIT_ID: number;
  DESCRIPTION: string | null;
}
