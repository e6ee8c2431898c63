import type { Action } from './permissions';
import {
  activitiesMeta,
  auditTrailMeta,
  badgesMeta,
  categoriesMeta,
  circuitsMeta,
  clientsMeta,
  clientTypesMeta,
  clientUsersMeta,
  contactRequestsMeta,
  couponsMeta,
  fluxMeta,
  galleryMeta,
  giftConversionsMeta,
  giftsMeta,
  homeServicesMeta,
  logsMeta,
  ordersMeta,
  partnerToolsMeta,
  productCategoriesMeta,
  productsMeta,
  returnsMeta,
  ristournesMeta,
  startingGiftPurchasesMeta,
  startingGiftsMeta,
  subCategoriesMeta,
  tarifsMeta,
  voucherPurchasesMeta,
  vouchersMeta,
  zoneChiefsMeta,
} from './resources';
import type { ScreenKey } from './screens';

export interface ScreenData {
  /** The API GET (under /api) that feeds the screen; `:id` is an existing row's id. */
  readonly api: string;
  /** Its read action, when the screen needs more than it (see the rule at the top of screens.ts). */
  readonly read?: Action;
}

/**
 * What feeds each screen on the server: a resource's screen names its resource's path (from its
 * metadata), the others the API path itself. Read by the tests (apps/api/test/contract/screen-registry.test.ts,
 * the domain's): kept in a file of its own, not in SCREENS, so the browser bundle does not carry it (nor every
 * resource's metadata, which it reads).
 */
export const SCREEN_DATA: Record<ScreenKey, ScreenData> = {
  dashboard: { api: 'dashboard' },
  users: { api: clientUsersMeta.path },
  clients: { api: clientsMeta.path },
  'client-detail': { api: 'clients/:id' },
  products: { api: productsMeta.path },
  categories: { api: productCategoriesMeta.path, read: 'catalogue:read' },
  gammes: { api: subCategoriesMeta.path, read: 'catalogue:read' },
  tarifs: { api: tarifsMeta.path, read: 'catalogue:read' },
  points: { api: 'clients/points', read: 'points:read' },
  orders: { api: ordersMeta.path },
  returns: { api: returnsMeta.path },
  gifts: { api: giftsMeta.path },
  'gift-conversions': { api: giftConversionsMeta.path, read: 'conversions:read' },
  'offered-points': { api: 'offered-points', read: 'points:read' },
  'starter-gifts': { api: startingGiftsMeta.path },
  'starter-gift-conversions': { api: startingGiftPurchasesMeta.path },
  'vouchers-list': { api: vouchersMeta.path },
  vouchers: { api: voucherPurchasesMeta.path, read: 'voucher-purchases:read' },
  'generer-vouchers': { api: 'ristournes/runs', read: 'ristournes:read' },
  paliers: { api: ristournesMeta.path },
  segmentation: { api: 'ristournes/segmentation' },
  gamifications: { api: badgesMeta.path, read: 'badges:read' },
  coupons: { api: couponsMeta.path },
  templates: { api: 'templating/email' },
  gallery: { api: galleryMeta.path },
  'prises-contacts': { api: contactRequestsMeta.path },
  flux: { api: fluxMeta.path },
  profile: { api: 'profile' },
  'users-backoffice': { api: 'back-office/users' },
  'chef-zone': { api: zoneChiefsMeta.path },
  'type-client': { api: clientTypesMeta.path, read: 'classification:read' },
  'circuit-client': { api: circuitsMeta.path, read: 'classification:read' },
  'activity-client': { api: activitiesMeta.path, read: 'classification:read' },
  'category-client': { api: categoriesMeta.path, read: 'classification:read' },
  banner: { api: 'configs' },
  company: { api: 'settings' },
  programme: { api: 'settings/programme' },
  ledger: { api: 'ledger/verify' },
  'sync-data': { api: 'sync/latest' },
  webhooks: { api: 'webhooks' },
  'site-section': { api: 'pages/home' },
  'site-sections': { api: 'pages/home' },
  'site-blocks': { api: 'pages/home/sections/services' },
  'site-services-by-type': { api: 'service/our-services' },
  'site-services': { api: homeServicesMeta.path },
  'site-tools': { api: partnerToolsMeta.path },
  logs: { api: logsMeta.path },
  audit: { api: auditTrailMeta.path },
};
