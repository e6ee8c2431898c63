import type { Action } from './permissions';

/**
 * The one screen registry: every screen under /layout, once. The side menu
 * (`menuFor`), the router (apps/web/src/app/router.tsx maps each key to its React component), the
 * route guard (`redirectFor`) and the landing page read it; a screen is reachable iff the role
 * holds its `action` (`can`). apps/api/test/contract/screen-registry.test.ts calls each screen's GET
 * (SCREEN_DATA) for every role: the server serves it exactly to the roles that may open the
 * screen, or that hold its data's `read` action (see the rule below).
 *
 * Choosing a screen's action. A screen needs the action that its use is about, usually its list's
 * read action. Where roles are given a list's read action only because another screen reads that
 * list (a form's select: the zone chief reads the classification, the catalogue, the badges and
 * the points for the client form; the client detail's vouchers tab; the same conversions under
 * starter_gifts), the screen needs an action those roles lack (the list's write action, or the
 * conversions' prepare action), and SCREEN_DATA names its data's read action in `read`. So a read
 * handed out for a select never adds a menu entry.
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
  // Website content: one entry per page, then the services and partner tools lists.
  { key: 'site', label: 'Site web', icon: 'pi pi-globe' },
  { key: 'logs', label: 'Journaux', icon: 'pi pi-history' },
] as const;
export type MenuGroupKey = (typeof MENU_GROUPS)[number]['key'];

export interface ScreenMenuEntry {
  /** The entry's own key (stable: tests and the menu's React keys use it); the screen's key by default. */
  readonly key?: string;
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
  /** The title bar's text where no menu entry names the screen (the router's `handle.title`). */
  readonly title?: string;
  /** The menu group of its entries. */
  readonly group?: MenuGroupKey;
  /** Its menu entries, in menu order within their group; none for screens reached from other screens. */
  readonly menu?: readonly ScreenMenuEntry[];
  /** The spec's redirects: where a role that may not open the screen goes instead of its usual redirect. */
  readonly redirect?: Readonly<Record<string, string>>;
}

/** The sign-in page, where a signed-out user goes. */
export const SIGN_IN_PATH = '/';
/** The back office: every screen's address is below it; the address itself opens the role's landing page. */
export const LAYOUT_PATH = '/layout';

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
    group: 'dashboard',
    menu: [{ label: 'Tableau de bord', icon: 'pi pi-chart-bar' }],
    // The dashboard is for full roles: a zone chief goes to his orders, the warehouse to the conversions.
    redirect: { chefZone: '/layout/orders', Magasinier: '/layout/conversions' },
  },
  {
    key: 'users',
    route: 'contacts/users',
    action: 'users:read',
    group: 'contacts',
    menu: [{ label: 'Utilisateurs', icon: 'pi pi-user' }],
    // As in the older product, the zone chief is sent from the users listing to /layout, i.e. his landing.
    redirect: { chefZone: '/layout' },
  },
  {
    key: 'clients',
    route: 'contacts/clients',
    action: 'clients:read',
    group: 'contacts',
    menu: [{ label: 'Clients', icon: 'pi pi-briefcase' }],
  },
  { key: 'client-detail', route: 'contacts/detail-client', action: 'clients:read', title: 'Contacts / Détail client' },
  {
    key: 'products',
    route: 'products',
    action: 'products:read',
    group: 'referential',
    menu: [{ label: 'Produits', icon: 'pi pi-box' }],
  },
  {
    key: 'categories',
    route: 'categories',
    action: 'catalogue:write',
    group: 'referential',
    menu: [{ label: 'Catégories', icon: 'pi pi-th-large' }],
  },
  {
    key: 'gammes',
    route: 'gammes',
    action: 'catalogue:write',
    group: 'referential',
    menu: [{ label: 'Gammes', icon: 'pi pi-clone' }],
  },
  {
    key: 'tarifs',
    route: 'tarifs',
    action: 'catalogue:write',
    group: 'referential',
    menu: [{ label: 'Tarifs', icon: 'pi pi-money-bill' }],
  },
  {
    key: 'points',
    route: 'points',
    action: 'points:write',
    group: 'referential',
    menu: [{ label: 'Points', icon: 'pi pi-star' }],
  },
  {
    key: 'orders',
    route: 'orders',
    action: 'orders:read',
    group: 'orders',
    menu: [{ label: 'Commandes', icon: 'pi pi-shopping-cart' }],
  },
  {
    key: 'returns',
    route: 'retour-marchandises',
    action: 'returns:read',
    group: 'orders',
    menu: [{ label: 'Retours', icon: 'pi pi-replay' }],
  },
  {
    key: 'gifts',
    route: 'gifts',
    action: 'gifts:read',
    group: 'gifts',
    menu: [{ label: 'Liste', icon: 'pi pi-gift' }],
  },
  {
    // The gift conversions' own list, where the prepare/ship action lives: the roles that only
    // read conversions see the same rows under starter_gifts.
    key: 'gift-conversions',
    route: 'conversions',
    action: 'conversions:prepare',
    title: 'Cadeaux / Conversions',
    group: 'gifts',
    menu: [{ label: 'Conversions', icon: 'pi pi-sync' }],
  },
  {
    key: 'offered-points',
    route: 'offered-points',
    action: 'points:write',
    group: 'gifts',
    menu: [{ label: 'Points offerts', icon: 'pi pi-plus-circle' }],
  },
  {
    key: 'starter-gifts',
    route: 'starter_gifts',
    action: 'gifts:read',
    group: 'starter-gifts',
    menu: [{ label: 'Liste', icon: 'pi pi-gift' }],
  },
  {
    // One screen, two entries: the starter-gift requests (`?dem=start`) and the gift conversions.
    key: 'starter-gift-conversions',
    route: 'starter_gifts/conversions',
    action: 'conversions:read',
    title: 'Cadeaux de bienvenue / Conversions',
    group: 'starter-gifts',
    menu: [
      {
        key: 'starter-conversions',
        label: 'Conversions de bienvenue',
        icon: 'pi pi-sync',
        path: '/layout/starter_gifts/conversions?dem=start',
      },
      { key: 'gift-conversions-starter', label: 'Conversions cadeaux', icon: 'pi pi-sync' },
    ],
  },
  {
    key: 'vouchers-list',
    route: 'vouchers-list',
    action: 'vouchers:read',
    group: 'ristournes',
    menu: [{ label: 'Liste des vouchers', icon: 'pi pi-ticket' }],
  },
  {
    // The zone chief reads his clients' vouchers in the client detail only.
    key: 'vouchers',
    route: 'vouchers',
    action: 'voucher-purchases:write',
    group: 'ristournes',
    menu: [{ label: 'Vouchers clients', icon: 'pi pi-wallet' }],
  },
  {
    key: 'generer-vouchers',
    route: 'generer_vouchers',
    action: 'ristournes:generate',
    group: 'ristournes',
    menu: [{ label: 'Générer les vouchers', icon: 'pi pi-bolt' }],
  },
  {
    key: 'paliers',
    route: 'ristourne/paliers',
    action: 'ristournes:read',
    group: 'ristournes',
    menu: [{ label: 'Paliers', icon: 'pi pi-sort-amount-up' }],
  },
  {
    key: 'segmentation',
    route: 'ristourne/segmentation',
    action: 'ristournes:read',
    group: 'ristournes',
    menu: [{ label: 'Segmentation', icon: 'pi pi-sliders-h' }],
  },
  {
    key: 'gamifications',
    route: 'gamifications',
    action: 'badges:write',
    group: 'ristournes',
    menu: [{ label: 'Gamifications', icon: 'pi pi-star' }],
  },
  {
    key: 'coupons',
    route: 'coupons',
    action: 'coupons:read',
    group: 'ristournes',
    menu: [{ label: 'Coupons', icon: 'pi pi-tag' }],
  },
  {
    key: 'templates',
    route: 'templates/:type',
    action: 'templates:read',
    group: 'communication',
    menu: [
      { key: 'templates-email', label: 'Templates email', icon: 'pi pi-envelope', path: '/layout/templates/email' },
      { key: 'templates-sms', label: 'Templates SMS', icon: 'pi pi-mobile', path: '/layout/templates/sms' },
    ],
  },
  {
    key: 'gallery',
    route: 'gallery',
    action: 'showcase:read',
    group: 'communication',
    menu: [{ label: 'Galerie', icon: 'pi pi-images' }],
  },
  {
    key: 'prises-contacts',
    route: 'prises-contacts',
    action: 'contact-requests:read',
    group: 'communication',
    menu: [{ label: 'Prises de contact', icon: 'pi pi-inbox' }],
  },
  {
    key: 'flux',
    route: 'flux',
    action: 'flux:read',
    group: 'communication',
    menu: [{ label: 'Flux', icon: 'pi pi-bell' }],
  },
  {
    key: 'profile',
    route: 'settings/profile',
    action: null,
    group: 'settings',
    menu: [{ label: 'Mon profil', icon: 'pi pi-user' }],
  },
  {
    key: 'users-backoffice',
    route: 'settings/users_backoffice',
    action: 'users:read',
    group: 'settings',
    menu: [{ label: 'Utilisateurs back-office', icon: 'pi pi-users' }],
  },
  {
    key: 'chef-zone',
    route: 'settings/chef-zone',
    action: 'chefzone:read',
    group: 'settings',
    menu: [{ label: 'Chefs de zone', icon: 'pi pi-map-marker' }],
  },
  {
    key: 'type-client',
    route: 'settings/type-client',
    action: 'classification:write',
    group: 'settings',
    menu: [{ label: 'Types de clients', icon: 'pi pi-id-card' }],
  },
  {
    key: 'circuit-client',
    route: 'settings/circuit-client',
    action: 'classification:write',
    group: 'settings',
    menu: [{ label: 'Circuits', icon: 'pi pi-sitemap' }],
  },
  {
    key: 'activity-client',
    route: 'settings/activity-client',
    action: 'classification:write',
    group: 'settings',
    menu: [{ label: 'Activités', icon: 'pi pi-briefcase' }],
  },
  {
    key: 'category-client',
    route: 'settings/category-client',
    action: 'classification:write',
    group: 'settings',
    menu: [{ label: 'Catégories de clients', icon: 'pi pi-tags' }],
  },
  {
    key: 'banner',
    route: 'settings/banner',
    action: 'settings:read',
    group: 'settings',
    menu: [{ label: 'Bannière et pop-up', icon: 'pi pi-image' }],
  },
  {
    key: 'company',
    route: 'settings/company',
    action: 'settings:read',
    group: 'settings',
    menu: [{ label: 'Société', icon: 'pi pi-building' }],
  },
  {
    key: 'programme',
    route: 'settings/programme',
    action: 'settings:read',
    group: 'settings',
    menu: [{ label: 'Programme', icon: 'pi pi-star' }],
  },
  {
    key: 'ledger',
    route: 'settings/ledger',
    action: 'ledger:read',
    group: 'settings',
    menu: [{ label: 'Contrôle du registre', icon: 'pi pi-verified' }],
  },
  {
    key: 'sync-data',
    route: 'settings/data',
    action: 'sync:run',
    group: 'settings',
    menu: [{ label: 'Synchronisation', icon: 'pi pi-sync' }],
  },
  {
    key: 'webhooks',
    route: 'settings/webhooks',
    action: 'webhooks:manage',
    group: 'settings',
    menu: [{ label: 'Webhooks', icon: 'pi pi-send' }],
  },
  {
    key: 'site-section',
    route: 'containers/introduction/:page/:section',
    action: 'site:read',
    title: 'Site web / Sections',
    group: 'site',
    menu: SITE_PAGES.map(([page, label, icon]) => ({
      key: `site-${page}`,
      label,
      icon,
      path: `/layout/containers/introduction/${page}/introduction`,
    })),
  },
  // The section editor's second address, reached from the editor itself.
  { key: 'site-sections', route: 'sections/:page/:section?/*', action: 'site:read', title: 'Site web / Sections' },
  { key: 'site-blocks', route: 'containers/blocks/:page/:section', action: 'site:read', title: 'Site web / Blocs' },
  // One services list per service type, opened from the services screen.
  { key: 'site-services-by-type', route: 'contents/service/:type', action: 'showcase:read', title: 'Site web / Services' },
  {
    key: 'site-services',
    route: 'contents/services',
    action: 'showcase:read',
    title: 'Site web / Services',
    group: 'site',
    menu: [{ label: 'Services', icon: 'pi pi-th-large' }],
  },
  {
    key: 'site-tools',
    route: 'contents/tools',
    action: 'showcase:read',
    title: 'Site web / Outils partenaires',
    group: 'site',
    menu: [{ label: 'Outils partenaires', icon: 'pi pi-wrench' }],
  },
  // Connection logs and audit trail
  {
    key: 'logs',
    route: 'logs',
    action: 'logs:read',
    title: 'Journaux / Connexions',
    group: 'logs',
    menu: [{ label: 'Connexions', icon: 'pi pi-sign-in' }],
  },
  {
    key: 'audit',
    route: 'logs/audit',
    action: 'audit:read',
    title: "Journaux / Journal d'audit",
    group: 'logs',
    menu: [{ label: "Journal d'audit", icon: 'pi pi-list-check' }],
  },
] as const satisfies readonly Screen[];

export type ScreenKey = (typeof SCREENS)[number]['key'];
const screens: readonly Screen[] = SCREENS;

/** A screen's route pattern, as written in SCREENS. */
export type ScreenRoute<K extends ScreenKey> = Extract<(typeof SCREENS)[number], { key: K }>['route'];
type RouteSegment<R extends string> = R extends `${infer Head}/${infer Tail}` ? Head | RouteSegment<Tail> : R;
type RequiredParam<S extends string> = S extends `:${string}?` ? never : S extends `:${infer Name}` ? Name : never;
type OptionalParam<S extends string> = S extends `:${infer Name}?` ? Name : S extends '*' ? '*' : never;
type RequiredParams<K extends ScreenKey> = RequiredParam<RouteSegment<ScreenRoute<K>>>;
type OptionalParams<K extends ScreenKey> = OptionalParam<RouteSegment<ScreenRoute<K>>>;
/** A parameter's value: a string or a number, URL-encoded into its segment. */
export type RouteParamValue = string | number;
/**
 * The parameters of a screen's route, read from its pattern: `:name` is required, `:name?` optional,
 * a trailing `*` is the optional `'*'` (the rest of the path, its segments encoded one by one).
 * A route without parameters takes none (`{}`).
 */
export type ScreenParams<K extends ScreenKey> = [RequiredParams<K> | OptionalParams<K>] extends [never]
  ? Readonly<Record<string, never>>
  : { readonly [N in RequiredParams<K>]: RouteParamValue } & { readonly [N in OptionalParams<K>]?: RouteParamValue | undefined };
/** A query's values; the undefined ones are left out. */
export type HrefQuery = Readonly<Record<string, RouteParamValue | undefined>>;
/** hrefFor's arguments after the key: the parameters are required exactly when the route has a required one. */
export type HrefArgs<K extends ScreenKey> = [RequiredParams<K>] extends [never]
  ? [params?: ScreenParams<K> | undefined, query?: HrefQuery | undefined]
  : [params: ScreenParams<K>, query?: HrefQuery | undefined];

/** `?a=1&b=2` from a query (keys and values encoded as encodeURIComponent does), '' when it has no defined value. */
function queryString(query: HrefQuery | undefined): string {
  const pairs = Object.entries(query ?? {}).filter((e): e is [string, RouteParamValue] => e[1] !== undefined);
  return pairs.length ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&')}` : '';
}

/**
 * A screen's address, `/layout/<its route>` with its parameters substituted (URL-encoded) and the
 * query appended: every link and redirect to a screen is built here, never written by hand.
 * `hrefFor('orders', {}, { commande: 12 })` is `/layout/orders?commande=12`,
 * `hrefFor('templates', { type: 'sms' })` is `/layout/templates/sms`. A missing (or empty)
 * required parameter throws, naming it; an optional one that is missing is left out.
 */
export function hrefFor<K extends ScreenKey>(key: K, ...[params, query]: HrefArgs<K>): string {
  const screen = screens.find((s) => s.key === key);
  if (!screen) throw new Error(`hrefFor: no screen "${key}"`);
  const values: Readonly<Record<string, RouteParamValue | undefined>> = params ?? {};
  const path: string[] = [];
  for (const segment of screen.route.split('/')) {
    if (segment === '*') {
      const rest = values['*'];
      if (rest !== undefined && rest !== '') path.push(...String(rest).split('/').map(encodeURIComponent));
    } else if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      const value = values[name];
      if (value !== undefined && value !== '') path.push(encodeURIComponent(String(value)));
      else if (!optional) throw new Error(`hrefFor('${key}'): the parameter "${name}" of ${screen.route} is missing`);
    } else path.push(segment);
  }
  return `${LAYOUT_PATH}/${path.join('/')}${queryString(query)}`;
}

/** The own profile, open to every signed-in user: the landing page of last resort. */
export const PROFILE_PATH = hrefFor('profile');

/** A menu entry with the address it opens. */
export interface MenuEntry {
  key: string;
  label: string;
  path: string;
  icon: string;
  /** The action of the screen it opens (menuFor keeps the entries whose action the role holds). */
  action: Action | null;
}
export interface MenuGroup {
  key: string;
  label: string;
  icon: string;
  entries: MenuEntry[];
}

/** The whole side menu, in the spec's group order (menuFor keeps the entries a role may open). */
export const MENU: MenuGroup[] = MENU_GROUPS.map((g) => ({
  ...g,
  entries: SCREENS.filter((s: Screen) => s.group === g.key).flatMap((s: Screen) =>
    (s.menu ?? []).map((e) => ({ key: e.key ?? s.key, label: e.label, icon: e.icon, path: e.path ?? `${LAYOUT_PATH}/${s.route}`, action: s.action })),
  ),
}));

/**
 * A pathname's segments under /layout, decoded and lower-cased as react-router matches them (the
 * registry's routes are lower-case); null for a path outside /layout.
 */
export function layoutSegments(pathname: string): string[] | null {
  const all = pathname
    .split('?')[0]
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s).toLowerCase();
      } catch {
        return s.toLowerCase();
      }
    });
  return all[0] === 'layout' ? all.slice(1) : null;
}

function matches(route: string, path: readonly string[]): boolean {
  let i = 0;
  for (const p of route.split('/')) {
    if (p === '*') return true;
    if (p[0] === ':') {
      if (i < path.length) i++;
      else if (!p.endsWith('?')) return false;
    } else if (path[i++] !== p) return false;
  }
  return i === path.length;
}

/** The registry screen a /layout pathname opens, if any (the router's matching, as far as the registry's routes need it). */
export function screenAt(pathname: string): Screen | undefined {
  const path = layoutSegments(pathname);
  if (!path?.length) return undefined;
  // A pattern without parameters wins over one with, as react-router ranks them.
  const found = screens.filter((s) => matches(s.route, path));
  return found.find((s) => !/[:*]/.test(s.route)) ?? found[0];
}
