import { PAGE_KEYS, pageSections, sectionDef, sectionSchemaFor } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSite } from '../../src/modules/site/site.seed';
import { createTestApp, type TestContext } from '../support/helpers';

/** The website's demo content: every page, every section valid in both languages. */
let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = await t.auth('admin@demo.tn');
  await seedSite(t.db, t.app.storage.media);
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers });

describe('site demo data', () => {
  it('has every page with each of its sections passing its own form rules, and blocks in order', async () => {
    for (const key of PAGE_KEYS) {
      const page = (await get(`pages/${key}`)).json().data;
      expect(page.sections.map((s: { key: string }) => s.key)).toEqual(pageSections(key).map((s) => s.key));
      for (const s of page.sections) {
        const section = (await get(`pages/${key}/sections/${s.key}`)).json().data;
        const def = sectionDef(key, s.key)!;
        const parsed = sectionSchemaFor(def).safeParse(section);
        expect(parsed.success, `${key}/${s.key}: ${parsed.error?.message}`).toBe(true);
        if (def.image) expect(section.img.length).toBe(key === 'image_annotation' ? 2 : 1);
        if (def.blocks) expect(s.blocs.map((b: { position: number }) => b.position)).toEqual(s.blocs.map((_: unknown, i: number) => i + 1));
      }
    }
    const home = (await t.app.inject({ method: 'GET', url: '/api/public/pages/home?lang=en' })).json().data;
    const services = home.sections.find((s: { key: string }) => s.key === 'services');
    expect(services.blocs.length).toBeGreaterThan(0);
    expect(services.blocs.every((b: { url: string; images: unknown[] }) => ['1', '2'].includes(b.url) && b.images.length === 1)).toBe(true);
  });
});
