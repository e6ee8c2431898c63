import type { Action } from './permissions';

/**
 * The one screen registry (issue 21 §1): every screen under /layout, once. The side menu
 * (`menuFor`), the router (apps/web/src/app/router.tsx maps each key to its React component), the
 * route guard (`redirectFor`) and the landing page read it; a screen is reachable iff the role
 * holds its `action` (`can`). apps/api/test/screen-registry.test.ts calls each screen's `api` for
 * every role: the server serves it exactly to the roles that may open the screen, or that hold
 * its `read` action (see the rule below).
 *
 * Choosing a screen's action. A screen needs the action that its use is about, usually its list's
 * read action. Where roles are given a list's read action only because another screen reads that
 * list (a form's select: the zone chief reads the classification, the catalogue, the badges and
 * the points for the client form; the client detail's vouchers tab; the same conversions under
 * starter_gifts), the screen needs an action those roles lack (the list's write action, or the
 * conversions' prepare action) and names its data's read action in `read`. So a read handed out
 * for a select never adds a menu entry.
 */

export const MENU_GROUPS = [
  { key: 'dashboard', label: 'Accueil', icon: 'pi pi-home' },
  { key: 'contacts', label: 'Contacts', icon: 'pi pi-users' },
  { key: 'referential', label: 'Référentiel', icon: 'pi pi-book' },
  { key: 'orders', label: 'Commandes', icon: 'pi pi-shopping-cart' },
  { key: 'gifts', label: 'Cadeaux', icon: 'pi pi-gift' },
  { key: 'starter-gifts', label: 'Cadeaux de bienvenue', icon: 'pi pi-star' },
  { key: 'ristournes', label: 'Ristournes', icon: 'pi pi-percentage' },
  { key: 'communication', label: 'Communication', icon: 'pi pi-envelope' },
  { key: 'settings', label: 'Paramètres', icon: 'pi pi-cog' },
  // Website content (issue 9 §1): one entry per page, then the services and partner tools lists.
  { key: 'site', label: 'Site web', icon: 'pi pi-globe' },
  { key: 'logs', label: 'Journaux', icon: 'pi pi-history' },
] as const;
export type MenuGroupKey = (typeof MENU_GROUPS)[number]['key'];

export interface ScreenMenuEntry {
  /** The entry's own key (stable: tests and the menu's React keys use it). */
  readonly key: string;
  readonly group: MenuGroupKey;
  readonly label: string;
  readonly icon: string;
  /** The address the entry opens, when the route has parameters or the entry a query; else `/layout/<route>`. */
  readonly path?: string;
}

export interface Screen {
  /** The web app's component for the screen is looked up by this key (router.tsx). */
  readonly key: string;
  /** The router's pattern under /layout (react-router syntax: `:param`, `:param?`, `*`). */
  readonly route: string;
  /** What a role needs to open the screen; `null`: any signed-in user (the own profile). */
  readonly action: Action | null;
  /** The read action of the screen's data, when the screen needs more than it (see the rule above). */
  readonly read?: Action;
  /** The API GET (under /api) that feeds the screen; `:id` is an existing row's id. */
  readonly api: string;
  /** The title bar's text where no menu entry names the screen (the router's `handle.title`). */
  readonly title?: string;
  /** Its menu entries, in menu order within their group; none for screens reached from other screens. */
  readonly menu?: readonly ScreenMenuEntry[];
  /** The spec's redirects: where a role that may not open the screen goes instead of its usual redirect. */
  readonly redirect?: Readonly<Record<string, string>>;
}

export const PROFILE_PATH = '/layout/settings/profile';
export const DASHBOARD_PATH = '/layout/dashboard';

const SITE_PAGES = [
  ['home', 'Accueil', 'pi pi-home'],
  ['about_us', 'À propos', 'pi pi-info-circle'],
  ['our_services', 'Nos services', 'pi pi-briefcase'],
  ['image_annotation', 'Annotation d’images', 'pi pi-image'],
  ['text_annotation', 'Annotation de texte', 'pi pi-align-left'],
  ['audio_annotation', 'Annotation audio', 'pi pi-volume-up'],
  ['video_annotation', 'Annotation vidéo', 'pi pi-video'],
  ['3d_annotation', 'Annotation 3D', 'pi pi-box'],
  ['build_a_team', 'Construire une équipe', 'pi pi-users'],
] as const;

/** Every screen, in menu order (a group's entries are listed in the order of their screens here). */
export const SCREENS = [
  {
    key: 'dashboard',
    route: 'dashboard',
    action: 'dashboard:read',
    api: 'dashboard',
    menu: [{ key: 'dashboard', group: 'dashboard', label: 'Tableau de bord', icon: 'pi pi-chart-bar' }],
    // The dashboard is for full roles: a zone chief goes to his orders, the warehouse to the conversions (issue 10 §2).
    redirect: { chefZone: '/layout/orders', Magasinier: '/layout/conversions' },
  },
  {
    key: 'users',
    route: 'contacts/users',
    action: 'users:read',
    api: 'client-users',
    menu: [{ key: 'users', group: 'contacts', label: 'Utilisateurs', icon: 'pi pi-user' }],
    // Spec 1 §4: the zone chief is sent from the users listing to /layout, i.e. his landing.
    redirect: { chefZone: '/layout' },
  },
  {
    key: 'clients',
    route: 'contacts/clients',
    action: 'clients:read',
    api: 'clients',
    menu: [{ key: 'clients', group: 'contacts', label: 'Clients', icon: 'pi pi-briefcase' }],
  },
  { key: 'client-detail', route: 'contacts/detail-client', action: 'clients:read', api: 'clients/:id', title: 'Contacts / Détail client' },
  {
    key: 'products',
    route: 'products',
    action: 'products:read',
    api: 'products',
    menu: [{ key: 'products', group: 'referential', label: 'Produits', icon: 'pi pi-box' }],
  },
  {
    key: 'categories',
    route: 'categories',
    action: 'catalogue:write',
    read: 'catalogue:read',
    api: 'categories',
    menu: [{ key: 'categories', group: 'referential', label: 'Catégories', icon: 'pi pi-th-large' }],
  },
  {
    key: 'gammes',
    route: 'gammes',
    action: 'catalogue:write',
    read: 'catalogue:read',
    api: 'sub_categories',
    menu: [{ key: 'gammes', group: 'referential', label: 'Gammes', icon: 'pi pi-clone' }],
  },
  {
    key: 'tarifs',
    route: 'tarifs',
    action: 'catalogue:write',
    read: 'catalogue:read',
    api: 'tarifs',
    menu: [{ key: 'tarifs', group: 'referential', label: 'Tarifs', icon: 'pi pi-money-bill' }],
  },
  {
    key: 'points',
    route: 'points',
    action: 'points:write',
    read: 'points:read',
    api: 'clients/points',
    menu: [{ key: 'points', group: 'referential', label: 'Points', icon: 'pi pi-star' }],
  },
  {
    key: 'orders',
    route: 'orders',
    action: 'orders:read',
    api: 'orders',
    menu: [{ key: 'orders', group: 'orders', label: 'Commandes', icon: 'pi pi-shopping-cart' }],
  },
  {
    key: 'returns',
    route: 'retour-marchandises',
    action: 'returns:read',
    api: 'retourMarchandises',
    menu: [{ key: 'returns', group: 'orders', label: 'Retours', icon: 'pi pi-replay' }],
  },
  {
    key: 'gifts',
    route: 'gifts',
    action: 'gifts:read',
    api: 'gifts',
    menu: [{ key: 'gifts', group: 'gifts', label: 'Liste', icon: 'pi pi-gift' }],
  },
  {
    // The gift conversions' own list, where the prepare/ship action lives: the roles that only
    // read conversions see the same rows under starter_gifts.
    key: 'gift-conversions',
    route: 'conversions',
    action: 'conversions:prepare',
    read: 'conversions:read',
    api: 'giftConversion',
    title: 'Cadeaux / Conversions',
    menu: [{ key: 'gift-conversions', group: 'gifts', label: 'Conversions', icon: 'pi pi-sync' }],
  },
  {
    key: 'offered-points',
    route: 'offered-points',
    action: 'points:write',
    read: 'points:read',
    api: 'offered-points',
    menu: [{ key: 'offered-points', group: 'gifts', label: 'Points offerts', icon: 'pi pi-plus-circle' }],
  },
  {
    key: 'starter-gifts',
    route: 'starter_gifts',
    action: 'gifts:read',
    api: 'startingGifts',
    menu: [{ key: 'starter-gifts', group: 'starter-gifts', label: 'Liste', icon: 'pi pi-gift' }],
  },
  {
    // One screen, two entries: the starter-gift requests (`?dem=start`) and the gift conversions.
    key: 'starter-gift-conversions',
    route: 'starter_gifts/conversions',
    action: 'conversions:read',
    api: 'startingGift-purchases',
    title: 'Cadeaux de bienvenue / Conversions',
    menu: [
      {
        key: 'starter-conversions',
        group: 'starter-gifts',
        label: 'Conversions de bienvenue',
        icon: 'pi pi-sync',
        path: '/layout/starter_gifts/conversions?dem=start',
      },
      { key: 'gift-conversions-starter', group: 'starter-gifts', label: 'Conversions cadeaux', icon: 'pi pi-sync' },
    ],
  },
  {
    key: 'vouchers-list',
    route: 'vouchers-list',
    action: 'vouchers:read',
    api: 'vochers',
    menu: [{ key: 'vouchers-list', group: 'ristournes', label: 'Liste des vouchers', icon: 'pi pi-ticket' }],
  },
  {
    // The zone chief reads his clients' vouchers in the client detail only (spec 2: his screens).
    key: 'vouchers',
    route: 'vouchers',
    action: 'voucher-purchases:write',
    read: 'voucher-purchases:read',
    api: 'vocher-purchases',
    menu: [{ key: 'vouchers', group: 'ristournes', label: 'Vouchers clients', icon: 'pi pi-wallet' }],
  },
  {
    key: 'generer-vouchers',
    route: 'generer_vouchers',
    action: 'ristournes:generate',
    read: 'ristournes:read',
    api: 'ristournes/runs',
    menu: [{ key: 'generer-vouchers', group: 'ristournes', label: 'Générer les vouchers', icon: 'pi pi-bolt' }],
  },
  {
    key: 'paliers',
    route: 'ristourne/paliers',
    action: 'ristournes:read',
    api: 'ristournes',
    menu: [{ key: 'paliers', group: 'ristournes', label: 'Paliers', icon: 'pi pi-sort-amount-up' }],
  },
  {
    key: 'segmentation',
    route: 'ristourne/segmentation',
    action: 'ristournes:read',
    api: 'ristournes/segmentation',
    menu: [{ key: 'segmentation', group: 'ristournes', label: 'Segmentation', icon: 'pi pi-sliders-h' }],
  },
  {
    key: 'gamifications',
    route: 'gamifications',
    action: 'badges:write',
    read: 'badges:read',
    api: 'badges',
    menu: [{ key: 'gamifications', group: 'ristournes', label: 'Gamifications', icon: 'pi pi-star' }],
  },
  {
    key: 'coupons',
    route: 'coupons',
    action: 'coupons:read',
    api: 'coupons',
    menu: [{ key: 'coupons', group: 'ristournes', label: 'Coupons', icon: 'pi pi-tag' }],
  },
  {
    key: 'templates',
    route: 'templates/:type',
    action: 'templates:read',
    api: 'templating/email',
    menu: [
      { key: 'templates-email', group: 'communication', label: 'Templates email', icon: 'pi pi-envelope', path: '/layout/templates/email' },
      { key: 'templates-sms', group: 'communication', label: 'Templates SMS', icon: 'pi pi-mobile', path: '/layout/templates/sms' },
    ],
  },
  {
    key: 'gallery',
    route: 'gallery',
    action: 'showcase:read',
    api: 'gallery',
    menu: [{ key: 'gallery', group: 'communication', label: 'Galerie', icon: 'pi pi-images' }],
  },
  {
    key: 'prises-contacts',
    route: 'prises-contacts',
    action: 'contact-requests:read',
    api: 'contacts',
    menu: [{ key: 'prises-contacts', group: 'communication', label: 'Prises de contact', icon: 'pi pi-inbox' }],
  },
  {
    key: 'flux',
    route: 'flux',
    action: 'flux:read',
    api: 'flux',
    menu: [{ key: 'flux', group: 'communication', label: 'Flux', icon: 'pi pi-bell' }],
  },
  {
    key: 'profile',
    route: 'settings/profile',
    action: null,
    api: 'profile',
    menu: [{ key: 'profile', group: 'settings', label: 'Mon profil', icon: 'pi pi-user' }],
  },
  {
    key: 'users-backoffice',
    route: 'settings/users_backoffice',
    action: 'users:read',
    api: 'back-office/users',
    menu: [{ key: 'users-backoffice', group: 'settings', label: 'Utilisateurs back-office', icon: 'pi pi-users' }],
  },
  {
    key: 'chef-zone',
    route: 'settings/chef-zone',
    action: 'chefzone:read',
    api: 'chef-zone',
    menu: [{ key: 'chef-zone', group: 'settings', label: 'Chefs de zone', icon: 'pi pi-map-marker' }],
  },
  {
    key: 'type-client',
    route: 'settings/type-client',
    action: 'classification:write',
    read: 'classification:read',
    api: 'typeclients',
    menu: [{ key: 'type-client', group: 'settings', label: 'Types de clients', icon: 'pi pi-id-card' }],
  },
  {
    key: 'circuit-client',
    route: 'settings/circuit-client',
    action: 'classification:write',
    read: 'classification:read',
    api: 'clients_circuits',
    menu: [{ key: 'circuit-client', group: 'settings', label: 'Circuits', icon: 'pi pi-sitemap' }],
  },
  {
    key: 'activity-client',
    route: 'settings/activity-client',
    action: 'classification:write',
    read: 'classification:read',
    api: 'clients_activities',
    menu: [{ key: 'activity-client', group: 'settings', label: 'Activités', icon: 'pi pi-briefcase' }],
  },
  {
    key: 'category-client',
    route: 'settings/category-client',
    action: 'classification:write',
    read: 'classification:read',
    api: 'clients_categories',
    menu: [{ key: 'category-client', group: 'settings', label: 'Catégories de clients', icon: 'pi pi-tags' }],
  },
  {
    key: 'banner',
    route: 'settings/banner',
    action: 'settings:read',
    api: 'configs',
    menu: [{ key: 'banner', group: 'settings', label: 'Bannière et pop-up', icon: 'pi pi-image' }],
  },
  {
    key: 'company',
    route: 'settings/company',
    action: 'settings:read',
    api: 'settings',
    menu: [{ key: 'company', group: 'settings', label: 'Société', icon: 'pi pi-building' }],
  },
  {
    key: 'sync-data',
    route: 'settings/data',
    action: 'sync:run',
    api: 'sync/latest',
    menu: [{ key: 'sync-data', group: 'settings', label: 'Synchronisation', icon: 'pi pi-sync' }],
  },
  {
    key: 'site-section',
    route: 'containers/introduction/:page/:section',
    action: 'site:read',
    api: 'pages/home',
    title: 'Site web / Sections',
    menu: SITE_PAGES.map(([page, label, icon]) => ({
      key: `site-${page}`,
      group: 'site' as const,
      label,
      icon,
      path: `/layout/containers/introduction/${page}/introduction`,
    })),
  },
  // The section editor's second address (spec 3 §4), reached from the editor itself.
  { key: 'site-sections', route: 'sections/:page/:section?/*', action: 'site:read', api: 'pages/home', title: 'Site web / Sections' },
  { key: 'site-blocks', route: 'containers/blocks/:page/:section', action: 'site:read', api: 'pages/home/sections/services', title: 'Site web / Blocs' },
  // One services list per service type, opened from the services screen.
  { key: 'site-services-by-type', route: 'contents/service/:type', action: 'showcase:read', api: 'service/our-services', title: 'Site web / Services' },
  {
    key: 'site-services',
    route: 'contents/services',
    action: 'showcase:read',
    api: 'services',
    title: 'Site web / Services',
    menu: [{ key: 'site-services', group: 'site', label: 'Services', icon: 'pi pi-th-large' }],
  },
  {
    key: 'site-tools',
    route: 'contents/tools',
    action: 'showcase:read',
    api: 'tools',
    title: 'Site web / Outils partenaires',
    menu: [{ key: 'site-tools', group: 'site', label: 'Outils partenaires', icon: 'pi pi-wrench' }],
  },
  // Connection logs and audit trail (issue 10 §3, §4)
  {
    key: 'logs',
    route: 'logs',
    action: 'logs:read',
    api: 'logs',
    title: 'Journaux / Connexions',
    menu: [{ key: 'logs', group: 'logs', label: 'Connexions', icon: 'pi pi-sign-in' }],
  },
  {
    key: 'audit',
    route: 'logs/audit',
    action: 'audit:read',
    api: 'audit',
    title: "Journaux / Journal d'audit",
    menu: [{ key: 'audit', group: 'logs', label: "Journal d'audit", icon: 'pi pi-list-check' }],
  },
] as const satisfies readonly Screen[];

export type ScreenKey = (typeof SCREENS)[number]['key'];

/** A menu entry with the address it opens. */
export interface MenuEntry {
  key: string;
  label: string;
  path: string;
  icon: string;
  /** The registry screen the entry opens. */
  screen: ScreenKey;
}
export interface MenuGroup {
  key: string;
  label: string;
  icon: string;
  entries: MenuEntry[];
}

const screens: readonly Screen[] = SCREENS;

/** The whole side menu, in the spec's group order (menuFor keeps the entries a role may open). */
export const MENU: MenuGroup[] = MENU_GROUPS.map((g) => ({
  ...g,
  entries: SCREENS.flatMap((s) =>
    ((s as Screen).menu ?? [])
      .filter((e) => e.group === g.key)
      .map((e) => ({ key: e.key, label: e.label, icon: e.icon, path: e.path ?? `/layout/${s.route}`, screen: s.key })),
  ),
}));

// react-router matches a path's segments case-insensitively and decoded: so does the guard.
const segments = (path: string) =>
  path
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s).toLowerCase();
      } catch {
        return s.toLowerCase();
      }
    });

function matches(route: string, path: readonly string[]): boolean {
  const pattern = route.split('/');
  let i = 0;
  for (const p of pattern) {
    if (p === '*') return true;
    if (p.startsWith(':')) {
      if (i < path.length) i++;
      else if (!p.endsWith('?')) return false;
      continue;
    }
    if (path[i] !== p.toLowerCase()) return false;
    i++;
  }
  return i === path.length;
}

/** The pathname's part under /layout, as segments; null when it is not under /layout. */
function underLayout(pathname: string): string[] | null {
  const all = segments(pathname.split('?')[0].split('#')[0]);
  return all[0] === 'layout' ? all.slice(1) : null;
}

/** The registry screen a /layout pathname opens, if any (the router's matching, simplified to what the registry uses). */
export function screenAt(pathname: string): Screen | undefined {
  const path = underLayout(pathname);
  if (!path?.length) return undefined;
  // A pattern without parameters wins over one with, as react-router ranks them.
  const found = screens.filter((s) => matches(s.route, path));
  return found.find((s) => !s.route.includes(':') && !s.route.includes('*')) ?? found[0];
}

/** The first segment of a pathname under /layout (`contacts` for /layout/contacts/...). */
export const sectionOf = (pathname: string): string | undefined => underLayout(pathname)?.[0];
export const routeSection = (screen: Screen): string => screen.route.split('/')[0].toLowerCase();

export const screenByKey = (key: ScreenKey): Screen => screens.find((s) => s.key === key)!;
