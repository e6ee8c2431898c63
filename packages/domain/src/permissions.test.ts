import { describe, expect, it } from 'vitest';
import { can, canChangeBadge, landingFor, menuFor, redirectFor } from './permissions';
import { SCREEN_DATA } from './screen-data';
import { MENU, PROFILE_PATH, SCREENS, type Screen, screenAt } from './screens';

const keys = (role: string) => menuFor(role).flatMap((g) => g.entries.map((e) => e.key));

describe('permission map', () => {
  it('gives admin every action and every menu entry', () => {
    expect(can('admin', 'classification:write')).toBe(true);
    expect(keys('admin')).toEqual(expect.arrayContaining(['type-client', 'circuit-client', 'activity-client', 'category-client', 'profile']));
    expect(redirectFor('admin', '/layout/settings/circuit-client')).toBeNull();
  });

  it('lets chefZone read but not change the classification, and keeps it to its areas', () => {
    expect(can('chefZone', 'classification:read')).toBe(true);
    expect(can('chefZone', 'classification:write')).toBe(false);
    expect(keys('chefZone')).not.toContain('circuit-client');
    expect(redirectFor('chefZone', '/layout/settings/circuit-client')).toBe('/layout/contacts/clients');
    expect(redirectFor('chefZone', '/layout/contacts/clients')).toBeNull();
    expect(redirectFor('chefZone', '/layout/contacts/users')).toBe('/layout');
    expect(landingFor('chefZone')).toBe('/layout/contacts/clients');
  });

  it('keeps Magasinier to starter gifts', () => {
    expect(landingFor('Magasinier')).toBe('/layout/starter_gifts/conversions?dem=start');
    // The dashboard sends the warehouse to the gift conversions, which it may open.
    expect(redirectFor('Magasinier', '/layout/dashboard')).toBe('/layout/conversions');
    expect(redirectFor('Magasinier', '/layout/conversions')).toBeNull();
    expect(redirectFor('Magasinier', '/layout/orders')).toBe('/layout/starter_gifts/conversions?dem=start');
    expect(redirectFor('chefZone', '/layout/dashboard')).toBe('/layout/orders');
    expect(redirectFor('Magasinier', '/layout/starter_gifts/conversions')).toBeNull();
    expect(can('Magasinier', 'classification:read')).toBe(false);
  });

  it('gives an unknown role the least rights, not full access', () => {
    for (const role of ['inconnu', 'Admin', '', null, '__proto__', 'constructor']) {
      expect(can(role, 'classification:read')).toBe(false);
      // The starter-gift conversion lists, read only.
      expect(can(role, 'conversions:read')).toBe(true);
      expect(can(role, 'conversions:prepare')).toBe(false);
      expect(keys(role as string)).toEqual(['starter-conversions', 'gift-conversions-starter', 'profile']);
      expect(redirectFor(role, '/layout/dashboard')).toBe('/layout/starter_gifts/conversions?dem=start');
    }
  });

  it('lets every role open its own profile', () => {
    for (const role of ['admin', 'chefZone', 'Magasinier', 'Commercial', 'x']) expect(redirectFor(role, PROFILE_PATH)).toBeNull();
  });
});

describe('badge of a client', () => {
  it('is changed only by a role that writes points: an administrator, never a zone chief', () => {
    expect(canChangeBadge('admin')).toBe(true);
    for (const role of ['chefZone', 'Magasinier', 'Commercial', 'patente', 'inconnu', null]) expect([role, canChangeBadge(role)]).toEqual([role, false]);
    // The zone chief writes his clients, yet not their badge.
    expect(can('chefZone', 'clients:write')).toBe(true);
  });
});

describe('screen registry', () => {
  const ROLES = ['admin', 'chefZone', 'Magasinier', 'Commercial', 'patente', 'inconnu', null];
  const entryPaths = (role: string | null) => menuFor(role).flatMap((g) => g.entries.map((e) => e.path));
  // A concrete address for each screen: its menu entries', else its route with sample parameters.
  const sample = (s: Screen) => `/layout/${s.route.replace(/:\w+\??/g, 'home').replace('/*', '')}`;

  it('finds every screen at its own route and at each of its menu entries', () => {
    for (const s of SCREENS as readonly Screen[]) {
      expect([s.key, screenAt(sample(s))?.key]).toEqual([s.key, s.key]);
      for (const e of s.menu ?? []) expect([e.key ?? s.key, screenAt(e.path ?? `/layout/${s.route}`)?.key]).toEqual([e.key ?? s.key, s.key]);
    }
    expect(new Set(SCREENS.map((s) => s.key)).size).toBe(SCREENS.length);
    expect(new Set(SCREENS.map((s) => s.route)).size).toBe(SCREENS.length);
    // Lower-case, as the guard compares them with a lower-cased path (react-router ignores case).
    for (const s of SCREENS) expect(s.route).toBe(s.route.toLowerCase());
    const entryKeys = MENU.flatMap((g) => g.entries.map((e) => e.key));
    expect(new Set(entryKeys).size).toBe(entryKeys.length);
  });

  it('for every role: menu entries = reachable screens, each reachable iff the role holds its action', () => {
    for (const role of ROLES) {
      for (const s of SCREENS as readonly Screen[]) {
        const open = s.action === null || can(role, s.action);
        expect([role, s.key, redirectFor(role, sample(s)) === null]).toEqual([role, s.key, open]);
        for (const e of s.menu ?? []) {
          const path = e.path ?? `/layout/${s.route}`;
          expect([role, e.key ?? s.key, entryPaths(role).includes(path)]).toEqual([role, e.key ?? s.key, open]);
          expect([role, path, redirectFor(role, path) === null]).toEqual([role, path, open]);
        }
      }
      // Every entry of the role's menu opens, and its landing too.
      for (const path of entryPaths(role)) expect([role, path, redirectFor(role, path)]).toEqual([role, path, null]);
      expect(redirectFor(role, landingFor(role))).toBeNull();
    }
  });

  it('keeps each role menu as it was', () => {
    expect(keys('chefZone')).toEqual([
      'clients',
      'products',
      'orders',
      'gift-conversions',
      'starter-conversions',
      'gift-conversions-starter',
      'vouchers-list',
      'profile',
    ]);
    expect(keys('Magasinier')).toEqual(['gift-conversions', 'starter-conversions', 'gift-conversions-starter', 'profile']);
    expect(keys('Commercial')).toEqual(['starter-conversions', 'gift-conversions-starter', 'profile']);
    expect(keys('admin')).toHaveLength(MENU.flatMap((g) => g.entries).length);
    expect(menuFor('admin').map((g) => g.label)).toEqual([
      'Accueil',
      'Contacts',
      'Référentiel',
      'Commandes',
      'Cadeaux',
      'Cadeaux de bienvenue',
      'Ristournes',
      'Communication',
      'Paramètres',
      'Site web',
      'Journaux',
    ]);
  });

  it('holds the spec redirects as data', () => {
    const at = (route: string) => SCREENS.find((s) => s.route === route) as Screen;
    expect(at('contacts/users').redirect).toEqual({ chefZone: '/layout' });
    expect(at('dashboard').redirect).toEqual({ chefZone: '/layout/orders', Magasinier: '/layout/conversions' });
    expect(SCREENS.filter((s) => 'redirect' in s).map((s) => s.key)).toEqual(['dashboard', 'users']);
    // The redirect targets are screens the role may open (or /layout, its landing).
    expect(redirectFor('chefZone', '/layout/orders')).toBeNull();
    expect(redirectFor('Magasinier', '/layout/conversions')).toBeNull();
    expect(at('settings/profile').action).toBeNull();
  });

  it('corrects the zone chief: no voucher generation, no gift list', () => {
    expect(redirectFor('chefZone', '/layout/generer_vouchers')).toBe('/layout/contacts/clients');
    expect(redirectFor('chefZone', '/layout/gifts')).toBe('/layout/contacts/clients');
    expect(redirectFor('admin', '/layout/generer_vouchers')).toBeNull();
    expect(redirectFor('admin', '/layout/gifts')).toBeNull();
  });

  it('a read action handed out for a select never opens the screen: the screen needs more and names its read', () => {
    for (const s of SCREENS) {
      const { read } = SCREEN_DATA[s.key];
      if (!read) continue;
      expect([s.key, s.action]).not.toEqual([s.key, read]);
    }
    for (const route of ['settings/type-client', 'categories', 'gamifications', 'points', 'vouchers']) {
      const s = SCREENS.find((x) => x.route === route)!;
      expect([route, can('chefZone', SCREEN_DATA[s.key].read!), redirectFor('chefZone', `/layout/${route}`)]).toEqual([
        route,
        true,
        '/layout/contacts/clients',
      ]);
    }
  });

  it('matches paths as the router does: case, trailing slash, query; unknown paths as before', () => {
    expect(redirectFor('chefZone', '/layout/Contacts/USERS')).toBe('/layout');
    expect(redirectFor('chefZone', '/layout/orders/')).toBeNull();
    expect(redirectFor('chefZone', '/layout/%6Frders')).toBeNull();
    expect(redirectFor('chefZone', '/layout/DASHBOARD')).toBe('/layout/orders');
    // A path no screen answers: the not-found page for admin, and for a role under a segment it works in.
    expect(redirectFor('admin', '/layout/inconnu')).toBeNull();
    expect(redirectFor('chefZone', '/layout/contacts/nulle-part')).toBeNull();
    expect(redirectFor('chefZone', '/layout/inconnu')).toBe('/layout/contacts/clients');
    expect(redirectFor('Magasinier', '/layout/conversions/x')).toBeNull();
    expect(redirectFor('inconnu', '/layout/starter_gifts/x')).toBeNull();
    // The profile, open to all, does not open the settings segment.
    expect(redirectFor('chefZone', '/layout/settings/x')).toBe('/layout/contacts/clients');
    expect(screenAt('/layout/templates/sms?x=1')?.key).toBe('templates');
    expect(screenAt('/layout/sections/home')?.key).toBe('site-sections');
    expect(screenAt('/layout/sections/home/introduction/a/b')?.key).toBe('site-sections');
    expect(screenAt('/ailleurs/orders')).toBeUndefined();
  });
});
