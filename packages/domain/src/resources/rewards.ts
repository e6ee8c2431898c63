import { type Gift, type GiftConversion, type GiftPurchase, GIFTS_PAGE_SIZE, type StarterPurchase, type StartingGift } from '../gifts';
import { type Ristourne, RISTOURNES_PAGE_SIZE } from '../ristournes';
import { type Coupon, type Voucher, type VoucherPurchase, VOUCHERS_PAGE_SIZE } from '../vouchers';
import type { ResourceMeta } from './meta';

export const couponsMeta = {
  path: 'coupons',
  audit: 'Coupons',
  noun: 'ce coupon',
  perPage: VOUCHERS_PAGE_SIZE,
  defaultSort: { field: 'CODE', order: 'asc' },
  sortable: ['CODE', 'VALUE', 'EXPIRY_DATE'],
  labels: { CODE: 'Code', VALUE: 'Valeur', TYPE: 'Type', EXPIRY_DATE: "Date d'expiration", ACTIF: 'Actif' },
  titles: { add: 'Ajouter un coupon', edit: 'Modifier le coupon', view: 'Détails du coupon' },
  export: { fileName: 'coupons', title: 'Coupons', orientation: 'portrait' },
} as const satisfies ResourceMeta<Coupon>;

/** The two conversion lists' fields (gifts and starter gifts). */
const CONVERSION_LABELS = {
  REF: 'N° conversion',
  CODE_CLIENT: 'Code client',
  CLIENT_NAME: 'Client',
  CODE_CHEF_ZONE: 'Code représentant',
  CHEF_ZONE_NAME: 'Représentant',
  CREATED_AT: 'Date',
  SCAN_DATE: 'Date de scan',
  STATUS: 'Statut',
} as const;

export const giftConversionsMeta = {
  path: 'giftConversion',
  audit: 'Conversions de cadeaux',
  noun: 'cette conversion',
  perPage: GIFTS_PAGE_SIZE,
  defaultSort: { field: 'CREATED_AT', order: 'desc' },
  sortable: ['REF', 'CODE_CLIENT', 'CLIENT_NAME', 'GIFT_NAME', 'CREATED_AT', 'SCAN_DATE', 'POINTS_USED', 'STATUS'],
  labels: { ...CONVERSION_LABELS, GIFT_NAME: 'Cadeau', POINTS_USED: 'Points utilisés', NEW_POINTS: 'Points restants' },
  export: { fileName: 'conversions-cadeaux', title: 'Conversions cadeaux', orientation: 'landscape' },
} as const satisfies ResourceMeta<GiftConversion>;

export const giftPurchasesMeta = {
  path: 'gift-purchases',
  audit: 'Demandes de cadeaux',
  noun: 'cette demande',
  perPage: GIFTS_PAGE_SIZE,
  defaultSort: { field: 'CREATED_AT', order: 'desc' },
  sortable: ['REF', 'CODE_CLIENT', 'CLIENT_NAME', 'GIFT_NAME', 'QTE', 'POINTS', 'STATUS', 'CREATED_AT'],
  labels: {
    REF: 'N° demande',
    CODE_CLIENT: 'Code client',
    CLIENT_NAME: 'Client',
    GIFT_NAME: 'Cadeau',
    GIFT_TYPE: 'Type',
    QTE: 'Quantité',
    POINTS: 'Points',
    STATUS: 'Statut',
    CREATED_AT: 'Date (UTC)',
  },
  export: { fileName: 'demandes-cadeaux', title: 'Demandes de cadeaux', orientation: 'landscape' },
} as const satisfies ResourceMeta<GiftPurchase>;

export const startingGiftPurchasesMeta = {
  path: 'startingGift-purchases',
  audit: 'Conversions de bienvenue',
  noun: 'ce cadeau de bienvenue',
  perPage: GIFTS_PAGE_SIZE,
  defaultSort: { field: 'CREATED_AT', order: 'desc' },
  sortable: ['REF', 'CODE_CLIENT', 'CLIENT_NAME', 'GIFT_NAME', 'CREATED_AT', 'SCAN_DATE', 'STATUS'],
  labels: { ...CONVERSION_LABELS, GIFT_NAME: 'Cadeau de bienvenue' },
  export: { fileName: 'cadeaux-de-bienvenue', title: 'Cadeaux de bienvenue', orientation: 'landscape' },
} as const satisfies ResourceMeta<StarterPurchase>;

export const giftsMeta = {
  path: 'gifts',
  audit: 'Cadeaux',
  noun: 'ce cadeau',
  perPage: GIFTS_PAGE_SIZE,
  // Newest first (the primary key read backwards).
  defaultSort: { field: 'id', order: 'desc' },
  sortable: ['REF', 'NAME'],
  labels: {
    MEDIA: 'Image',
    REF: 'Référence',
    NAME: 'Nom',
    TYPE: 'Type',
    QTS: 'Stock',
    NBR_OF_POINTS: 'Points',
    VOCHER_VALUE: 'Valeur voucher',
    START_DAY: 'Début',
    END_DATE: 'Fin',
    IS_ACTIVE: 'Actif',
    ACTIVITE_NAME: 'Activité',
    DESCRIPTION: 'Description',
  },
  titles: { add: 'Ajouter un cadeau', edit: 'Modifier le cadeau', view: 'Détails du cadeau' },
  export: { fileName: 'cadeaux', title: 'Cadeaux', orientation: 'landscape' },
} as const satisfies ResourceMeta<Gift>;

export const ristournesMeta = {
  path: 'ristournes',
  audit: 'Paliers de ristourne',
  noun: 'cette ristourne',
  perPage: RISTOURNES_PAGE_SIZE,
  defaultSort: { field: 'NUM_RISTOURNE', order: 'asc' },
  sortable: ['NUM_RISTOURNE', 'NAME', 'YEAR', 'VAL_MIN', 'VAL_MAX', 'PERCENTAGE', 'REMISE', 'ACTIVITE_NAME'],
  labels: {
    NUM_RISTOURNE: 'N°',
    NAME: 'Nom',
    YEAR: 'Année',
    VAL_MIN: 'CA min',
    VAL_MAX: 'CA max',
    PERCENTAGE: 'Pourcentage',
    REMISE: 'Remise',
    ACTIVITE_NAME: 'Activité',
    IS_ACTIVE: 'Actif',
  },
  titles: { add: 'Ajouter un palier', edit: 'Modifier le palier', view: 'Détails du palier' },
  export: { fileName: 'ristournes', title: 'Paliers de ristourne', orientation: 'portrait' },
} as const satisfies ResourceMeta<Ristourne>;

export const startingGiftsMeta = {
  path: 'startingGifts',
  audit: 'Cadeaux de bienvenue',
  noun: 'ce cadeau de bienvenue',
  perPage: GIFTS_PAGE_SIZE,
  defaultSort: { field: 'CREATED_AT', order: 'desc' },
  sortable: ['CREATED_AT'],
  labels: {
    'MEDIA.original_url': 'Image',
    REF: 'Référence',
    NAME: 'Titre',
    DESCRIPTION: 'Description',
    CREATED_AT: 'Date',
  },
  titles: { add: 'Ajouter un cadeau de bienvenue', edit: 'Modifier le cadeau de bienvenue', view: 'Détails du cadeau de bienvenue' },
  export: { fileName: 'cadeaux-de-bienvenue', title: 'Cadeaux de bienvenue', orientation: 'landscape' },
} as const satisfies ResourceMeta<StartingGift>;

export const vouchersMeta = {
  path: 'vochers',
  audit: 'Vouchers',
  noun: 'ce voucher',
  perPage: VOUCHERS_PAGE_SIZE,
  // Newest first (the primary key read backwards).
  defaultSort: { field: 'id', order: 'desc' },
  sortable: ['REF'],
  labels: {
    REF: 'Numéro de voucher',
    QTS: 'Quantité',
    SOLDE: 'Solde',
    TYPE_CLIENT_NAME: 'Société',
    CATEGORY_NAME: 'Catégorie',
    IS_ACTIVE: 'Actif',
    START_DAY: 'Début',
    END_DATE: 'Fin',
    DESCRIPTION: 'Description',
  },
  titles: { add: 'Ajouter un voucher', edit: 'Modifier le voucher', view: 'Détails du voucher' },
  export: { fileName: 'vouchers', title: 'Vouchers', orientation: 'landscape' },
} as const satisfies ResourceMeta<Voucher>;

export const voucherPurchasesMeta = {
  path: 'vocher-purchases',
  audit: 'Vouchers clients',
  noun: 'ce voucher',
  perPage: VOUCHERS_PAGE_SIZE,
  defaultSort: { field: 'CREATED_AT', order: 'desc' },
  sortable: ['VOCHER_REF', 'CODE_CLIENT', 'CLIENT_NAME', 'CREATED_AT', 'SOLDE_USED', 'STATUS', 'SCAN_DATE'],
  labels: {
    VOCHER_REF: 'N° voucher',
    CODE_CLIENT: 'Code client',
    CLIENT_NAME: 'Client',
    CREATED_AT: 'Date',
    SOLDE_USED: 'Montant',
    STATUS: 'Statut',
    SCAN_DATE: 'Date de consommation',
    MANUAL_REASON: 'Motif',
  },
  export: { fileName: 'vouchers-clients', title: 'Vouchers clients', orientation: 'landscape' },
} as const satisfies ResourceMeta<VoucherPurchase>;
