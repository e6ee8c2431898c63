import { landingFor, MENU, menuFor, PROFILE_PATH } from '@app/domain';

/**
 * The protected paths that have a screen today. The landing falls back on them: the role's
 * landing when it exists, else the first menu entry that exists, else the profile. Add a path here
 * when its screen lands in router.tsx.
 */
export const IMPLEMENTED_PATHS: readonly string[] = [
  PROFILE_PATH,
  '/layout/contacts/users',
  '/layout/contacts/clients',
  '/layout/contacts/detail-client',
  '/layout/templates/email',
  '/layout/templates/sms',
  '/layout/settings/users_backoffice',
  '/layout/settings/chef-zone',
  '/layout/settings/type-client',
  '/layout/settings/circuit-client',
  '/layout/settings/activity-client',
  '/layout/settings/category-client',
  '/layout/gamifications',
  '/layout/points',
  '/layout/offered-points',
  '/layout/products',
  '/layout/orders',
  '/layout/retour-marchandises',
  '/layout/categories',
  '/layout/gammes',
  '/layout/tarifs',
  '/layout/gifts',
  '/layout/starter_gifts',
  '/layout/vouchers-list',
  '/layout/coupons',
  '/layout/ristourne/paliers',
  '/layout/ristourne/segmentation',
  '/layout/conversions',
  '/layout/starter_gifts/conversions',
  '/layout/vouchers',
  '/layout/generer_vouchers',
  // Website content (issue 9 §1): the section editor of each page (read from the menu: importing
  // the page list would pull the site's form rules into the sign-in bundle).
  '/layout/logs',
  '/layout/logs/audit',
  '/layout/flux',
  '/layout/dashboard',
  '/layout/settings/banner',
  '/layout/settings/company',
  ...(MENU.find((g) => g.key === 'site')?.entries ?? []).map((e) => e.path).filter((p) => p.startsWith('/layout/containers/')),
  '/layout/contents/service/our-services',
  '/layout/contents/service/image-annotation',
  '/layout/contents/service/text-annotation',
  '/layout/contents/service/video-annotation',
  '/layout/contents/service/audio-annotation',
  '/layout/contents/service/3d-annotation',
  '/layout/contents/services',
  '/layout/contents/tools',
  '/layout/gallery',
  '/layout/prises-contacts',
  '/layout/settings/data',
];

const pathOnly = (to: string) => to.split('?')[0].split('#')[0];

export function isImplemented(to: string): boolean {
  return IMPLEMENTED_PATHS.includes(pathOnly(to));
}

export function landingPath(role: string | null | undefined): string {
  const landing = landingFor(role);
  if (isImplemented(landing)) return landing;
  const first = menuFor(role)
    .flatMap((g) => g.entries)
    .find((e) => isImplemented(e.path));
  return first?.path ?? PROFILE_PATH;
}
