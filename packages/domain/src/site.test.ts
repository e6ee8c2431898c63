import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { columnSpanOf, multipleImages, PAGE_KEYS, pageSections, SITE_MSG, sectionDef, sectionSchemaFor, sectionUpdateBody } from './site';
import { menuFor } from './permissions';

const base = { title_fr: 'Titre', title_en: 'Title', content_fr: '<p>a</p>', content_en: '<p>b</p>' };
const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('site sections', () => {
  it('gives every page the common sections and its own', () => {
    for (const page of PAGE_KEYS) {
      const keys = pageSections(page).map((s) => s.key);
      expect(keys).toEqual(expect.arrayContaining(['introduction', 'presentation', 'form', 'info', 'footer']));
      expect(new Set(keys).size).toBe(keys.length);
    }
    expect(sectionDef('image_annotation', 'image-annotation-types')).toBeDefined();
    expect(sectionDef('home', 'steps')).toBeUndefined();
    expect(sectionDef('nope', 'introduction')).toBeUndefined();
  });

  it('requires titles and contents, contents optional in form, steps and footer', () => {
    const intro = sectionSchemaFor(sectionDef('home', 'presentation')!);
    expect(errorsOf(intro.safeParse({ ...base, content_en: '<p><br></p>', img_title_fr: 'a', img_title_en: 'b', img_alt: 'c' }))).toEqual({
      content_en: MSG.required,
    });
    expect(errorsOf(intro.safeParse(base))).toEqual({ img_title_fr: MSG.required, img_title_en: MSG.required, img_alt: MSG.required });
    const steps = sectionSchemaFor(sectionDef('build_a_team', 'steps')!);
    expect(steps.safeParse({ title_fr: 'É', title_en: 'S', content_fr: '', content_en: null }).success).toBe(true);
    expect(errorsOf(steps.safeParse({ title_fr: ' ', title_en: 'S' }))).toEqual({ title_fr: MSG.blank });
  });

  it('checks the phone (8 digits or more, optional leading plus), e-mail, address and links', () => {
    const info = sectionSchemaFor(sectionDef('home', 'info')!);
    const contact = { title_fr: 'C', title_en: 'C', email: 'a@b.tn' };
    expect(info.safeParse({ ...contact, phone: '71000000' }).success).toBe(true);
    expect(info.safeParse({ ...contact, phone: '+21671000000' }).success).toBe(true);
    expect(errorsOf(info.safeParse({ ...contact, phone: '7100000' }))).toEqual({ phone: MSG.phone });
    expect(errorsOf(info.safeParse({ ...contact, phone: '71-00-00-00' }))).toEqual({ phone: MSG.phone });
    expect(errorsOf(info.safeParse({ ...contact, phone: '71000000', email: 'x' }))).toEqual({ email: MSG.email });
    const footer = sectionSchemaFor(sectionDef('about_us', 'footer')!);
    expect(errorsOf(footer.safeParse({ ...contact, phone: '71000000', url: 'javascript:alert(1)' }))).toEqual({ address: MSG.required, url: SITE_MSG.url });
  });

  it('leaves absent fields absent in a partial update', () => {
    expect(sectionUpdateBody.parse({ title_fr: ' Titre ' })).toEqual({ title_fr: 'Titre' });
  });

  it('allows several images only on the image-annotation page; column span 1 or 2, 1 by default', () => {
    expect(multipleImages('image_annotation')).toBe(true);
    expect(multipleImages('home')).toBe(false);
    expect([columnSpanOf(''), columnSpanOf(null), columnSpanOf('2'), columnSpanOf('3')]).toEqual([1, 1, 2, null]);
  });

  it('shows the Site web menu to admins only', () => {
    expect(menuFor('admin').find((g) => g.key === 'site')?.entries).toHaveLength(PAGE_KEYS.length + 2);
    for (const role of ['chefZone', 'Magasinier', 'Commercial', undefined]) expect(menuFor(role).some((g) => g.key === 'site')).toBe(false);
  });
});
