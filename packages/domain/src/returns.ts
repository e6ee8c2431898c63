import { z } from 'zod';
import type { Media } from './classification';
import { numberText, optionalText, refId, requiredText } from './fields';
import { MSG } from './messages';

/** Returned goods. */

export const RETURNS_PAGE_SIZE = 50;

export const RETURN_MSG = {
  itemsRequired: 'Ajoutez au moins un produit.',
  productTwice: 'Ce produit est déjà dans le retour.',
  quantity: 'Quantité : un nombre entier supérieur à 0.',
  clientUnknown: 'Client introuvable.',
  productUnknown: 'Produit introuvable.',
  lineUnknown: 'Ligne introuvable dans ce retour.',
} as const;

/** RET-<year>-<5-digit sequence>: given by the server, sequential per year, never reused. */
export const returnNumber = (year: number, seq: number) => `RET-${year}-${String(seq).padStart(5, '0')}`;

const quantity = () =>
  z
    .union([numberText(), z.number()], { error: RETURN_MSG.quantity })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .min(1, { error: MSG.required, abort: true })
        .regex(/^\d{1,6}$/, { error: RETURN_MSG.quantity }),
    )
    .transform(Number)
    .refine((v) => v > 0, { error: RETURN_MSG.quantity });

export const returnLineBody = z.object({
  PRODUCT_ID: refId(),
  QTE: quantity(),
  UV: optionalText(30),
});

export const returnBody = z.object({
  ADDRESS: requiredText(255),
  CLIENT_ID: refId(),
  ITEMS: z
    .array(returnLineBody, { error: RETURN_MSG.itemsRequired })
    .min(1, { error: RETURN_MSG.itemsRequired })
    .max(500)
    .superRefine((items, ctx) => {
      const seen = new Set<unknown>();
      items.forEach((item, i) => {
        if (seen.has(item.PRODUCT_ID)) ctx.addIssue({ code: 'custom', message: RETURN_MSG.productTwice, path: [i, 'PRODUCT_ID'] });
        seen.add(item.PRODUCT_ID);
      });
    }),
});

/** PUT retourMarchandises/{id}: one line (its id) with QTE, UV, PRODUCT_ID; CLIENT_ID moves the return to that client. */
export const returnLineUpdateBody = returnLineBody.extend({
  id: refId(),
  CLIENT_ID: refId(false).optional(),
});

export type ReturnBody = z.input<typeof returnBody>;

export interface ReturnItem {
  id: number;
  PRODUCT_ID: number;
  PRODUCT_REF: string;
  PRODUCT_NAME: string;
  PRODUCT_PRICE: number;
  PRODUCT_POINTS: number;
  QTE: number;
  UV: string | null;
  MEDIA: Media | null;
  /** The points this line takes back: Σ QTE × POINTS of its RATES. */
  POINTS: number;
  /** How its units were valued: at an order line's credited points (NUM_ORDER), or beyond every credit (CREDITED false) at the product's points of the day. */
  RATES: ReturnRate[];
}
export interface ReturnRate {
  QTE: number;
  POINTS: number;
  CREDITED: boolean;
  NUM_ORDER: string | null;
}
export interface GoodsReturn {
  id: number;
  ID: number;
  NUM_RETOUR: string;
  CLIENT_ID: number;
  CODE_CLIENT: string;
  CLIENT_NAME: string;
  ADDRESS: string;
  CREATED_AT: string;
  ITEMS: ReturnItem[];
  /** Σ POINTS of the lines: the points these goods earned, which the return takes back. */
  POINTS_OWED: number;
  /**
   * What the ledger took back: POINTS_OWED, or less when the client's balance did not hold it (the
   * balance never goes below zero). Null for a return recorded before returns took points back.
   */
  POINTS_DEBITED: number | null;
}

/** The points a return could not take back (the client's balance was short), for the detail. */
export const returnPointsShort = (r: Pick<GoodsReturn, 'POINTS_OWED' | 'POINTS_DEBITED'>) => (r.POINTS_DEBITED == null ? 0 : r.POINTS_OWED - r.POINTS_DEBITED);
