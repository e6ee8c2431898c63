import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import {
  contactRequestBody,
  galleryBody,
  galleryUpdateBody,
  homeServiceUpdateBody,
  inferGalleryKind,
  isHttpUrl,
  partnerToolBody,
  SHOWCASE_MSG,
  websiteServiceBody,
} from './showcase';

const errors = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('showcase rules', () => {
  it('a service needs both titles and contents; title and text stand for the French ones', () => {
    expect(errors(websiteServiceBody.safeParse({ type: 'image-annotation', title_fr: 'A', content_fr: 'B' }))).toEqual({
      title_en: MSG.required,
      content_en: MSG.required,
    });
    const legacy = websiteServiceBody.safeParse({ type: 'our-services', title: 'Ancien', text: 'Texte', title_en: 'Old', content_en: 'Text' });
    expect(legacy.success).toBe(true);
    expect(errors(websiteServiceBody.safeParse({ type: 'autre', title_fr: 'A', title_en: 'A', content_fr: 'B', content_en: 'B' }))).toEqual({
      type: SHOWCASE_MSG.serviceType,
    });
  });
  it('an update checks only what it sends: a position alone passes, a blank title does not', () => {
    expect(homeServiceUpdateBody.safeParse({ position: 2 }).success).toBe(true);
    expect(errors(homeServiceUpdateBody.safeParse({ title_en: '  ' }))).toEqual({ title_en: MSG.required });
  });
  it('partner sites and video links are http(s) addresses', () => {
    expect(isHttpUrl('https://www.cvat.ai/path?x=1')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'ftp://x.tn', 'www.x.tn', 'https://', 'http://a b']) expect(isHttpUrl(bad)).toBe(false);
    expect(errors(partnerToolBody.safeParse({ name: 'X', site_web: 'x.tn' }))).toEqual({ site_web: SHOWCASE_MSG.url });
    expect(partnerToolBody.parse({ name: 'X', site_web: '' }).site_web).toBeNull();
  });
  it('a gallery video needs its link; an image keeps none', () => {
    expect(errors(galleryBody.safeParse({ TITLE: 'T' }))).toEqual({ TYPE: SHOWCASE_MSG.kindRequired });
    expect(errors(galleryBody.safeParse({ TITLE: 'T', TYPE: 'video', LINK: '' }))).toEqual({ LINK: SHOWCASE_MSG.linkRequired });
    expect(galleryBody.parse({ TITLE: 'T', TYPE: 'image', LINK: 'https://x.tn' }).LINK).toBeNull();
    expect(galleryUpdateBody.safeParse({ POSITION: 3 }).success).toBe(true);
  });
  it('a gallery item sent without TYPE is a photo with a file, else a video with a link', () => {
    expect(inferGalleryKind({ LINK: 'https://youtu.be/x' }, true)).toBe('image');
    expect(inferGalleryKind({ LINK: 'https://youtu.be/x' }, false)).toBe('video');
    expect(inferGalleryKind({ LINK: ' ' }, false)).toBeUndefined();
    expect(inferGalleryKind({ TYPE: 'video', LINK: 'https://youtu.be/x' }, true)).toBe('video');
  });
  it('a contact request: name and message required, phone exactly 8 digits or +', () => {
    expect(errors(contactRequestBody.safeParse({ NAME: '', GSM: '1234567', CONTENT: '' }))).toEqual({
      NAME: MSG.required,
      GSM: MSG.phone8,
      CONTENT: MSG.required,
    });
    expect(contactRequestBody.safeParse({ NAME: 'A', GSM: '+2162000', CONTENT: 'B' }).success).toBe(true);
    expect(contactRequestBody.safeParse({ NAME: 'A', GSM: '123456789', CONTENT: 'B' }).success).toBe(false);
  });
});

describe('showcase permissions', () => {
  it('admin only: menu entries, routes and actions; the zone chief is sent away from prises-contacts', async () => {
    const { can, menuFor, redirectFor } = await import('./permissions');
    const keys = (role: string) => menuFor(role).flatMap((g) => g.entries.map((e) => e.key));
    expect(keys('admin')).toEqual(expect.arrayContaining(['gallery', 'prises-contacts']));
    for (const role of ['chefZone', 'Magasinier', 'Commercial']) {
      expect(keys(role)).not.toContain('gallery');
      expect(keys(role)).not.toContain('prises-contacts');
      expect(can(role, 'showcase:read')).toBe(false);
      expect(can(role, 'contact-requests:read')).toBe(false);
    }
    expect(redirectFor('chefZone', '/layout/prises-contacts')).toBe('/layout/contacts/clients');
    expect(redirectFor('chefZone', '/layout/contents/tools')).toBe('/layout/contacts/clients');
    expect(redirectFor('chefZone', '/layout/contacts/clients')).toBeNull();
    expect(redirectFor('admin', '/layout/gallery')).toBeNull();
  });
});
