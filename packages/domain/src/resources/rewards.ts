import { type Gift, type GiftConversion, type GiftPurchase, GIFTS_PAGE_SIZE, type StarterPurchase, type StartingGift } from '../gifts';
import { type Ristourne, RISTOURNES_PAGE_SIZE } from '../ristournes';
import { type Coupon, type Voucher, type VoucherPurchase, VOUCHERS_PAGE_SIZE } from '../vouchers';
import type { ResourceMeta } from './meta';

export const couponsMeta = {
  path: 'coupons',
  noun: 'ce coupon',
  perPage: VOUCHERS_PAGE_SIZE,
  defaultSort: { field: 'CODE', order: 'asc' },
  sortable: ['CODE', 'VALUE', 'EXPIRY_DATE'],
  titles: { add: 'Ajouter un coupon', edit: 'Modifier le coupon', view: 'Détails du coupon' },
  export: { fileName: 'coupons', title: 'Coupons', orientation: 'portrait' },
} as const satisfies ResourceMeta<Coupon>;

export const giftConversionsMeta = {
  path: 'giftConversion',
  noun: 'cette conversion',
  perPage: GIFTS_PAGE_SIZE,
  defaultSort: { field: 'CREATED_AT', order: 'desc' },
  sortable: ['REF', 'CODE_CLIENT', 'CLIENT_NAME', 'GIFT_NAME', 'CREATED_AT', 'SCAN_DATE', 'POINTS_USED', 'STATUS'],
  export: { fileName: 'conversions-cadeaux', title: 'Conversions cadeaux', orientation: 'landscape' },
} as const satisfies ResourceMeta<GiftConversion>;

export const giftPurchasesMeta = {
  path: 'gift-purchases',
  noun: 'cette demande',
  perPage: GIFTS_PAGE_SIZE,
  defaultSort: { field: 'CREATED_AT', order: 'desc' },
  sortable: ['REF', 'CODE_CLIENT', 'CLIENT_NAME', 'GIFT_NAME', 'QTE', 'POINTS', 'STATUS', 'CREATED_AT'],
  export: { fileName: 'demandes-cadeaux', title: 'Demandes de cadeaux', orientation: 'landscape' },
} as const satisfies ResourceMeta<GiftPurchase>;

export const startingGiftPurchasesMeta = {
  path: 'startingGift-purchases',
  noun: 'ce cadeau de bienvenue',
  perPage: GIFTS_PAGE_SIZE,
  defaultSort: { field: 'CREATED_AT', order: 'desc' },
  sortable: ['REF', 'CODE_CLIENT', 'CLIENT_NAME', 'GIFT_NAME', 'CREATED_AT', 'SCAN_DATE', 'STATUS'],
  export: { fileName: 'cadeaux-de-bienvenue', title: 'Cadeaux de bienvenue', orientation: 'landscape' },
} as const satisfies ResourceMeta<StarterPurchase>;

export const giftsMeta = {
  path: 'gifts',
  noun: 'ce cadeau',
  perPage: GIFTS_PAGE_SIZE,
  // Newest first (the primary key read backwards).
  defaultSort: { field: 'id', order: 'desc' },
  sortable: ['REF', 'NAME'],
  titles: { add: 'Ajouter un cadeau', edit: 'Modifier le cadeau', view: 'Détails du cadeau' },
  export: { fileName: 'cadeaux', title: 'Cadeaux', orientation: 'landscape' },
} as const satisfies ResourceMeta<Gift>;

export const ristournesMeta = {
  path: 'ristournes',
  noun: 'cette ristourne',
  perPage: RISTOURNES_PAGE_SIZE,
  defaultSort: { field: 'NUM_RISTOURNE', order: 'asc' },
  sortable: ['NUM_RISTOURNE', 'NAME', 'YEAR', 'VAL_MIN', 'VAL_MAX', 'PERCENTAGE', 'REMISE', 'ACTIVITE_NAME'],
  titles: { add: 'Ajouter un palier', edit: 'Modifier le palier', view: 'Détails du palier' },
  export: { fileName: 'ristournes', title: 'Paliers de ristourne', orientation: 'portrait' },
} as const satisfies ResourceMeta<Ristourne>;

export const startingGiftsMeta = {
  path: 'startingGifts',
  noun: 'ce cadeau de bienvenue',
  perPage: GIFTS_PAGE_SIZE,
  defaultSort: { field: 'CREATED_AT', order: 'desc' },
  sortable: ['CREATED_AT'],
  titles: { add: 'Ajouter un cadeau de bienvenue', edit: 'Modifier le cadeau de bienvenue', view: 'Détails du cadeau de bienvenue' },
  export: { fileName: 'cadeaux-de-bienvenue', title: 'Cadeaux de bienvenue', orientation: 'landscape' },
} as const satisfies ResourceMeta<StartingGift>;

export const vouchersMeta = {
  path: 'vochers',
  noun: 'ce voucher',
  perPage: VOUCHERS_PAGE_SIZE,
  // Newest first (the primary key read backwards).
  defaultSort: { field: 'id', order: 'desc' },
  sortable: ['REF'],
  titles: { add: 'Ajouter un voucher', edit: 'Modifier le voucher', view: 'Détails du voucher' },
  export: { fileName: 'vouchers', title: 'Vouchers', orientation: 'landscape' },
} as const satisfies ResourceMeta<Voucher>;

export const voucherPurchasesMeta = {
  path: 'vocher-purchases',
  noun: 'ce voucher',
  perPage: VOUCHERS_PAGE_SIZE,
  defaultSort: { field: 'CREATED_AT', order: 'desc' },
  sortable: ['VOCHER_REF', 'CODE_CLIENT', 'CLIENT_NAME', 'CREATED_AT', 'SOLDE_USED', 'STATUS', 'SCAN_DATE'],
  export: { fileName: 'vouchers-clients', title: 'Vouchers clients', orientation: 'landscape' },
} as const satisfies ResourceMeta<VoucherPurchase>;
