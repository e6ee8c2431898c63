import { describe, expect, it } from 'vitest';
import { can, canChangeBadge, landingFor, menuFor, PROFILE_PATH, redirectFor } from './permissions';

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
    // Issue 10 §2: the dashboard sends the warehouse to the gift conversions, which it may open.
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

describe('badge of a client (issue 19 §4)', () => {
  it('is changed only by a role that writes points: an administrator, never a zone chief', () => {
    expect(canChangeBadge('admin')).toBe(true);
    for (const role of ['chefZone', 'Magasinier', 'Commercial', 'patente', 'inconnu', null]) expect([role, canChangeBadge(role)]).toEqual([role, false]);
    // The zone chief writes his clients, yet not their badge.
    expect(can('chefZone', 'clients:write')).toBe(true);
  });
});
