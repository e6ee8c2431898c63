import { SERVICE_TYPES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedShowcase } from '../../src/modules/showcase/showcase.seed';
import { createTestApp, type TestContext } from '../support/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await seedShowcase(t.db, t.app.storage.media);
});
afterAll(() => t.close());

describe('showcase demo data', () => {
  it('gives every service type its services with images, logos, a gallery and contact requests', async () => {
    for (const type of SERVICE_TYPES) {
      const r = (await t.app.inject({ method: 'GET', url: `/api/public/services/${type}` })).json().data as { position: number; image: unknown }[];
      expect(r.length).toBeGreaterThanOrEqual(2);
      expect(r.map((s) => s.position)).toEqual(r.map((_, i) => i + 1));
      expect(r.every((s) => s.image)).toBe(true);
    }
    const tools = (await t.app.inject({ method: 'GET', url: '/api/public/tools' })).json().data as { logo: unknown }[];
    expect(tools.length).toBeGreaterThan(2);
    expect(tools.every((x) => x.logo)).toBe(true);
    const gallery = (await t.app.inject({ method: 'GET', url: '/api/public/gallery' })).json().data as { type: string; image: unknown; link: string | null }[];
    expect(gallery.some((g) => g.type === 'video' && g.link && !g.image)).toBe(true);
    expect(gallery.filter((g) => g.type === 'image').every((g) => g.image)).toBe(true);
    const contacts = await t.app.inject({ method: 'GET', url: '/api/contacts?page=1', headers: await t.auth('admin@demo.tn') });
    expect(contacts.json().meta.total).toBe(3);
  });
});
