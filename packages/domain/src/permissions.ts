/**
 * The one permission map. The web reads it, with the screen registry (screens.ts), for the menu,
 * the route guard and the landing page;
 * the API reads it for every route (deny by default). A role the map does not know gets the
 * least rights (see docs/decisions/0001-unknown-roles-get-the-least-rights.md): the spec's old product treated unknown roles as
 * administrators, which we do not reproduce.
 */

// screens.ts imports only this file's types: no import cycle at run time.
import { hrefFor, layoutSegments, MENU, type MenuGroup, PROFILE_PATH, SCREENS, type Screen, screenAt } from './screens';

export const ROLE = {
  admin: 'admin',
  chefZone: 'chefZone',
  magasinier: 'Magasinier',
  patente: 'patente',
  commercial: 'Commercial',
} as const;

export const ROLE_LABELS: Record<string, string> = {
  admin: 'Administrateur',
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
  /** Delete, VISIBLE, IS_NEW / ORDER_NEW and reorder: refused to zone chiefs. */
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
  /** Any status or QR file, and delete: admin only. */
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
  // Website content: pages, sections, blocks
  'site:read',
  'site:write',
  // Website showcase: services, home services, partner tools, gallery; contact requests.
  'showcase:read',
  'showcase:write',
  'contact-requests:read',
  'contact-requests:write',
  // Banner, pop-up, configuration entries, company details
  'settings:read',
  'settings:write',
  // Flux notifications
  'flux:read',
  'flux:write',
  // Dashboard
  'dashboard:read',
  /** « Contrôle du registre » and the programme's liability: admin only. */
  'ledger:read',
  /** The ERP data synchronisations (admin and full roles). */
  'sync:run',
  /** Webhook endpoints, their deliveries and test events: admin only. */
  'webhooks:manage',
] as const;
export type Action = (typeof ACTIONS)[number];

interface RolePolicy {
  /** Where a screen the role may not open sends it (unless the screen names another: SCREENS' `redirect`). */
  redirect: string;
  landing: string;
  actions: 'all' | readonly Action[];
}

const STARTER_CONVERSIONS = hrefFor('starter-gift-conversions', {}, { dem: 'start' });

/** Least rights: the two starter-gift conversion entries (read only), the own profile, logout. */
const LEAST: RolePolicy = {
  redirect: STARTER_CONVERSIONS,
  landing: STARTER_CONVERSIONS,
  actions: ['conversions:read'],
};

const POLICIES: Record<string, RolePolicy> = {
  admin: { redirect: hrefFor('dashboard'), landing: hrefFor('dashboard'), actions: 'all' },
  chefZone: {
    redirect: hrefFor('clients'),
    landing: hrefFor('clients'),
    // His own clients only (the server scopes every client query to CHEF_ZONE_ID); reads what the
    // client form's selects need; never changes the classification, badges or other accounts.
    // Products: read only (no delete, flags or reorder); his clients' orders: read and
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
  // dashboard sends him), prepare, and the receipt scan.
  Magasinier: {
    ...LEAST,
    actions: ['conversions:read', 'conversions:prepare', 'conversions:receive'],
  },
};

/**
 * Only staff sign in to the back office: an account linked to a client, or with the mobile app's
 * client role, is a client user whatever else it holds.
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
 * Giving a client a badge credits its bonus points: only a role that may write points
 * changes a client's BADGES_ID; the others (a zone chief) see it read-only and the server refuses it.
 */
export const canChangeBadge = (role: string | null | undefined): boolean => can(role, 'points:write');

/** Whether the role may open the screen: it holds the screen's action (the profile: any signed-in user). */
export function canOpen(role: string | null | undefined, screen: Screen): boolean {
  return screen.action === null || can(role, screen.action);
}

/** The role's menu: the registry's entries whose screen it may open, in the spec's group order. */
export function menuFor(role: string | null | undefined): MenuGroup[] {
  return MENU.map((g) => ({ ...g, entries: g.entries.filter((e) => e.action === null || can(role, e.action)) })).filter((g) => g.entries.length > 0);
}

/**
 * Route guard decision for a signed-in role: `null` when the path may be opened, otherwise where
 * to go instead: the screen's own redirect for the role (the spec's: the users listing sends a
 * zone chief to /layout, the dashboard sends him to his orders and the warehouse to the
 * conversions), else the role's. A path no screen answers shows the not-found page to a role that
 * may open every screen, or a screen in the same first segment (a zone chief on
 * /layout/contacts/nulle-part); any other role goes to its redirect.
 */
export function redirectFor(role: string | null | undefined, pathname: string): string | null {
  const screen = screenAt(pathname);
  if (screen) {
    if (canOpen(role, screen)) return null;
    const own = role && screen.redirect && Object.hasOwn(screen.redirect, role) ? screen.redirect[role] : undefined;
    return own ?? policyFor(role).redirect;
  }
  const section = layoutSegments(pathname)?.[0];
  const open = SCREENS.filter((s) => canOpen(role, s));
  // The profile, open to all, does not open its segment (settings) to everyone.
  if (open.length === SCREENS.length || open.some((s) => s.action !== null && s.route.split('/')[0] === section)) return null;
  return policyFor(role).redirect;
}

/** The role's landing page; a landing the role may not open falls back on its first menu entry, then the profile. */
export function landingFor(role: string | null | undefined): string {
  const { landing } = policyFor(role);
  if (redirectFor(role, landing) === null) return landing;
  return menuFor(role)[0]?.entries[0]?.path ?? PROFILE_PATH;
}
