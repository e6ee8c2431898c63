import { pageSections, type SitePage } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { imageChanges } from './section-form';
import { ensurePage } from './site-api';

/** A fake of the two calls the bootstrap makes, holding one page in memory. */
function fakeApi(start: SitePage | null) {
  let page = start;
  const calls: string[] = [];
  return {
    calls,
    client: {
      get: async <T>(path: string): Promise<T> => {
        calls.push(`GET ${path}`);
        if (!page) throw new ApiError(404, 'NOT_FOUND');
        return page as T;
      },
      post: async <T>(path: string, body?: unknown): Promise<T> => {
        const b = body as { key: string; position?: number };
        calls.push(`POST ${path} ${b.key}${b.position !== undefined ? ` ${b.position}` : ''}`);
        if (path === 'pages') page = { id: 7, key: 'about_us', sections: [] };
        else page!.sections.push({ id: page!.sections.length + 1, key: b.key, position: 0, blocs: [] });
        return page as T;
      },
    },
  };
}

describe('ensurePage', () => {
  it('creates a page that answers NOT_FOUND, then each section at position 0', async () => {
    const fake = fakeApi(null);
    const page = await ensurePage('about_us', fake.client as never);
    const keys = pageSections('about_us').map((s) => s.key);
    expect(page.sections.map((s) => s.key)).toEqual(keys);
    expect(fake.calls).toEqual(['GET pages/about_us', 'POST pages about_us', ...keys.map((k) => `POST sections ${k} 0`), 'GET pages/about_us']);
  });

  it('creates only the missing sections of an existing page, and nothing when all are there', async () => {
    const fake = fakeApi({ id: 3, key: 'about_us', sections: [{ id: 1, key: 'introduction', position: 0, blocs: [] }] });
    await ensurePage('about_us', fake.client as never);
    expect(fake.calls.filter((c) => c.startsWith('POST'))).not.toContain('POST sections introduction 0');
    expect(fake.calls.filter((c) => c.startsWith('POST sections')).length).toBe(pageSections('about_us').length - 1);
    fake.calls.length = 0;
    await ensurePage('about_us', fake.client as never);
    expect(fake.calls).toEqual(['GET pages/about_us']);
  });

  it('lets another failure through without creating anything', async () => {
    const client = { get: async () => Promise.reject(new ApiError(500, 'x')), post: async () => Promise.reject(new Error('no')) };
    await expect(ensurePage('home', client as never)).rejects.toMatchObject({ status: 500 });
  });
});

describe('imageChanges', () => {
  it('deletes the stored images no longer listed and uploads the new files', () => {
    const a = { id: 1, original_url: '/uploads/a.png', file_name: 'a.png', mime_type: 'image/png', size: 1 };
    const b = { ...a, id: 2, file_name: 'b.png' };
    const file = new File(['x'], 'c.png', { type: 'image/png' });
    expect(imageChanges([a, b], [b, file])).toEqual({ removed: [a], added: [file] });
    expect(imageChanges([a], [a])).toEqual({ removed: [], added: [] });
  });
});
