import { MSG, SHOWCASE_MSG } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../src/lib/png';
import { auditLog } from '../../src/lib/audit/audit.table';
import { websiteServices } from '../../src/modules/showcase/showcase.table';
import { createTestApp, multipart, type TestContext } from '../support/helpers';

let t: TestContext;
let admin: Record<string, string>;
const png = solidPng(6, 6, [10, 120, 200]);
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
});
afterAll(() => t.close());

const fields = (n: string) => ({ title_fr: `Titre ${n}`, title_en: `Title ${n}`, content_fr: `<p>Contenu ${n}</p>`, content_en: `<p>Content ${n}</p>` });
const postForm = (url: string, body: Record<string, string>, withFile = true) => {
  const m = multipart(body, withFile ? { field: 'file', name: 'image.png', type: 'image/png', content: png } : undefined);
  return t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...admin, ...m.headers } });
};

describe('website services by type', () => {
  const ids: number[] = [];
  it('creates with the image in one form-data call, last position + 1 within the type', async () => {
    for (const n of ['A', 'B', 'C']) {
      const r = await postForm('/api/service', { type: 'image-annotation', ...fields(n) });
      expect(r.statusCode).toBe(201);
      ids.push(r.json().data.id);
    }
    const other = await postForm('/api/service', { type: 'text-annotation', ...fields('T') });
    expect(other.json().data.position).toBe(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/service/image-annotation?page=1', headers: admin });
    expect(list.statusCode).toBe(200);
    const data = list.json().data as { id: number; position: number; title: string; title_fr: string; MEDIA: { original_url: string } }[];
    expect(data.map((d) => [d.id, d.position])).toEqual(ids.map((id, i) => [id, i + 1]));
    expect(data[0].title).toBe('Titre A');
    expect(data[0].MEDIA.original_url).toMatch(/^\/uploads\//);
    expect(list.json().meta.total).toBe(3);
    // The generic list with the type filter is the same list.
    const same = await t.app.inject({ method: 'GET', url: '/api/service?type=image-annotation', headers: admin });
    expect(same.json().data.map((d: { id: number }) => d.id)).toEqual(ids);
  });

  it('refuses a service without image, or without the English title, and writes nothing', async () => {
    const noImage = await postForm('/api/service', { type: 'image-annotation', ...fields('X') }, false);
    expect(noImage.statusCode).toBe(422);
    expect(noImage.json().errors.file).toEqual([SHOWCASE_MSG.imageRequired]);
    const { title_en: _, ...noEnglish } = fields('Y');
    const r = await postForm('/api/service', { type: 'image-annotation', ...noEnglish });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.title_en).toEqual([MSG.required]);
    const bad = await postForm('/api/service', { type: 'other', ...fields('Z') });
    expect(bad.statusCode).toBe(422);
    expect((await t.db.select().from(websiteServices).where(eq(websiteServices.type, 'image-annotation'))).length).toBe(3);
  });

  it('accepts the older title, text and alt_img as the French fields', async () => {
    const r = await postForm('/api/service', { type: 'our-services', title: 'Ancien', text: 'Texte', alt_img: 'Alt', title_en: 'Old', content_en: 'Text' });
    expect(r.statusCode).toBe(201);
    expect(r.json().data).toMatchObject({ title_fr: 'Ancien', title: 'Ancien', content_fr: 'Texte', text: 'Texte', alt: 'Alt', alt_img: 'Alt' });
    const put = await t.app.inject({ method: 'PUT', url: `/api/service/${r.json().data.id}`, payload: { title: 'Renommé' }, headers: admin });
    expect(put.json().data).toMatchObject({ title_fr: 'Renommé', title: 'Renommé', title_en: 'Old' });
    const blank = await t.app.inject({ method: 'PUT', url: `/api/service/${r.json().data.id}`, payload: { title_fr: '' }, headers: admin });
    expect(blank.statusCode).toBe(422);
  });

  it('saves a move by position only, and a reorder numbers every row index + 1 in one call', async () => {
    const move = await t.app.inject({ method: 'PUT', url: `/api/service/${ids[0]}`, payload: { position: 3 }, headers: admin });
    expect(move.statusCode).toBe(200);
    expect(move.json().data.position).toBe(3);
    const order = [ids[2], ids[0], ids[1]];
    const r = await t.app.inject({ method: 'PUT', url: '/api/service/reorder', payload: { ids: order }, headers: admin });
    expect(r.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/service/image-annotation', headers: admin });
    expect(list.json().data.map((d: { id: number; position: number }) => [d.id, d.position])).toEqual(order.map((id, i) => [id, i + 1]));
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'service'), eq(auditLog.action, 'reorder')));
    expect(logged.length).toBe(1);
  });

  it('searches, exports and deletes with its audit', async () => {
    const found = await t.app.inject({ method: 'GET', url: '/api/service/image-annotation?page=1&search=titre%20b', headers: admin });
    expect(found.json().data.map((d: { id: number }) => d.id)).toEqual([ids[1]]);
    const csv = await t.app.inject({ method: 'GET', url: '/api/service/export/csv?type=image-annotation', headers: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Titre C');
    expect(csv.body).not.toContain('Titre T');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/service/${ids[1]}`, headers: admin });
    expect(del.statusCode).toBe(200);
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'service'), eq(auditLog.action, 'delete')));
    expect(logged.map((l) => l.entityId)).toEqual([String(ids[1])]);
  });
});

describe('home services and partner tools', () => {
  it('home services: create, position-only move, delete', async () => {
    const a = await postForm('/api/services', fields('H1'));
    const b = await postForm('/api/services', fields('H2'));
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect([a.json().data.position, b.json().data.position]).toEqual([1, 2]);
    const list = await t.app.inject({ method: 'GET', url: '/api/services?page=1', headers: admin });
    expect(list.json().data).toHaveLength(2);
  });

  it('tools: name and logo required, site an http(s) address', async () => {
    const noLogo = await postForm('/api/tools', { name: 'Label Studio' }, false);
    expect(noLogo.statusCode).toBe(422);
    expect(noLogo.json().errors.file).toEqual([SHOWCASE_MSG.logoRequired]);
    const badUrl = await postForm('/api/tools', { name: 'CVAT', site_web: 'javascript:alert(1)' });
    expect(badUrl.statusCode).toBe(422);
    expect(badUrl.json().errors.site_web).toEqual([SHOWCASE_MSG.url]);
    const noName = await postForm('/api/tools', { name: ' ' });
    expect(noName.statusCode).toBe(422);
    const ok = await postForm('/api/tools', { name: 'CVAT', site_web: 'https://www.cvat.ai', alt_logo: 'Logo CVAT' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ name: 'CVAT', site_web: 'https://www.cvat.ai', position: 1, MEDIA: { mime_type: 'image/png' } });
    const put = await t.app.inject({ method: 'PUT', url: `/api/tools/${ok.json().data.id}`, payload: { site_web: 'ftp://x' }, headers: admin });
    expect(put.statusCode).toBe(422);
  });
});
