import { describe, expect, it } from 'vitest';
import { hrefFor, LAYOUT_PATH, PROFILE_PATH, SCREENS } from './screens';

// For the keys read from the registry at run time (the types cannot tell which take parameters).
const anyHref = hrefFor as (key: string) => string;

describe('hrefFor', () => {
  it('gives /layout/ and the route of every screen without parameters', () => {
    const plain = SCREENS.filter((s) => !/[:*]/.test(s.route));
    expect(plain.length).toBeGreaterThan(40);
    for (const s of plain) expect([s.key, anyHref(s.key)]).toEqual([s.key, `${LAYOUT_PATH}/${s.route}`]);
    expect(hrefFor('profile')).toBe(PROFILE_PATH);
    expect(hrefFor('orders', {})).toBe('/layout/orders');
  });

  it('substitutes the route parameters, URL-encoded', () => {
    expect(hrefFor('templates', { type: 'sms' })).toBe('/layout/templates/sms');
    expect(hrefFor('site-section', { page: 'home', section: 'introduction' })).toBe('/layout/containers/introduction/home/introduction');
    expect(hrefFor('site-blocks', { page: '3d_annotation', section: 12 })).toBe('/layout/containers/blocks/3d_annotation/12');
    expect(hrefFor('site-services-by-type', { type: 'a b/c?d#é' })).toBe('/layout/contents/service/a%20b%2Fc%3Fd%23%C3%A9');
  });

  it('leaves out a missing optional segment and encodes the rest of the path segment by segment', () => {
    expect(hrefFor('site-sections', { page: 'home' })).toBe('/layout/sections/home');
    expect(hrefFor('site-sections', { page: 'home', section: 'about' })).toBe('/layout/sections/home/about');
    expect(hrefFor('site-sections', { page: 'home', section: 'about', '*': 'a b/c' })).toBe('/layout/sections/home/about/a%20b/c');
  });

  it('throws on a missing or empty parameter, naming it', () => {
    // @ts-expect-error: the templates screen needs its type.
    expect(() => hrefFor('templates')).toThrow('"type"');
    // @ts-expect-error: the section is missing.
    expect(() => hrefFor('site-section', { page: 'home' })).toThrow(/"section" of containers\/introduction\/:page\/:section is missing/);
    expect(() => hrefFor('templates', { type: '' })).toThrow('"type"');
    expect(() => anyHref('nowhere')).toThrow('nowhere');
  });

  it('appends the query, encoded, without its undefined values', () => {
    expect(hrefFor('orders', {}, { commande: 12 })).toBe('/layout/orders?commande=12');
    expect(hrefFor('orders', undefined, { search: 'a b&c=d', page: undefined, sort: 'NUM_ORDER' })).toBe('/layout/orders?search=a%20b%26c%3Dd&sort=NUM_ORDER');
    expect(hrefFor('users', {}, { tab: 'demandes', 'demandes.search': 'x@y.tn' })).toBe('/layout/contacts/users?tab=demandes&demandes.search=x%40y.tn');
    expect(hrefFor('templates', { type: 'email' }, { page: 2 })).toBe('/layout/templates/email?page=2');
    expect(hrefFor('orders', {}, { page: undefined })).toBe('/layout/orders');
    expect(hrefFor('orders', {}, {})).toBe('/layout/orders');
  });

  it('types the key and the parameters from the registry', () => {
    // @ts-expect-error: no such screen.
    expect(() => hrefFor('nulle-part')).toThrow();
    // @ts-expect-error: the orders screen takes no parameter.
    expect(hrefFor('orders', { id: 1 })).toBe('/layout/orders');
    // @ts-expect-error: the blocks screen has no `type`.
    expect(() => hrefFor('site-blocks', { page: 'home', type: 'x' })).toThrow('"section"');
  });
});
