import { z } from 'zod';
import { queryInteger } from './fields';
import { MSG } from './messages';

/**
 * The mobile app's catalogue and orders. Prices and points are those
 * that apply to the signed-in client today, computed by the server; an order carries only product ids
 * and quantities, never a figure.
 */

/** Products per page of the app's catalogue, and the most a page may ask (the back-office's products page). */
export const APP_PRODUCTS_PAGE_SIZE = 50;
export const APP_PRODUCTS_MAX_PAGE_SIZE = 100;
/** Orders per page of the app's order history, and the most a page may ask. */
export const APP_ORDERS_PAGE_SIZE = 20;
export const APP_ORDERS_MAX_PAGE_SIZE = 100;
/** Lines of one app order, and the most of one product a line may ask (a shop's order, not a warehouse's). */
export const APP_ORDER_MAX_LINES = 100;
export const APP_ORDER_MAX_QTE = 9999;

export const APP_ORDER_MSG = {
  items: `Une commande compte de 1 à ${APP_ORDER_MAX_LINES} lignes.`,
  productId: 'Identifiant de produit invalide.',
  qte: `Quantité : un nombre entier de 1 à ${APP_ORDER_MAX_QTE}.`,
  /** A product is listed once: the app sums the quantities itself (no silent merge on the server). */
  duplicate: 'Ce produit figure déjà dans la commande : indiquez-le une seule fois.',
  unavailable: 'Produit introuvable ou indisponible.',
} as const;

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/**
 * POST {APP}/orders: ITEMS and an optional delivery ADDRESS (the client's own address otherwise). Strict: a
 * price, a total or points sent by the app are refused (422), not ignored.
 */
export const appOrderBody = z
  .strictObject({
    ITEMS: z
      .array(
        z.strictObject({ PRODUCT_ID: wholeNumber(1, 2_147_483_647, APP_ORDER_MSG.productId), QTE: wholeNumber(1, APP_ORDER_MAX_QTE, APP_ORDER_MSG.qte) }),
        { error: APP_ORDER_MSG.items },
      )
      .min(1, { error: APP_ORDER_MSG.items })
      .max(APP_ORDER_MAX_LINES, { error: APP_ORDER_MSG.items }),
    ADDRESS: z
      .string()
      .max(255, { error: MSG.maxLength(255) })
      .nullish()
      .transform((v) => (v == null || v.trim() === '' ? null : v.trim())),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    body.ITEMS.forEach((item, i) => {
      if (seen.has(item.PRODUCT_ID)) ctx.addIssue({ code: 'custom', message: APP_ORDER_MSG.duplicate, path: ['ITEMS', i, 'PRODUCT_ID'] });
      seen.add(item.PRODUCT_ID);
    });
  });
export type AppOrderBody = z.output<typeof appOrderBody>;

/** `true` or `false` in a query string, nothing else (`?new=1` is a 422, not a guess). */
const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET {APP}/products: a page, a search on name and reference, a category, a range, the new products alone. */
export const appProductsQuery = z.object({
  page: queryInteger({ min: 1 }).default(1),
  perPage: queryInteger({ min: 1, max: APP_PRODUCTS_MAX_PAGE_SIZE }).default(APP_PRODUCTS_PAGE_SIZE),
  search: z.string().max(100).optional(),
  CATEGORY_ID: queryInteger({ min: 1 }).optional(),
  RANGE_ID: queryInteger({ min: 1 }).optional(),
  new: queryBoolean.optional(),
});

/** GET {APP}/orders: a page of the client's own orders, newest first. */
export const appOrdersQuery = z.object({
  page: queryInteger({ min: 1 }).default(1),
  perPage: queryInteger({ min: 1, max: APP_ORDERS_MAX_PAGE_SIZE }).default(APP_ORDERS_PAGE_SIZE),
});
