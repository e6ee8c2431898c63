import { MSG, SHOWCASE_MSG } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../src/lib/png';
import { auditLog } from '../../src/lib/audit/audit.table';
import { contactRequests, galleryItems } from '../../src/modules/showcase/showcase.table';
import { createTestApp, multipart, type TestContext } from '../support/helpers';

let t: TestContext;
let admin: Record<string, string>;
const png = solidPng(6, 6, [200, 20, 20]);
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
});
afterAll(() => t.close());

const postForm = (url: string, body: Record<string, string>, withFile = true) => {
  const m = multipart(body, withFile ? { field: 'file', name: 'photo.png', type: 'image/png', content: png } : undefined);
  return t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...admin, ...m.headers } });
};

describe('gallery', () => {
  const ids: number[] = [];
  it('an image needs its photo, a video its link; a photo item keeps no link', async () => {
    const noPhoto = await postForm('/api/gallery', { POSITION: '1', TITLE: 'Équipe', TYPE: 'image', LINK: '' }, false);
    expect(noPhoto.statusCode).toBe(422);
    const noLink = await postForm('/api/gallery', { POSITION: '1', TITLE: 'Démo', TYPE: 'video', LINK: '' }, false);
    expect(noLink.statusCode).toBe(422);
    expect(noLink.json().errors.LINK).toEqual([SHOWCASE_MSG.linkRequired]);
    // Neither a file nor a link: the kind cannot be inferred (it is inferred from either).
    const noKind = await postForm('/api/gallery', { TITLE: 'X' }, false);
    expect(noKind.json().errors.TYPE).toEqual([SHOWCASE_MSG.kindRequired]);
    expect(await t.db.select().from(galleryItems)).toHaveLength(0);

    const photo = await postForm('/api/gallery', { POSITION: '7', TITLE: 'Équipe', TYPE: 'image', LINK: 'https://ignored.example' });
    expect(photo.statusCode).toBe(201);
    expect(photo.json().data).toMatchObject({ POSITION: 1, TYPE: 'image', LINK: null, MEDIA: { mime_type: 'image/png' } });
    const video = await postForm('/api/gallery', { TITLE: 'Démo', TYPE: 'video', LINK: 'https://www.youtube.com/watch?v=abc' }, false);
    expect(video.json().data).toMatchObject({ POSITION: 2, TYPE: 'video', MEDIA: null });
    const third = await postForm('/api/gallery', { TITLE: 'Bureau', TYPE: 'image' });
    ids.push(photo.json().data.id, video.json().data.id, third.json().data.id);
  });

  it('PUT with fields or only the position; reorder numbers 1..n', async () => {
    const edit = await t.app.inject({ method: 'PUT', url: `/api/gallery/${ids[1]}`, payload: { TITLE: 'Démo annotation' }, headers: admin });
    expect(edit.json().data).toMatchObject({ TITLE: 'Démo annotation', TYPE: 'video' });
    const move = await t.app.inject({ method: 'PUT', url: `/api/gallery/${ids[2]}`, payload: { POSITION: 1 }, headers: admin });
    expect(move.json().data.POSITION).toBe(1);
    const order = [ids[2], ids[0], ids[1]];
    expect((await t.app.inject({ method: 'PUT', url: '/api/gallery/reorder', payload: { ids: order }, headers: admin })).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/gallery?page=1', headers: admin });
    expect(list.json().data.map((d: { id: number; POSITION: number }) => [d.id, d.POSITION])).toEqual(order.map((id, i) => [id, i + 1]));
  });

  it('exports the list as PDF and XLSX', async () => {
    for (const [format, type] of [
      ['pdf', 'application/pdf'],
      ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ]) {
      const r = await t.app.inject({ method: 'GET', url: `/api/gallery/export/${format}`, headers: admin });
      expect([format, r.statusCode, r.headers['content-type']]).toEqual([format, 200, type]);
      expect(r.rawPayload.length).toBeGreaterThan(500);
    }
  });

  it('public/gallery: position order, no sign-in, ETag and 304', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/public/gallery' });
    expect(r.statusCode).toBe(200);
    const data = r.json().data as { id: number; type: string; link: string | null; image: { url: string } | null }[];
    expect(data.map((d) => d.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(data[2]).toMatchObject({ type: 'video', link: 'https://www.youtube.com/watch?v=abc', image: null });
    expect(data[0].image?.url).toMatch(/^\/uploads\//);
    const etag = r.headers.etag as string;
    const again = await t.app.inject({ method: 'GET', url: '/api/public/gallery', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await t.app.inject({ method: 'PUT', url: `/api/gallery/${ids[0]}`, payload: { TITLE: 'Changé' }, headers: admin });
    const changed = await t.app.inject({ method: 'GET', url: '/api/public/gallery', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
  });
});

describe('public services and tools', () => {
  it('serves the saved services by type and the tools, 404 for an unknown type', async () => {
    const m = multipart(
      { type: '3d-annotation', title_fr: 'Nuages de points', title_en: 'Point clouds', content_fr: '<p>Lidar</p>', content_en: '<p>Lidar</p>' },
      { field: 'file', name: 'a.png', type: 'image/png', content: png },
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/service', payload: m.payload, headers: { ...admin, ...m.headers } })).statusCode).toBe(201);
    const r = await t.app.inject({ method: 'GET', url: '/api/public/services/3d-annotation' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject([{ title_fr: 'Nuages de points', title_en: 'Point clouds', image: { mime_type: 'image/png' } }]);
    expect(r.headers.etag).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: '/api/public/services/image-annotation' })).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/services/nope' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/services' })).json().data).toEqual([]);
    const tools = await t.app.inject({ method: 'GET', url: '/api/public/tools' });
    expect(tools.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/tools', headers: { 'if-none-match': tools.headers.etag as string } })).statusCode).toBe(304);
  });
});

describe('contact requests', () => {
  it('staff form: name and message required, phone exactly 8 digits or +', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/contacts', payload: { NAME: '', GSM: '1234567', CONTENT: '' }, headers: admin });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ NAME: [MSG.required], GSM: [MSG.phone8], CONTENT: [MSG.required] });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/contacts', payload: { NAME: 'A', GSM: '123456789', CONTENT: 'x' }, headers: admin })).statusCode,
    ).toBe(422);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: { NAME: 'Sami Ben Ali', GSM: '+2162000', CONTENT: 'Devis annotation' },
      headers: admin,
    });
    expect(ok.statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/contacts?page=1&search=devis', headers: admin });
    expect(list.json().data).toMatchObject([{ NAME: 'Sami Ben Ali', GSM: '+2162000' }]);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/contacts/${ok.json().data.id}`, headers: admin });
    expect(del.statusCode).toBe(200);
  });

  it('public form: same rules, audited, then 429 after 5 sends from one IP', async () => {
    const send = (payload: unknown, ip = '10.7.0.1') =>
      t.app.inject({ method: 'POST', url: '/api/public/contacts', payload: payload as never, remoteAddress: ip });
    const bad = await send({ NAME: 'Web', GSM: 'abc', CONTENT: 'Bonjour' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.GSM).toEqual([MSG.phone8]);
    const r = await send({ NAME: 'Web', GSM: '22334455', CONTENT: 'Bonjour' });
    expect(r.statusCode).toBe(201);
    const [row] = await t.db.select().from(contactRequests).where(eq(contactRequests.id, r.json().data.id));
    expect(row).toMatchObject({ name: 'Web', gsm: '22334455', source: 'website' });
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'contacts'), eq(auditLog.entityId, String(row.id))));
    expect(logged).toHaveLength(1);
    for (let i = 0; i < 3; i++) expect((await send({ NAME: 'Web', GSM: '22334455', CONTENT: `n${i}` })).statusCode).toBe(201);
    const limited = await send({ NAME: 'Web', GSM: '22334455', CONTENT: 'encore' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false });
    expect((await send({ NAME: 'Autre', GSM: '22334455', CONTENT: 'ok' }, '10.7.0.2')).statusCode).toBe(201);
  });
});

describe('roles', () => {
  it('chefZone and Magasinier get 403 on every showcase call; the public calls need no sign-in', async () => {
    for (const email of ['chef@demo.tn', 'magasin@demo.tn', 'commercial@demo.tn']) {
      const headers = await t.auth(email);
      for (const [method, url] of [
        ['GET', '/api/service/image-annotation'],
        ['GET', '/api/services'],
        ['GET', '/api/tools'],
        ['GET', '/api/gallery'],
        ['GET', '/api/contacts'],
        ['POST', '/api/contacts'],
        ['PUT', '/api/gallery/reorder'],
        ['DELETE', '/api/tools/1'],
      ] as const)
        expect([email, url, (await t.app.inject({ method, url, headers, payload: method === 'GET' ? undefined : {} })).statusCode]).toEqual([email, url, 403]);
    }
  });
});
