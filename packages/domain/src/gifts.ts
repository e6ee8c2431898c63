import { z } from 'zod';
import type { Media } from './classification';
import {
  calendarDate,
  decimal3,
  flag01,
  numberText,
  optionalText,
  partialNoDefaults,
  periodInOrder,
  refId,
  requiredText,
  statusCode,
  wholeNumber,
} from './fields';
import { MSG } from './messages';
import { ROLE } from './permissions';
import { STATUS_MSG, statusSet } from './statuses';

/**
 * Gifts, starter gifts and their fulfilment:
 * a purchase spends points, its units become conversions for the warehouse,
 * received by QR code.
 */

export const GIFTS_PAGE_SIZE = 50;
export const GIFT_TYPES = ['bien', 'voucher'] as const;
export type GiftType = (typeof GIFT_TYPES)[number];
export const GIFT_TYPE_LABELS: Record<GiftType, string> = { bien: 'Bien', voucher: 'Voucher' };

export const GIFT_MSG = {
  typeUnknown: 'Type de cadeau inconnu (bien ou voucher).',
  voucherValueRequired: 'La valeur du voucher est obligatoire pour un cadeau de type voucher.',
  mediaOnlyBien: 'Seul un cadeau de type bien a une image.',
  pointsInsufficient: 'Solde de points insuffisant',
  stockInsufficient: 'Stock insuffisant',
  inactive: "Ce cadeau n'est pas actif.",
  notStarted: (day: string) => `Ce cadeau n'est disponible qu'à partir du ${day}.`,
  ended: (day: string) => `Ce cadeau n'est plus disponible depuis le ${day}.`,
  notEligible: (what: string) => `Ce client ne peut pas acheter ce cadeau : ${what}.`,
  purchaseNotWaiting: 'Cette demande a déjà été traitée.',
  conversionTransition: (from: number, to: number) => STATUS_MSG.notAllowed(CONVERSION_STATUS, from, to),
  receiveByScan: 'Le statut « Réceptionné » se donne uniquement en scannant le code QR.',
  alreadyReceived: 'Ce code QR a déjà été scanné : le cadeau est réceptionné.',
  qrUnknown: 'Code QR inconnu.',
  notShipped: "Ce cadeau n'a pas encore été expédié.",
  adminOnly: "Pas d'accès sur cette fonctionnalité",
  clientsRequired: 'Choisissez au moins un client.',
  voucherValuePositive: 'La valeur du voucher doit être supérieure à 0.',
  refExists: 'Cette référence est déjà utilisée par un autre cadeau.',
  startingRefExists: 'Cette référence est déjà utilisée par un autre cadeau de bienvenue.',
  imageRequired: "L'image est obligatoire.",
  /** A class, category, company type or badge chosen in a form that no longer exists. */
  refUnknown: "Ce choix n'existe plus : rechargez la page.",
} as const;

/** A gift's media family (image or video, 5 MB); only a good (`bien`) has one. */
export const GIFT_MEDIA_FAMILY = 'imageOrVideo' as const;
export const giftHasMedia = (type: GiftType | null | undefined): boolean => type === 'bien';

/**
 * Gift purchase statuses: accepted, a good's request is Validée and a voucher gift's
 * complete at once (2); 2 when every conversion is received, 4 when some are (set by the receipts).
 * 0 waiting, 1 validated, 2 complete delivery, 3 cancelled, 4 partial delivery.
 */
export const GIFT_PURCHASE_CODES = { WAITING: 0, VALIDATED: 1, COMPLETE_DELIVERY: 2, CANCELLED: 3, PARTIAL_DELIVERY: 4 } as const;
export const GIFT_PURCHASE_STATUS = statusSet([
  {
    code: GIFT_PURCHASE_CODES.WAITING,
    label: 'En attente',
    color: '#b45309',
    next: [GIFT_PURCHASE_CODES.VALIDATED, GIFT_PURCHASE_CODES.COMPLETE_DELIVERY, GIFT_PURCHASE_CODES.CANCELLED],
  },
  { code: GIFT_PURCHASE_CODES.VALIDATED, label: 'Validée', color: '#1d4ed8', next: [] },
  { code: GIFT_PURCHASE_CODES.COMPLETE_DELIVERY, label: 'Livraison complète', color: '#15803d', next: [] },
  { code: GIFT_PURCHASE_CODES.CANCELLED, label: 'Annulée', color: '#b91c1c', next: [] },
  { code: GIFT_PURCHASE_CODES.PARTIAL_DELIVERY, label: 'Livraison partielle', color: '#7e22ce', next: [] },
]);

/**
 * Conversion statuses, for gift conversions and starter-gift purchases alike:
 * 0→1 prepare, 0→2 refuse, 0→3 and 1→3 ship, 3→4 only by the QR code (see `receive`).
 */
export const CONVERSION_CODES = { WAITING: 0, PREPARED: 1, REFUSED: 2, SHIPPED: 3, RECEIVED: 4 } as const;
export const CONVERSION_STATUS = statusSet([
  {
    code: CONVERSION_CODES.WAITING,
    label: 'En attente',
    color: '#b45309',
    next: [CONVERSION_CODES.PREPARED, CONVERSION_CODES.REFUSED, CONVERSION_CODES.SHIPPED],
  },
  { code: CONVERSION_CODES.PREPARED, label: 'Préparé', color: '#1d4ed8', next: [CONVERSION_CODES.SHIPPED] },
  { code: CONVERSION_CODES.REFUSED, label: 'Refusé', color: '#b91c1c', next: [] },
  { code: CONVERSION_CODES.SHIPPED, label: 'Expédié', color: '#7e22ce', next: [CONVERSION_CODES.RECEIVED] },
  { code: CONVERSION_CODES.RECEIVED, label: 'Réceptionné', color: '#15803d', next: [] },
]);
export const CONVERSION_RECEIVED = CONVERSION_CODES.RECEIVED;
export const CONVERSION_SHIPPED = CONVERSION_CODES.SHIPPED;
/** A conversion still on its way to the client: neither refused nor received. */
export const CONVERSION_IN_PROGRESS: readonly number[] = [CONVERSION_CODES.WAITING, CONVERSION_CODES.PREPARED, CONVERSION_CODES.SHIPPED];

/** Whether staff may set `to` from `from` by a status change (receipt is by scan only). */
export function conversionMoveAllowed(from: number, to: number): boolean {
  return from !== to && to !== CONVERSION_RECEIVED && CONVERSION_STATUS.canMove(from, to);
}

/**
 * The list's prepare/ship action: a Magasinier prepares (→ Préparé), any other role
 * ships (→ Expédié, after a confirmation); none once shipped, received or refused.
 */
export function conversionAction(role: string | null | undefined, status: number): { to: number; label: string; confirm: boolean } | null {
  if (role === ROLE.magasinier) return status === CONVERSION_CODES.WAITING ? { to: CONVERSION_CODES.PREPARED, label: 'Préparer', confirm: false } : null;
  return status === CONVERSION_CODES.WAITING || status === CONVERSION_CODES.PREPARED ? { to: CONVERSION_SHIPPED, label: 'Expédier', confirm: true } : null;
}

/** Statuses of a request once accepted (validated, or delivered since). */
export const GIFT_PURCHASE_ACCEPTED: readonly number[] = [
  GIFT_PURCHASE_CODES.VALIDATED,
  GIFT_PURCHASE_CODES.COMPLETE_DELIVERY,
  GIFT_PURCHASE_CODES.PARTIAL_DELIVERY,
];

/** Purchase status once its conversions moved: complete, partial, or still validated. */
export function purchaseDeliveryStatus(received: number, total: number): number {
  if (total > 0 && received >= total) return GIFT_PURCHASE_CODES.COMPLETE_DELIVERY;
  if (received > 0) return GIFT_PURCHASE_CODES.PARTIAL_DELIVERY;
  return GIFT_PURCHASE_CODES.VALIDATED;
}

const giftTypeField = () => z.enum(GIFT_TYPES, { error: GIFT_MSG.typeUnknown });

/** Gift form: VOCHER_VALUE required for voucher, 0 for bien; START_DAY ≤ END_DATE. */
export const giftFields = z.object({
  REF: requiredText(50),
  NAME: requiredText(150),
  DESCRIPTION: optionalText(2000),
  TYPE: giftTypeField(),
  QTS: wholeNumber(),
  NBR_OF_POINTS: z
    .union([numberText(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(9, { error: MSG.digitsMax }).regex(/^\d*$/, { error: MSG.wholeNumber }))
    .transform((v) => (v === '' ? 0 : Number(v)))
    .default(0),
  VOCHER_VALUE: z
    .union([numberText(), z.number()])
    .transform((v) => String(v).trim())
    .nullish()
    .transform((v) => v || null),
  START_DAY: calendarDate()
    .nullish()
    .or(z.literal('').transform(() => null)),
  END_DATE: calendarDate()
    .nullish()
    .or(z.literal('').transform(() => null)),
  ACTIVITE: refId(false),
  CIRCUIT: refId(false),
  CATEGORY: refId(false),
  TYPE_CLIENT_ID: refId(false),
  BADGES_ID: refId(false),
  IS_ACTIVE: flag01().default(1),
});

function giftRules<T extends { TYPE?: GiftType; VOCHER_VALUE?: string | null; START_DAY?: string | null; END_DATE?: string | null }>(
  v: T,
  ctx: z.RefinementCtx,
) {
  if (!periodInOrder(v.START_DAY, v.END_DATE)) ctx.addIssue({ code: 'custom', message: MSG.periodOrder, path: ['END_DATE'] });
  // A value given is a number whatever the type (a good's hidden field sends 0); a voucher's is above 0.
  if (v.VOCHER_VALUE && !decimal3().safeParse(v.VOCHER_VALUE).success) ctx.addIssue({ code: 'custom', message: MSG.number, path: ['VOCHER_VALUE'] });
  else if (v.TYPE === 'voucher') {
    if (!v.VOCHER_VALUE) ctx.addIssue({ code: 'custom', message: GIFT_MSG.voucherValueRequired, path: ['VOCHER_VALUE'] });
    else if (Number(v.VOCHER_VALUE) <= 0) ctx.addIssue({ code: 'custom', message: GIFT_MSG.voucherValuePositive, path: ['VOCHER_VALUE'] });
  }
}

/** The voucher value a gift keeps: 0 for a good (the field is hidden and sent as 0). */
export const giftVoucherValue = (type: GiftType, value: string | null | undefined): string => (type === 'voucher' ? (value ?? '0') : '0');

export const giftBody = giftFields.superRefine(giftRules);
export const giftUpdateBody = partialNoDefaults(giftFields).superRefine(giftRules);
export type GiftBody = z.input<typeof giftBody>;

export const startingGiftBody = z.object({
  REF: requiredText(50),
  NAME: requiredText(150),
  DESCRIPTION: requiredText(2000),
});
export type StartingGiftBody = z.input<typeof startingGiftBody>;

/** POST gift-purchases: staff enter a request for a client. */
export const giftPurchaseBody = z.object({
  CLIENT_ID: refId(),
  LOYALTY_GIFT_ID: refId(),
  QTE: wholeNumber().refine((n) => n >= 1 && n <= 1000, { error: 'Quantité entre 1 et 1000.' }),
});

/** POST startingGift-purchases: one starter gift to one or several clients. */
export const startingGiftPurchaseBody = z.object({
  CLIENTS: z.array(refId(), { error: GIFT_MSG.clientsRequired }).min(1, { error: GIFT_MSG.clientsRequired }).max(1000),
  STARTING_GIFT_ID: refId(),
});

export const conversionStatusBody = z.object({
  STATUS: statusCode(CONVERSION_STATUS.codes),
});

export const qrReceiveBody = z.object({ QRCODE: z.string({ error: GIFT_MSG.qrUnknown }).trim().min(1, { error: GIFT_MSG.qrUnknown }).max(100) });

/** What a client is, for a gift's eligibility. */
export interface ClientClassification {
  activiteId: number | null;
  circuitId: number | null;
  categoryId: number | null;
  typeClientId: number | null;
  badgeId: number | null;
}
export interface GiftRestrictions {
  isActive: number;
  qts: number;
  startDay: string | null;
  endDate: string | null;
  activiteId: number | null;
  circuitId: number | null;
  categoryId: number | null;
  typeClientId: number | null;
  badgesId: number | null;
}

const dayFr = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The gift's restrictions on who may buy it, written once: each names the gift's field, the client's
 * field it must equal when the gift sets it, and the refusal's words. `giftRefusal` reads it, and the
 * app's list of the gifts a client may request builds its SQL filter from it (modules/app).
 */
export const GIFT_CLIENT_RULES = [
  { gift: 'activiteId', client: 'activiteId', what: 'activité différente' },
  { gift: 'circuitId', client: 'circuitId', what: 'circuit différent' },
  { gift: 'categoryId', client: 'categoryId', what: 'catégorie différente' },
  { gift: 'typeClientId', client: 'typeClientId', what: 'type de client différent' },
  { gift: 'badgesId', client: 'badgeId', what: 'badge différent' },
] as const satisfies readonly { gift: keyof GiftRestrictions; client: keyof ClientClassification; what: string }[];

/**
 * Why `client` may not buy `qte` units of `gift` on `today` (YYYY-MM-DD, Tunis), or null. Checked
 * when the request is made and again when it is accepted.
 */
export function giftRefusal(gift: GiftRestrictions, client: ClientClassification, qte: number, today: string): string | null {
  if (gift.isActive !== 1) return GIFT_MSG.inactive;
  if (gift.startDay && today < gift.startDay) return GIFT_MSG.notStarted(dayFr(gift.startDay));
  if (gift.endDate && today > gift.endDate) return GIFT_MSG.ended(dayFr(gift.endDate));
  if (gift.qts < qte) return GIFT_MSG.stockInsufficient;
  for (const rule of GIFT_CLIENT_RULES) {
    const wanted = gift[rule.gift];
    if (wanted != null && wanted !== client[rule.client]) return GIFT_MSG.notEligible(rule.what);
  }
  return null;
}

export interface Gift {
  id: number;
  ID: number;
  REF: string;
  NAME: string;
  DESCRIPTION: string | null;
  TYPE: GiftType;
  QTS: number;
  NBR_OF_POINTS: number;
  VOCHER_VALUE: string;
  START_DAY: string | null;
  END_DATE: string | null;
  ACTIVITE: number | null;
  ACTIVITE_NAME: string | null;
  CIRCUIT: number | null;
  CATEGORY: number | null;
  TYPE_CLIENT_ID: number | null;
  BADGES_ID: number | null;
  IS_ACTIVE: number;
  MEDIA: Media | null;
  CREATED_AT: string;
}

export interface StartingGift {
  id: number;
  ID: number;
  REF: string;
  NAME: string;
  DESCRIPTION: string;
  MEDIA: Media | null;
  CREATED_AT: string;
}

/** What gift conversions and starter-gift purchases show alike. */
export interface Conversion {
  id: number;
  REF: string;
  CLIENT_ID: number;
  CODE_CLIENT: string;
  CLIENT_NAME: string;
  ADDRESS: string | null;
  GIFT_NAME: string;
  GIFT_REF: string;
  CODE_CHEF_ZONE: string | null;
  CHEF_ZONE_NAME: string | null;
  CREATED_AT: string;
  SCAN_DATE: string | null;
  STATUS: number;
}

/** One unit of an accepted `bien` purchase, with the points it cost and the balance left. */
export interface GiftConversion extends Conversion {
  LOYALTY_GIFT_ID: number;
  GIFT_PURCHASE_ID: number;
  POINTS_USED: number;
  NEW_POINTS: number;
}

/** A starter gift given to a client. */
export interface StarterPurchase extends Conversion {
  STARTING_GIFT_ID: number;
}

export interface GiftPurchase {
  id: number;
  REF: string;
  CLIENT_ID: number;
  CODE_CLIENT: string;
  CLIENT_NAME: string;
  ADDRESS: string | null;
  LOYALTY_GIFT_ID: number;
  GIFT_NAME: string;
  GIFT_TYPE: GiftType;
  QTE: number;
  POINTS: number;
  STATUS: number;
  CREATED_AT: string;
}

/** Numbers the server gives out, per year: ACH- purchases, CONV- conversions, BV- starter gifts, VCH- vouchers. */
export const REWARD_NUMBER_PREFIX = { purchase: 'ACH', conversion: 'CONV', starter: 'BV', voucher: 'VCH' } as const;
export type RewardNumberKind = keyof typeof REWARD_NUMBER_PREFIX;
export const rewardNumber = (kind: RewardNumberKind, year: number, seq: number) => `${REWARD_NUMBER_PREFIX[kind]}-${year}-${String(seq).padStart(6, '0')}`;
