/**
 * The one permission map. The web reads it for the menu, the route guard and the landing page;
 * the API reads it for every route (deny by default). A role the map does not know gets the
 * least rights (see README, security notes): the spec's old product treated unknown roles as
 * administrators, which we do not reproduce.
 */

export const ROLE = {
  admin: 'admin',
  chefZone: 'chefZone',
  magasinier: 'Magasinier',
  patente: 'patente',
  commercial: 'Commercial',
} as const;

export const ROLE_LABELS: Record<string, string> = {
  admin: "Administrateur",
  chefZone: 'Chef de zone',
  Magasinier: 'Magasinier',
  patente: 'Patente',
  Commercial: 'Commercial',
};

/** API actions. A route names the one it needs; `self` routes are open to any signed-in user. */
export const ACTIONS = [
  'classification:read',
  'classification:write',
  'roles:read',
  'audit:read',
  'logs:read',
  // Contacts and loyalty
  'clients:read',
  'clients:write',
  'users:read',
  'users:write',
  'chefzone:read',
  'chefzone:write',
  'badges:read',
  'badges:write',
  'points:read',
  'points:write',
  'templates:read',
  'templates:write',
  'invitations:send',
  // Catalogue and orders
  'products:read',
  /** Create and edit a product's data. */
  'products:write',
  /** Delete, VISIBLE, IS_NEW / ORDER_NEW and reorder: refused to zone chiefs (spec 2 §6). */
  'products:manage',
  'catalogue:read',
  /** Brands, categories, ranges, price lists, product points. */
  'catalogue:write',
  'orders:read',
  /** Status and shipping site of an order. */
  'orders:write',
  'orders:delete',
  'returns:read',
  'returns:write',
  // Rewards
  /** Gifts and starter gifts on offer. */
  'gifts:read',
  'gifts:write',
  /** Gift purchases and starter-gift purchases: enter, accept, refuse. */
  'purchases:read',
  'purchases:write',
  /** The conversions lists and exit slips (a zone chief: his clients' only). */
  'conversions:read',
  /** The list's prepare/ship action (Magasinier → Préparé, others → Expédié). */
  'conversions:prepare',
  /** Receipt by scanning the QR code. */
  'conversions:receive',
  /** Any status or QR file, and delete: admin only (spec 2 §6). */
  'conversions:admin',
  /** Vouchers on offer. */
  'vouchers:read',
  'vouchers:write',
  /** Clients' vouchers: list, consume with a reason, status, delete. */
  'voucher-purchases:read',
  'voucher-purchases:write',
  'coupons:read',
  'coupons:write',
  'ristournes:read',
  'ristournes:write',
  /** The yearly rebate voucher generation. */
  'ristournes:generate',
  // Website content (issue 9 §1): pages, sections, blocks
  'site:read',
  'site:write',
  // Website showcase (issue 9 §2, §4): services, home services, partner tools, gallery; contact requests.
  'showcase:read',
  'showcase:write',
  'contact-requests:read',
  'contact-requests:write',
  // Banner, pop-up, configuration entries, company details (issue 9 §5)
  'settings:read',
  'settings:write',
  // Flux notifications (issue 9 §3)
  'flux:read',
  'flux:write',
  // Dashboard (issue 10 §2)
  'dashboard:read',
  /** The ERP data synchronisations (admin and full roles). */
  'sync:run',
] as const;
export type Action = (typeof ACTIONS)[number];

export interface MenuEntry {
  key: string;
  label: string;
  path: string;
  icon: string;
}
export interface MenuGroup {
  key: string;
  label: string;
  icon: string;
  /** A group with a single path and no entries is a direct link (Dashboard, Logs...). */
  entries: MenuEntry[];
}

/**
 * The side menu, in the spec's group order. Only entries whose screens exist are listed:
 * each later feature adds its entries here.
 */
export const MENU: MenuGroup[] = [
  {
    key: 'dashboard',
    label: 'Accueil',
    icon: 'pi pi-home',
    entries: [{ key: 'dashboard', label: 'Tableau de bord', path: '/layout/dashboard', icon: 'pi pi-chart-bar' }],
  },
  {
    key: 'contacts',
    label: 'Contacts',
    icon: 'pi pi-users',
    entries: [
      { key: 'users', label: 'Utilisateurs', path: '/layout/contacts/users', icon: 'pi pi-user' },
      { key: 'clients', label: 'Clients', path: '/layout/contacts/clients', icon: 'pi pi-briefcase' },
    ],
  },
  {
    key: 'referential',
    label: 'Référentiel',
    icon: 'pi pi-book',
    entries: [
      { key: 'products', label: 'Produits', path: '/layout/products', icon: 'pi pi-box' },
      { key: 'categories', label: 'Catégories', path: '/layout/categories', icon: 'pi pi-th-large' },
      { key: 'gammes', label: 'Gammes', path: '/layout/gammes', icon: 'pi pi-clone' },
      { key: 'tarifs', label: 'Tarifs', path: '/layout/tarifs', icon: 'pi pi-money-bill' },
      { key: 'points', label: 'Points', path: '/layout/points', icon: 'pi pi-star' },
    ],
  },
  {
    key: 'orders',
    label: 'Commandes',
    icon: 'pi pi-shopping-cart',
    entries: [
      { key: 'orders', label: 'Commandes', path: '/layout/orders', icon: 'pi pi-shopping-cart' },
      { key: 'returns', label: 'Retours', path: '/layout/retour-marchandises', icon: 'pi pi-replay' },
    ],
  },
  {
    key: 'gifts',
    label: 'Cadeaux',
    icon: 'pi pi-gift',
    entries: [
      { key: 'gifts', label: 'Liste', path: '/layout/gifts', icon: 'pi pi-gift' },
      { key: 'gift-conversions', label: 'Conversions', path: '/layout/conversions', icon: 'pi pi-sync' },
      { key: 'offered-points', label: 'Points offerts', path: '/layout/offered-points', icon: 'pi pi-plus-circle' },
    ],
  },
  {
    key: 'starter-gifts',
    label: 'Cadeaux de bienvenue',
    icon: 'pi pi-star',
    entries: [
      { key: 'starter-gifts', label: 'Liste', path: '/layout/starter_gifts', icon: 'pi pi-gift' },
      { key: 'starter-conversions', label: 'Conversions de bienvenue', path: '/layout/starter_gifts/conversions?dem=start', icon: 'pi pi-sync' },
      { key: 'gift-conversions-starter', label: 'Conversions cadeaux', path: '/layout/starter_gifts/conversions', icon: 'pi pi-sync' },
    ],
  },
  {
    key: 'ristournes',
    label: 'Ristournes',
    icon: 'pi pi-percentage',
    entries: [
      { key: 'vouchers-list', label: 'Liste des vouchers', path: '/layout/vouchers-list', icon: 'pi pi-ticket' },
      { key: 'vouchers', label: 'Vouchers clients', path: '/layout/vouchers', icon: 'pi pi-wallet' },
      { key: 'generer-vouchers', label: 'Générer les vouchers', path: '/layout/generer_vouchers', icon: 'pi pi-bolt' },
      { key: 'paliers', label: 'Paliers', path: '/layout/ristourne/paliers', icon: 'pi pi-sort-amount-up' },
      { key: 'segmentation', label: 'Segmentation', path: '/layout/ristourne/segmentation', icon: 'pi pi-sliders-h' },
      { key: 'gamifications', label: 'Gamifications', path: '/layout/gamifications', icon: 'pi pi-star' },
      { key: 'coupons', label: 'Coupons', path: '/layout/coupons', icon: 'pi pi-tag' },
    ],
  },
  {
    key: 'communication',
    label: 'Communication',
    icon: 'pi pi-envelope',
    entries: [
      { key: 'templates-email', label: 'Templates email', path: '/layout/templates/email', icon: 'pi pi-envelope' },
      { key: 'templates-sms', label: 'Templates SMS', path: '/layout/templates/sms', icon: 'pi pi-mobile' },
      { key: 'gallery', label: 'Galerie', path: '/layout/gallery', icon: 'pi pi-images' },
      { key: 'prises-contacts', label: 'Prises de contact', path: '/layout/prises-contacts', icon: 'pi pi-inbox' },
      { key: 'flux', label: 'Flux', path: '/layout/flux', icon: 'pi pi-bell' },
    ],
  },
  {
    key: 'settings',
    label: 'Paramètres',
    icon: 'pi pi-cog',
    entries: [
      { key: 'profile', label: 'Mon profil', path: '/layout/settings/profile', icon: 'pi pi-user' },
      { key: 'users-backoffice', label: 'Utilisateurs back-office', path: '/layout/settings/users_backoffice', icon: 'pi pi-users' },
      { key: 'chef-zone', label: 'Chefs de zone', path: '/layout/settings/chef-zone', icon: 'pi pi-map-marker' },
      { key: 'type-client', label: 'Types de clients', path: '/layout/settings/type-client', icon: 'pi pi-id-card' },
      { key: 'circuit-client', label: 'Circuits', path: '/layout/settings/circuit-client', icon: 'pi pi-sitemap' },
      { key: 'activity-client', label: 'Activités', path: '/layout/settings/activity-client', icon: 'pi pi-briefcase' },
      { key: 'category-client', label: 'Catégories de clients', path: '/layout/settings/category-client', icon: 'pi pi-tags' },
      { key: 'banner', label: 'Bannière et pop-up', path: '/layout/settings/banner', icon: 'pi pi-image' },
      { key: 'company', label: 'Société', path: '/layout/settings/company', icon: 'pi pi-building' },
      { key: 'sync-data', label: 'Synchronisation', path: '/layout/settings/data', icon: 'pi pi-sync' },
    ],
  },
  // Website content (issue 9 §1): one entry per page, then the services and partner tools lists.
  {
    key: 'site',
    label: 'Site web',
    icon: 'pi pi-globe',
    entries: [
      { key: 'site-home', label: 'Accueil', path: '/layout/containers/introduction/home/introduction', icon: 'pi pi-home' },
      { key: 'site-about_us', label: 'À propos', path: '/layout/containers/introduction/about_us/introduction', icon: 'pi pi-info-circle' },
      { key: 'site-our_services', label: 'Nos services', path: '/layout/containers/introduction/our_services/introduction', icon: 'pi pi-briefcase' },
      { key: 'site-image_annotation', label: 'Annotation d’images', path: '/layout/containers/introduction/image_annotation/introduction', icon: 'pi pi-image' },
      { key: 'site-text_annotation', label: 'Annotation de texte', path: '/layout/containers/introduction/text_annotation/introduction', icon: 'pi pi-align-left' },
      { key: 'site-audio_annotation', label: 'Annotation audio', path: '/layout/containers/introduction/audio_annotation/introduction', icon: 'pi pi-volume-up' },
      { key: 'site-video_annotation', label: 'Annotation vidéo', path: '/layout/containers/introduction/video_annotation/introduction', icon: 'pi pi-video' },
      { key: 'site-3d_annotation', label: 'Annotation 3D', path: '/layout/containers/introduction/3d_annotation/introduction', icon: 'pi pi-box' },
      { key: 'site-build_a_team', label: 'Construire une équipe', path: '/layout/containers/introduction/build_a_team/introduction', icon: 'pi pi-users' },
      { key: 'site-services', label: 'Services', path: '/layout/contents/services', icon: 'pi pi-th-large' },
      { key: 'site-tools', label: 'Outils partenaires', path: '/layout/contents/tools', icon: 'pi pi-wrench' },
    ],
  },
  {
    key: 'logs',
    label: 'Journaux',
    icon: 'pi pi-history',
    entries: [
      { key: 'logs', label: 'Connexions', path: '/layout/logs', icon: 'pi pi-sign-in' },
      { key: 'audit', label: "Journal d'audit", path: '/layout/logs/audit', icon: 'pi pi-list-check' },
    ],
  },
];

export const PROFILE_PATH = '/layout/settings/profile';
export const DASHBOARD_PATH = '/layout/dashboard';

interface RolePolicy {
  /** Menu entry keys, or every entry. */
  menu: 'all' | readonly string[];
  /** Path fragments a URL must contain to be reachable, or every path. The profile is always reachable. */
  routes: 'all' | readonly string[];
  /** Where a blocked route sends the user. */
  redirect: string;
  landing: string;
  actions: 'all' | readonly Action[];
}

const STARTER_CONVERSIONS = '/layout/starter_gifts/conversions?dem=start';

/** Least rights: the two starter-gift conversion entries (read only), the own profile, logout. */
const LEAST: RolePolicy = {
  menu: ['profile', 'starter-conversions', 'gift-conversions-starter'],
  routes: ['starter_gifts'],
  redirect: STARTER_CONVERSIONS,
  landing: STARTER_CONVERSIONS,
  actions: ['conversions:read'],
};

const POLICIES: Record<string, RolePolicy> = {
  admin: { menu: 'all', routes: 'all', redirect: '/layout/dashboard', landing: '/layout/dashboard', actions: 'all' },
  chefZone: {
    menu: ['profile', 'clients', 'products', 'orders', 'gift-conversions', 'starter-conversions', 'gift-conversions-starter', 'vouchers-list'],
    routes: ['contacts', 'referential', 'products', 'orders', 'gifts', 'starter_gifts', 'ristournes', 'conversions', 'vouchers'],
    redirect: '/layout/contacts/clients',
    landing: '/layout/contacts/clients',
    // His own clients only (the server scopes every client query to CHEF_ZONE_ID); reads what the
    // client form's selects need; never changes the classification, badges or other accounts.
    // Products: read only (no delete, flags or reorder: spec 2 §6); his clients' orders: read and
    // change status or site, never delete.
    // Rewards: his clients' conversions (ship, scan the receipt) and the vouchers on offer.
    actions: [
      'classification:read',
      'clients:read',
      'clients:write',
      'points:read',
      'badges:read',
      'products:read',
      'catalogue:read',
      'orders:read',
      'orders:write',
      'conversions:read',
      'conversions:prepare',
      'conversions:receive',
      'vouchers:read',
      'voucher-purchases:read',
    ],
  },
  // The warehouse: the two conversion lists under starter_gifts and the gift conversions (where the
  // dashboard sends him, issue 10 §2), prepare, and the receipt scan.
  Magasinier: {
    ...LEAST,
    menu: [...LEAST.menu, 'gift-conversions'],
    routes: ['starter_gifts', '/layout/conversions'],
    actions: ['conversions:read', 'conversions:prepare', 'conversions:receive'],
  },
};

/**
 * Only staff sign in to the back office: an account linked to a client, or with the mobile app's
 * client role, is a client user whatever else it holds (issue 19 §3).
 */
export function isStaffAccount(account: { role: string; clientId?: number | null }): boolean {
  return account.role !== ROLE.patente && (account.clientId ?? null) === null;
}

export function policyFor(role: string | null | undefined): RolePolicy {
  return (role && Object.hasOwn(POLICIES, role) ? POLICIES[role] : undefined) ?? LEAST;
}

export function can(role: string | null | undefined, action: Action): boolean {
  const { actions } = policyFor(role);
  return actions === 'all' || actions.includes(action);
}

/**
 * Giving a client a badge credits its bonus points (issue 19 §4): only a role that may write points
 * changes a client's BADGES_ID; the others (a zone chief) see it read-only and the server refuses it.
 */
export const canChangeBadge = (role: string | null | undefined): boolean => can(role, 'points:write');

export function menuFor(role: string | null | undefined): MenuGroup[] {
  const { menu } = policyFor(role);
  return MENU.map((g) => ({ ...g, entries: g.entries.filter((e) => menu === 'all' || menu.includes(e.key)) })).filter(
    (g) => g.entries.length > 0,
  );
}

/**
 * Route guard decision for a signed-in role: `null` when the path may be opened, otherwise where
 * to go instead. chefZone may not open the users listing (sent to /layout, i.e. its landing).
 */
export function redirectFor(role: string | null | undefined, pathname: string): string | null {
  if (pathname === PROFILE_PATH) return null;
  const p = policyFor(role);
  if (role === ROLE.chefZone && pathname.startsWith('/layout/contacts/users')) return '/layout';
  // The contact requests' path holds "contacts", the zone chief's fragment, but is not his.
  if (role === ROLE.chefZone && pathname.startsWith('/layout/prises-contacts')) return p.redirect;
  // The dashboard is for full roles: a zone chief goes to his orders, the warehouse to the conversions (issue 10 §2).
  if (pathname.startsWith(DASHBOARD_PATH) && p.routes !== 'all') {
    if (role === ROLE.chefZone) return '/layout/orders';
    if (role === ROLE.magasinier) return '/layout/conversions';
  }
  if (p.routes === 'all') return null;
  return p.routes.some((frag) => pathname.includes(frag)) ? null : p.redirect;
}

export function landingFor(role: string | null | undefined): string {
  return policyFor(role).landing;
}
