import type { Badge } from './badges';
import { BADGES_PAGE_SIZE } from './badges';
import { CATALOGUE_PAGE_SIZE, type ProductCategory, type SubCategory, type Tarif } from './catalogue';
import type { Activity, Category, Circuit, ClientType } from './classification';
import type { Client } from './clients';
import type { MessageTemplate } from './communication';
import { FLUX_PAGE_SIZE, type FluxDetail } from './flux';
import { GIFTS_PAGE_SIZE, type Gift, type GiftConversion, type GiftPurchase, type StarterPurchase, type StartingGift } from './gifts';
import { AUDIT_PAGE_SIZE, type AuditEntry, type ConnectionLog, LOGS_PAGE_SIZE } from './logs';
import { ORDERS_PAGE_SIZE, type Order } from './orders';
import { type Brand, PRODUCTS_PAGE_SIZE, type Product, type ProductPoint } from './products';
import { RETURNS_PAGE_SIZE, type GoodsReturn } from './returns';
import { RISTOURNES_PAGE_SIZE, type Ristourne } from './ristournes';
import { type ContactRequest, type GalleryItem, type HomeService, type PartnerTool, SHOWCASE_PAGE_SIZE, type WebsiteService } from './showcase';
import { BLOCKS_PAGE_SIZE, type Block, type Section } from './site';
import type { ClientUser, StaffUser, ZoneChief } from './staff';
import { type Coupon, type Voucher, type VoucherPurchase, VOUCHERS_PAGE_SIZE } from './vouchers';

/**
 * What the API and the list screen both say about a resource, declared once here: the API's
 * `defineResource` takes it as `meta` (the route, messages, default paging and order, the sort keys
 * its fields must declare, the export's file) and `ResourcePage` as `resource` (the calls, the delete
 * confirmation, the paginator, the sort arrows, the dialog titles). Plain data: no I/O, nothing that
 * would weigh on the sign-in bundle (each object is tree-shaken when unused).
 */
export interface ResourceMeta<Row = Record<string, unknown>> {
  /** URL segment under /api, as the spec names it (e.g. "clients_circuits"); also the audit and media entity name. */
  readonly path: string;
  /** French noun with article ("ce circuit"): the API's messages and the delete confirmation. */
  readonly noun: string;
  /** Rows per page when the call does not say. */
  readonly perPage: number;
  /** Order of a list that asks for none (`id` is always sortable). */
  readonly defaultSort: { readonly field: (keyof Row & string) | 'id'; readonly order: 'asc' | 'desc' };
  /**
   * The API's sort keys besides `id`: exactly the fields declared with `sort` (the API's type-check
   * and apps/api/test/resource-meta.test.ts hold it), and the only keys a list column may sort on.
   */
  readonly sortable: readonly (keyof Row & string)[];
  /** Titles of the add / edit / view dialog, where the screen's titles do not depend on its state. */
  readonly titles?: { readonly add: string; readonly edit: string; readonly view: string };
  /** The CSV/XLSX/PDF export's file name (without extension), its title and the PDF's page orientation. */
  readonly export: { readonly fileName: string; readonly title: string; readonly orientation: 'landscape' | 'portrait' };
}

/** Every sort key the API accepts for this resource. */
export const sortKeysOf = (meta: ResourceMeta<never>): readonly string[] => ['id', ...meta.sortable];

export const brandsMeta = {
  path: 'brands',
  noun: 'cette marque',
  perPage: CATALOGUE_PAGE_SIZE,
  defaultSort: { field: 'NAME', order: 'asc' },
  sortable: ['NAME'],
  export: { fileName: 'marques', title: 'Marques', orientation: 'portrait' },
} as const satisfies ResourceMeta<Brand>;

export const productCategoriesMeta = {
  path: 'categories',
  noun: 'cette catégorie',
  perPage: CATALOGUE_PAGE_SIZE,
  defaultSort: { field: 'Ordre', order: 'asc' },
  sortable: ['CODE_CATEGORIE', 'NAME', 'Ordre'],
  titles: { add: 'Ajouter une catégorie', edit: 'Modifier la catégorie', view: 'Détails de la catégorie' },
  export: { fileName: 'categories', title: 'Catégories de produits', orientation: 'landscape' },
} as const satisfies ResourceMeta<ProductCategory>;

export const productPointsMeta = {
  path: 'showProductPoint',
  noun: 'cette période',
  perPage: CATALOGUE_PAGE_SIZE,
  defaultSort: { field: 'DATE_DEBUT', order: 'desc' },
  sortable: ['PRODUCT_REF', 'LABEL', 'points', 'DATE_DEBUT', 'DATE_FIN'],
  titles: { add: 'Ajouter des points produit', edit: 'Modifier les points produit', view: 'Détails des points produit' },
  export: { fileName: 'points-produits', title: 'Points produits', orientation: 'landscape' },
} as const satisfies ResourceMeta<ProductPoint>;

export const productsMeta = {
  path: 'products',
  noun: 'ce produit',
  perPage: PRODUCTS_PAGE_SIZE,
  defaultSort: { field: 'position', order: 'asc' },
  sortable: ['position', 'REF', 'LABEL', 'CATEGORY_NAME', 'PRICE_HT', 'PRICE_TTC', 'POINTS', 'IS_NEW', 'VISIBLE', 'ORDER_NEW', 'QTE'],
  titles: { add: 'Ajouter un produit', edit: 'Modifier le produit', view: 'Détails du produit' },
  export: { fileName: 'produits', title: 'Produits', orientation: 'landscape' },
} as const satisfies ResourceMeta<Product>;

export const subCategoriesMeta = {
  path: 'sub_categories',
  noun: 'cette gamme',
  perPage: CATALOGUE_PAGE_SIZE,
  defaultSort: { field: 'NAME', order: 'asc' },
  sortable: ['NAME', 'LABEL', 'CODE_CATEGORIE'],
  titles: { add: 'Ajouter une gamme', edit: 'Modifier la gamme', view: 'Détails de la gamme' },
  export: { fileName: 'gammes', title: 'Gammes', orientation: 'landscape' },
} as const satisfies ResourceMeta<SubCategory>;

export const tarifsMeta = {
  path: 'tarifs',
  noun: 'ce tarif',
  perPage: CATALOGUE_PAGE_SIZE,
  defaultSort: { field: 'MSTRDAT', order: 'desc' },
  sortable: ['ARTICLE', 'REMISE', 'MSTRDAT', 'MENDDAT', 'PHT', 'CIRCUIT'],
  titles: { add: 'Ajouter un tarif', edit: 'Modifier le tarif', view: 'Détails du tarif' },
  export: { fileName: 'tarifs', title: 'Tarifs', orientation: 'landscape' },
} as const satisfies ResourceMeta<Tarif>;

// The client classification lists show 50 rows (spec 1 §9).
export const activitiesMeta = {
  path: 'clients_activities',
  noun: 'cette activité',
  perPage: 50,
  defaultSort: { field: 'NAME', order: 'asc' },
  sortable: ['NAME', 'CODE', 'CIRCUIT_NAME', 'E_COMMERCE', 'FIDELITE', 'REMISE_RISTOUNE'],
  titles: { add: 'Ajouter une activité', edit: "Modifier l'activité", view: "Détails de l'activité" },
  export: { fileName: 'activites', title: 'Activités', orientation: 'landscape' },
} as const satisfies ResourceMeta<Activity>;

export const categoriesMeta = {
  path: 'clients_categories',
  noun: 'cette catégorie',
  perPage: 50,
  defaultSort: { field: 'NAME', order: 'asc' },
  sortable: ['NAME', 'ACTIVITE_NAME', 'DESCRIPTION'],
  titles: { add: 'Ajouter une catégorie', edit: 'Modifier la catégorie', view: 'Détails de la catégorie' },
  export: { fileName: 'categories-clients', title: 'Catégories de clients', orientation: 'landscape' },
} as const satisfies ResourceMeta<Category>;

export const circuitsMeta = {
  path: 'clients_circuits',
  noun: 'ce circuit',
  perPage: 50,
  defaultSort: { field: 'NAME', order: 'asc' },
  sortable: ['NAME', 'DESCRIPTION'],
  titles: { add: 'Ajouter un circuit', edit: 'Modifier le circuit', view: 'Détails du circuit' },
  export: { fileName: 'circuits', title: 'Circuits', orientation: 'landscape' },
} as const satisfies ResourceMeta<Circuit>;

export const clientTypesMeta = {
  path: 'typeclients',
  noun: 'ce type de client',
  perPage: 50,
  defaultSort: { field: 'position', order: 'asc' },
  sortable: ['position', 'NAME'],
  titles: { add: 'Ajouter un type de client', edit: 'Modifier le type de client', view: 'Détails du type de client' },
  export: { fileName: 'types-clients', title: 'Types de clients', orientation: 'landscape' },
} as const satisfies ResourceMeta<ClientType>;

export const templatesMeta = {
  path: 'templating',
  noun: 'ce modèle',
  perPage: 50,
  defaultSort: { field: 'NOM_DU_MODÈLE', order: 'asc' },
  sortable: ['NOM_DU_MODÈLE', 'SUJET', 'TYPE'],
  export: { fileName: 'modeles', title: 'Modèles de messages', orientation: 'portrait' },
} as const satisfies ResourceMeta<MessageTemplate>;

export const clientsMeta = {
  path: 'clients',
  noun: 'ce client',
  perPage: 100,
  defaultSort: { field: 'CODE_CLIENT', order: 'asc' },
  sortable: ['CODE_CLIENT', 'NAME', 'GSM', 'GSM_SYS', 'GSM_FID', 'CHEF_ZONE_NAME', 'BADGE_NAME', 'ANCIENNETE', 'POINTS_FID', 'POINTS_FID_N', 'REMISE_GLOBAL', 'REMISE_N', 'REMISE_N_1', 'CA_N_1', 'RISTOURNE_SOLDE_N_1', 'RISTOURNE_N_1', 'RISTOURNE_RESTE', 'INSCRIPTION', 'LASTUSE', 'IS_ACTIVE', 'STATUS'],
  export: { fileName: 'clients', title: 'Clients', orientation: 'landscape' },
} as const satisfies ResourceMeta<Client>;

export const fluxMeta = {
  path: 'flux',
  noun: 'cette notification',
  perPage: FLUX_PAGE_SIZE,
  defaultSort: { field: 'DATE', order: 'desc' },
  sortable: ['TITLE', 'DATE', 'RECIPIENTS'],
  export: { fileName: 'flux', title: 'Notifications', orientation: 'portrait' },
} as const satisfies ResourceMeta<FluxDetail>;

export const auditTrailMeta = {
  path: 'audit',
  noun: 'cette entrée',
  perPage: AUDIT_PAGE_SIZE,
  defaultSort: { field: 'AT', order: 'desc' },
  sortable: ['AT', 'USER_EMAIL', 'ACTION', 'ENTITY'],
  export: { fileName: 'journal-audit', title: "Journal d'audit", orientation: 'landscape' },
} as const satisfies ResourceMeta<AuditEntry>;

export const logsMeta = {
  path: 'logs',
  noun: 'ce journal',
  perPage: LOGS_PAGE_SIZE,
  defaultSort: { field: 'DATE_LOGIN', order: 'desc' },
  sortable: ['PLATFORM', 'DEVICE_NAME', 'CLIENT', 'USER', 'DATE_LOGIN'],
  export: { fileName: 'journal-connexions', title: 'Journal des connexions', orientation: 'portrait' },
} as const satisfies ResourceMeta<ConnectionLog>;

export const badgesMeta = {
  path: 'badges',
  noun: 'ce badge',
  perPage: BADGES_PAGE_SIZE,
  defaultSort: { field: 'id', order: 'asc' },
  sortable: ['NAME'],
  export: { fileName: 'badges', title: 'Badges', orientation: 'landscape' },
} as const satisfies ResourceMeta<Badge>;

export const ordersMeta = {
  path: 'orders',
  noun: 'cette commande',
  perPage: ORDERS_PAGE_SIZE,
  defaultSort: { field: 'CREATED_AT', order: 'desc' },
  sortable: ['NUM_ORDER', 'CODE_CLIENT', 'NAME_CLIENT', 'CREATED_AT', 'DESTINATION', 'CDZ', 'SITE', 'STATUS', 'TOTAL_NET_TTC', 'TOTAL_POINTS'],
  export: { fileName: 'commandes', title: 'Commandes', orientation: 'landscape' },
} as const satisfies ResourceMeta<Order>;

export const returnsMeta = {
  path: 'retourMarchandises',
  noun: 'ce retour',
  perPage: RETURNS_PAGE_SIZE,
  defaultSort: { field: 'CREATED_AT', order: 'desc' },
  sortable: ['NUM_RETOUR', 'CLIENT_NAME', 'CODE_CLIENT', 'CREATED_AT', 'ADDRESS'],
  export: { fileName: 'retours', title: 'Retours de marchandises', orientation: 'landscape' },
} as const satisfies ResourceMeta<GoodsReturn>;

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

export const contactRequestsMeta = {
  path: 'contacts',
  noun: 'cette prise de contact',
  perPage: SHOWCASE_PAGE_SIZE,
  defaultSort: { field: 'created_at', order: 'desc' },
  sortable: ['NAME', 'GSM', 'created_at'],
  titles: { add: 'Ajouter une prise de contact', edit: 'Modifier la prise de contact', view: 'Détails de la prise de contact' },
  export: { fileName: 'prises-de-contact', title: 'Prises de contact', orientation: 'landscape' },
} as const satisfies ResourceMeta<ContactRequest>;

export const galleryMeta = {
  path: 'gallery',
  noun: 'cet élément',
  perPage: SHOWCASE_PAGE_SIZE,
  defaultSort: { field: 'POSITION', order: 'asc' },
  sortable: ['POSITION', 'TITLE', 'TYPE'],
  titles: { add: 'Ajouter à la galerie', edit: 'Modifier l’élément', view: 'Détails de l’élément' },
  export: { fileName: 'galerie', title: 'Galerie', orientation: 'landscape' },
} as const satisfies ResourceMeta<GalleryItem>;

export const homeServicesMeta = {
  path: 'services',
  noun: 'cet service',
  perPage: SHOWCASE_PAGE_SIZE,
  defaultSort: { field: 'position', order: 'asc' },
  sortable: ['position', 'title_fr', 'title_en'],
  titles: { add: 'Ajouter un service', edit: 'Modifier le service', view: 'Détails du service' },
  export: { fileName: 'services-accueil', title: 'Services de la page d’accueil', orientation: 'landscape' },
} as const satisfies ResourceMeta<HomeService>;

export const websiteServicesMeta = {
  path: 'service',
  noun: 'cet service',
  perPage: SHOWCASE_PAGE_SIZE,
  defaultSort: { field: 'position', order: 'asc' },
  sortable: ['position', 'title_fr', 'title_en'],
  export: { fileName: 'services', title: 'Services du site', orientation: 'landscape' },
} as const satisfies ResourceMeta<WebsiteService>;

export const partnerToolsMeta = {
  path: 'tools',
  noun: 'ce partenaire',
  perPage: SHOWCASE_PAGE_SIZE,
  defaultSort: { field: 'position', order: 'asc' },
  sortable: ['position', 'name', 'site_web'],
  titles: { add: 'Ajouter un partenaire', edit: 'Modifier le partenaire', view: 'Détails du partenaire' },
  export: { fileName: 'outils-partenaires', title: 'Outils partenaires', orientation: 'landscape' },
} as const satisfies ResourceMeta<PartnerTool>;

export const blocksMeta = {
  path: 'blocs',
  noun: 'ce bloc',
  perPage: BLOCKS_PAGE_SIZE,
  defaultSort: { field: 'position', order: 'asc' },
  sortable: ['position', 'key', 'title_fr', 'title_en'],
  titles: { add: 'Ajouter un bloc', edit: 'Modifier le bloc', view: 'Détails du bloc' },
  export: { fileName: 'blocs', title: 'Blocs de section', orientation: 'landscape' },
} as const satisfies ResourceMeta<Block>;

export const sectionsMeta = {
  path: 'sections',
  noun: 'cette section',
  perPage: 50,
  defaultSort: { field: 'position', order: 'asc' },
  sortable: ['key', 'position'],
  export: { fileName: 'sections', title: 'Sections', orientation: 'landscape' },
} as const satisfies ResourceMeta<Section>;

// Staff lists (back-office users, zone chiefs, client users): their API still declares these inline
// until they move onto the generic router; the screens' sort columns are checked against them.

export const zoneChiefsMeta = {
  path: 'chef-zone',
  noun: 'ce chef de zone',
  perPage: 50,
  defaultSort: { field: 'CODE_CHEF_ZONE', order: 'asc' },
  sortable: ['CODE_CHEF_ZONE', 'FIRSTNAME', 'LASTNAME', 'EMAIL', 'GSM', 'STATUS'],
  export: { fileName: 'chefs-de-zone', title: 'Chefs de zone', orientation: 'landscape' },
} as const satisfies ResourceMeta<ZoneChief>;

export const staffUsersMeta = {
  path: 'users',
  noun: 'cet utilisateur',
  perPage: 50,
  defaultSort: { field: 'LASTNAME', order: 'asc' },
  sortable: ['FIRSTNAME', 'LASTNAME', 'EMAIL', 'GSM', 'role', 'TYPE_CLIENT_NAME', 'STATUS'],
  export: { fileName: 'utilisateurs-back-office', title: 'Utilisateurs back-office', orientation: 'landscape' },
} as const satisfies ResourceMeta<StaffUser>;

export const clientUsersMeta = {
  path: 'client-users',
  noun: 'cet utilisateur',
  perPage: 50,
  defaultSort: { field: 'LASTNAME', order: 'asc' },
  sortable: ['LASTNAME', 'FIRSTNAME', 'EMAIL', 'GSM', 'CODE_CLIENT', 'CLIENT_NAME', 'GOUVERNORAT', 'STATUS'],
  export: { fileName: 'utilisateurs', title: 'Utilisateurs', orientation: 'landscape' },
} as const satisfies ResourceMeta<ClientUser>;
