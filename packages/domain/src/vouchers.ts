import { z } from 'zod';
import type { Media } from './classification';
import { calendarDate, decimal3, flag01, optionalText, partialNoDefaults, refId, requiredText, statusCode, wholeNumber } from './fields';
import { formatMoney, formatPercent } from './format';
import { MSG } from './messages';
import { statusSet } from './statuses';

/** Vouchers, clients' vouchers, coupons and rebate tiers. */

export const VOUCHERS_PAGE_SIZE = 50;

export const VOUCHER_MSG = {
  periodStrict: 'La date de fin doit être postérieure à la date de début.',
  missingId: 'Missing id',
  reasonRequired: 'Le motif de consommation est obligatoire.',
  noneSelected: 'Choisissez au moins un voucher.',
  alreadyUsed: (ref: string) => `Le voucher ${ref} est déjà utilisé.`,
  notClients: (ref: string) => `Le voucher ${ref} n'appartient pas à ce client.`,
  unknown: 'Voucher introuvable.',
  oneClient: 'Les vouchers choisis doivent appartenir à un seul client.',
  refExists: 'Ce numéro de voucher est déjà utilisé.',
} as const;

/** A client's voucher: 0 available, 1 used. */
export const VOUCHER_CODES = { AVAILABLE: 0, USED: 1 } as const;
export const VOUCHER_PURCHASE_STATUS = statusSet([
  { code: VOUCHER_CODES.AVAILABLE, label: 'Disponible', color: '#15803d', next: [VOUCHER_CODES.USED] },
  { code: VOUCHER_CODES.USED, label: 'Utilisé', color: '#6b7280', next: [VOUCHER_CODES.AVAILABLE] },
]);

/** Voucher on offer: START_DAY strictly before END_DATE. */
const voucherFields = z.object({
  REF: requiredText(50),
  DESCRIPTION: optionalText(2000),
  QTS: wholeNumber(),
  SOLDE: decimal3(),
  IS_ACTIVE: flag01().default(1),
  TYPE_CLIENT_ID: refId(),
  CIRCUIT: refId(false),
  ACTIVITE: refId(false),
  CATEGORY: refId(false),
  BADGES_ID: refId(false),
  START_DAY: calendarDate(),
  END_DATE: calendarDate(),
});
const strictPeriod = (v: { START_DAY?: string; END_DATE?: string }, ctx: z.RefinementCtx) => {
  if (v.START_DAY && v.END_DATE && v.START_DAY >= v.END_DATE) ctx.addIssue({ code: 'custom', message: VOUCHER_MSG.periodStrict, path: ['END_DATE'] });
};
export const voucherBody = voucherFields.superRefine(strictPeriod);
export const voucherUpdateBody = partialNoDefaults(voucherFields).superRefine(strictPeriod);
export type VoucherBody = z.input<typeof voucherBody>;

/** POST vocher-purchases/manualPurchase: every listed voucher becomes used, or none. */
export const manualPurchaseBody = z.object({
  MANUAL_REASON: z
    .string({ error: VOUCHER_MSG.reasonRequired })
    .trim()
    .min(1, { error: VOUCHER_MSG.reasonRequired })
    .max(500, { error: MSG.maxLength(500) }),
  VOCHERS_PURCHASES: z.array(refId(), { error: VOUCHER_MSG.noneSelected }).min(1, { error: VOUCHER_MSG.noneSelected }).max(500),
});

export const voucherPurchaseStatusBody = z.object({
  STATUS: statusCode(VOUCHER_PURCHASE_STATUS.codes),
});

export interface Voucher {
  id: number;
  ID: number;
  REF: string;
  DESCRIPTION: string | null;
  QTS: number;
  SOLDE: string;
  IS_ACTIVE: number;
  TYPE_CLIENT_ID: number;
  TYPE_CLIENT_NAME: string | null;
  CIRCUIT: number | null;
  ACTIVITE: number | null;
  CATEGORY: number | null;
  CATEGORY_NAME: string | null;
  BADGES_ID: number | null;
  START_DAY: string;
  END_DATE: string;
  MEDIA: Media | null;
}

export interface VoucherPurchase {
  id: number;
  VOCHER_REF: string;
  CLIENT_ID: number;
  CODE_CLIENT: string;
  CLIENT_NAME: string;
  SOLDE_USED: string;
  STATUS: number;
  CREATED_AT: string;
  SCAN_DATE: string | null;
  SCAN: number | null;
  MANUAL_REASON: string | null;
  ORIGIN: 'gift' | 'ristourne' | 'voucher' | null;
}

// ——— Coupons ———

export const COUPON_TYPES = ['fixed', 'percentage'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
export const COUPON_TYPE_LABELS: Record<CouponType, string> = { fixed: 'Montant fixe', percentage: 'Pourcentage' };
export const COUPON_MSG = {
  expiryPast: "Le champ Date d'expiration doit être une date postérieure à aujourd'hui.",
  typeUnknown: 'Type de coupon inconnu (montant fixe ou pourcentage).',
  codeExists: 'Ce code coupon existe déjà.',
} as const;

/** The expiry must be after `today` (YYYY-MM-DD, Tunis): checked by the form and the server. */
export const expiryAfter = (expiry: string | null | undefined, today: string) => !expiry || expiry > today;

/**
 * A flag the body must carry (every field of a coupon is required, its active flag too): absent or null is "Ce champ
 * est obligatoire.", never a default; any other value is read as `flag01` reads it.
 */
const requiredFlag01 = () =>
  z
    .unknown()
    .meta({ enum: [0, 1], description: '0 ou 1 (obligatoire)' })
    .refine((v) => v != null, { error: MSG.required, abort: true })
    .pipe(flag01());

const couponFields = z.object({
  CODE: requiredText(50),
  VALUE: decimal3(),
  TYPE: z.enum(COUPON_TYPES, { error: COUPON_MSG.typeUnknown }),
  EXPIRY_DATE: calendarDate(),
  ACTIF: requiredFlag01(),
});
const couponRules = (v: { TYPE?: CouponType; VALUE?: string }, ctx: z.RefinementCtx) => {
  if (v.TYPE === 'percentage' && v.VALUE != null && Number(v.VALUE) > 100) ctx.addIssue({ code: 'custom', message: MSG.percentMax, path: ['VALUE'] });
};
export const couponBody = couponFields.superRefine(couponRules);
// A partial update leaves out what it does not change (ACTIF included: the stored one stays).
export const couponUpdateBody = partialNoDefaults(couponFields).superRefine(couponRules);
export type CouponBody = z.input<typeof couponBody>;

/** The coupon form as the browser checks it: the body plus "expiry after `today`" (the server checks it too). */
export const couponFormBody = (today: string) =>
  couponBody.superRefine((v, ctx) => {
    if (!expiryAfter(v.EXPIRY_DATE, today)) ctx.addIssue({ code: 'custom', message: COUPON_MSG.expiryPast, path: ['EXPIRY_DATE'] });
  });

/** A coupon's value as the list shows it: "10 %" for a percentage, "5,000 DT" for a fixed amount. */
export const formatCouponValue = (c: Pick<Coupon, 'TYPE' | 'VALUE'>): string => (c.TYPE === 'percentage' ? formatPercent(c.VALUE) : formatMoney(c.VALUE));

export interface Coupon {
  id: number;
  CODE: string;
  VALUE: string;
  TYPE: CouponType;
  EXPIRY_DATE: string;
  ACTIF: number;
}
