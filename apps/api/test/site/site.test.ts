import { existsSync } from 'node:fs';
import path from 'node:path';
import { MSG, PAGE_KEYS, pageSections, SITE_MSG } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../src/lib/png';
import { auditLog } from '../../src/lib/audit/audit.table';
import { uploadsDir } from '../../src/lib/media/media.service';
import { media } from '../../src/lib/media/media.table';
import { siteBlocks } from '../../src/modules/site/site.table';
import { createTestApp, multipart, type TestContext } from '../support/helpers';

/** Website pages, sections and blocks through the real app and database. */
let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = await t.auth('admin@demo.tn');
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, h: Record<string, string> = headers) =>
  t.app.inject({ method, url: `/api/${url}`, payload, headers: h });
const png = solidPng(8, 8, [30, 120, 200]);
const upload = (url: string, name = 'photo.png') => {
  const body = multipart({}, { name, type: 'image/png', content: png });
  return t.app.inject({ method: 'POST', url: `/api/${url}`, payload: body.payload, headers: { ...headers, ...body.headers } });
};
const trail = (entity: string, id?: number) =>
  t.db
    .select({ action: auditLog.action, changes: auditLog.changes })
    .from(auditLog)
    .where(id === undefined ? eq(auditLog.entity, entity) : and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

/** The editor's first visit: NOT_FOUND, then the page, then each missing section at position 0. */
async function bootstrap(key: string) {
  const missing = await call('GET', `pages/${key}`);
  expect(missing.statusCode).toBe(404);
  expect(missing.json()).toMatchObject({ success: false, message: 'NOT_FOUND' });
  const page = await call('POST', 'pages', { key });
  expect(page.statusCode).toBe(201);
  const pageId = page.json().data.id as number;
  for (const s of pageSections(key as never)) expect((await call('POST', 'sections', { key: s.key, pages_id: pageId, position: 0 })).statusCode).toBe(201);
  return pageId;
}

const sectionOf = async (page: string, key: string) => (await call('GET', `pages/${page}/sections/${key}`)).json().data;

const filled = {
  title_fr: 'Titre',
  title_en: 'Title',
  content_fr: '<p>Contenu</p>',
  content_en: '<p>Content</p>',
  img_title_fr: 'Image',
  img_title_en: 'Picture',
  img_alt: 'Équipe',
};

describe('page bootstrap', () => {
  it('answers NOT_FOUND, creates the page and its sections at position 0, each audited', async () => {
    const pageId = await bootstrap('home');
    const page = (await call('GET', 'pages/home')).json().data;
    expect(page).toMatchObject({ id: pageId, key: 'home' });
    expect(page.sections.map((s: { key: string }) => s.key).sort()).toEqual(
      pageSections('home')
        .map((s) => s.key)
        .sort(),
    );
    expect(page.sections.every((s: { position: number; blocs: unknown[] }) => s.position === 0 && s.blocs.length === 0)).toBe(true);
    expect((await trail('pages', pageId)).map((a) => a.action)).toEqual(['create']);
    expect((await trail('sections')).length).toBe(pageSections('home').length);
  });

  it('refuses a second page of a key, an unknown key, a section foreign to the page or twice the same', async () => {
    expect((await call('POST', 'pages', { key: 'home' })).json()).toMatchObject({ message: SITE_MSG.pageExists });
    expect((await call('POST', 'pages', { key: 'nope' })).statusCode).toBe(422);
    expect((await call('GET', 'pages/nope')).statusCode).toBe(404);
    const pageId = (await call('GET', 'pages/home')).json().data.id;
    const foreign = await call('POST', 'sections', { key: 'steps', pages_id: pageId, position: 0 });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.key).toEqual([SITE_MSG.unknownSection]);
    const twice = await call('POST', 'sections', { key: 'introduction', pages_id: pageId, position: 0 });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.key).toEqual([SITE_MSG.sectionExists]);
    expect((await call('GET', 'pages/home/sections/nope')).statusCode).toBe(404);
  });
});

describe('section update', () => {
  it('saves a section with its rich text cleaned, audits the change, and refuses an incomplete one', async () => {
    const intro = await sectionOf('home', 'introduction');
    const saved = await call('PUT', `sections/${intro.id}`, {
      ...filled,
      key: 'introduction',
      pages_id: intro.pages_id,
      content_fr: '<p onclick="x()">Bonjour<script>alert(1)</script></p>',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ title_fr: 'Titre', content_fr: '<p>Bonjour</p>', key: 'introduction' });
    const changes = (await trail('sections', intro.id)).at(-1);
    expect(changes).toMatchObject({ action: 'update' });
    expect((changes!.changes as Record<string, unknown>).title_fr).toEqual([null, 'Titre']);

    // A partial update is checked on the section as it will be: clearing the English title is refused.
    const cleared = await call('PUT', `sections/${intro.id}`, { title_en: '' });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().errors.title_en).toEqual([MSG.required]);
    expect((await sectionOf('home', 'introduction')).title_en).toBe('Title');
  });

  it('requires image titles where an image shows, and a phone of 8 digits or a plus in contact info and footer', async () => {
    const intro = await sectionOf('home', 'introduction');
    expect((await call('PUT', `sections/${intro.id}`, { img_alt: '' })).json().errors.img_alt).toEqual([MSG.required]);

    const info = await sectionOf('home', 'info');
    const short = await call('PUT', `sections/${info.id}`, { title_fr: 'Contact', title_en: 'Contact', phone: '1234567', email: 'contact@annot.tn' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.phone).toEqual([MSG.phone]);
    const ok = await call('PUT', `sections/${info.id}`, { title_fr: 'Contact', title_en: 'Contact', phone: '+21671000000', email: 'contact@annot.tn' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ phone: '+21671000000', content_fr: null });

    const footer = await sectionOf('home', 'footer');
    const noAddress = await call('PUT', `sections/${footer.id}`, { title_fr: 'Pied', title_en: 'Footer', phone: '71000000', email: 'a@b.tn', url: 'ftp://x' });
    expect(noAddress.statusCode).toBe(422);
    expect(Object.keys(noAddress.json().errors).sort()).toEqual(['address', 'url']);
  });

  it('keeps one image per section except on the image-annotation page', async () => {
    const intro = await sectionOf('home', 'introduction');
    await upload(`sections/${intro.id}/img`, 'a.png');
    const second = await upload(`sections/${intro.id}/img`, 'b.png');
    expect(second.statusCode).toBe(200);
    expect(second.json().data.img.map((m: { file_name: string }) => m.file_name)).toEqual(['b.png']);

    await bootstrap('image_annotation');
    const ia = await sectionOf('image_annotation', 'introduction');
    await upload(`sections/${ia.id}/img`, 'a.png');
    const both = await upload(`sections/${ia.id}/img`, 'b.png');
    expect(both.json().data.img.map((m: { file_name: string }) => m.file_name)).toEqual(['a.png', 'b.png']);
    const removed = await call('DELETE', `sections/${ia.id}/media/${both.json().data.img[0].id}`);
    expect(removed.json().data.img.map((m: { file_name: string }) => m.file_name)).toEqual(['b.png']);
    expect((await trail('sections', ia.id)).filter((a) => a.action === 'media').length).toBe(3);
    expect((await upload(`sections/${ia.id}/other`)).statusCode).toBe(404);
  });
});

describe('blocks', () => {
  const block = (sections_id: number, n: number, over: object = {}) => ({
    sections_id,
    key: `pi pi-star`,
    title_fr: `Bloc ${n}`,
    title_en: `Block ${n}`,
    content_fr: `<p>Contenu ${n}</p>`,
    content_en: `<p>Content ${n}</p>`,
    ...over,
  });

  it('adds at the end of its section, lists one section, reorders 1..n in one call and moves one', async () => {
    const figures = await sectionOf('home', 'our_figures');
    const sectors = await sectionOf('home', 'sectors');
    await call('POST', 'blocs', block(sectors.id, 0));
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const r = await call('POST', 'blocs', block(figures.id, n));
      expect(r.statusCode).toBe(201);
      expect(r.json().data.position).toBe(n);
      ids.push(r.json().data.id);
    }
    const list = (await call('GET', `blocs?page=1&sections_id=${figures.id}`)).json();
    expect(list.meta.total).toBe(3);
    expect(list.data.map((b: { id: number }) => b.id)).toEqual(ids);

    const reordered = await call('PUT', 'blocs/reorder', { ids: [ids[2], ids[0], ids[1]] });
    expect(reordered.statusCode).toBe(200);
    const after = (await call('GET', `blocs?sections_id=${figures.id}`)).json().data;
    expect(after.map((b: { id: number; position: number }) => [b.id, b.position])).toEqual([
      [ids[2], 1],
      [ids[0], 2],
      [ids[1], 3],
    ]);
    expect((await trail('blocs')).filter((a) => a.action === 'reorder').length).toBe(1);

    // Only every block of one section, each once.
    expect((await call('PUT', 'blocs/reorder', { ids: [ids[0], ids[1]] })).statusCode).toBe(422);
    const otherId = (await call('GET', `blocs?sections_id=${sectors.id}`)).json().data[0].id;
    expect((await call('PUT', 'blocs/reorder', { ids: [...ids, otherId] })).statusCode).toBe(422);
    // With the section named, the other sections' ids in a whole-list order are left out.
    const named = await call('PUT', `blocs/reorder?sections_id=${figures.id}`, { ids: [otherId, ids[2], ids[0], ids[1]] });
    expect(named.json()).toEqual({ success: true, data: { ids: [ids[2], ids[0], ids[1]] } });
    expect((await call('PUT', `blocs/reorder?sections_id=${figures.id}`, { ids: [otherId, ids[0]] })).statusCode).toBe(422);

    const moved = await call('PUT', `blocs/${ids[1]}/position`, { position: 1 });
    expect(moved.json().data).toEqual({ id: ids[1], position: 1 });
    const rows = await t.db
      .select({ id: siteBlocks.id, position: siteBlocks.position })
      .from(siteBlocks)
      .where(eq(siteBlocks.sectionId, figures.id))
      .orderBy(siteBlocks.position);
    expect(rows).toEqual([
      { id: ids[1], position: 1 },
      { id: ids[2], position: 2 },
      { id: ids[0], position: 3 },
    ]);
  });

  it('validates titles, contents, key and the services column span; creates with its image as form data', async () => {
    const services = await sectionOf('home', 'services');
    const empty = await call('POST', 'blocs', { sections_id: services.id });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['content_en', 'content_fr', 'key', 'title_en', 'title_fr']);
    const span = await call('POST', 'blocs', block(services.id, 1, { url: '3' }));
    expect(span.json().errors.url).toEqual([SITE_MSG.columnSpan]);
    const defaulted = await call('POST', 'blocs', block(services.id, 1));
    expect(defaulted.json().data.url).toBe('1');

    const body = multipart(
      {
        sections_id: String(services.id),
        key: 'pi pi-image',
        url: '2',
        title_fr: 'Images',
        title_en: 'Images',
        content_fr: '<p>a</p>',
        content_en: '<p>b</p>',
      },
      { name: 'bloc.png', type: 'image/png', content: png },
    );
    const created = await t.app.inject({ method: 'POST', url: '/api/blocs', payload: body.payload, headers: { ...headers, ...body.headers } });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ url: '2', position: 2, MEDIA: { file_name: 'bloc.png' } });
    const id = created.json().data.id;
    const edited = await call('PUT', `blocs/${id}`, { title_en: 'Pictures', url: '2' });
    expect(edited.json().data).toMatchObject({ title_en: 'Pictures', title_fr: 'Images' });
    expect((await call('DELETE', `blocs/${id}`)).statusCode).toBe(200);
    expect((await trail('blocs', id)).map((a) => a.action)).toEqual(['create', 'media', 'update', 'delete']);
  });

  it('exports one section’s blocks', async () => {
    const figures = await sectionOf('home', 'our_figures');
    const csv = await call('GET', `blocs/export/csv?sections_id=${figures.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Bloc 1');
    expect(csv.body).not.toContain('Bloc 0');
  });
});

describe('block images', () => {
  type M = { id: number; file_name: string; original_url: string };
  const names = (ms: M[]) => ms.map((m) => m.file_name);
  const onDisk = (m: M) => existsSync(path.join(uploadsDir(t.config.dataDir), path.basename(m.original_url)));
  /** One multipart request with several files (and text fields), as a browser's multiple file input sends it. */
  const form = (fields: Record<string, string>, files: string[], content: Buffer = png) => {
    const b = 'xBlockImagesBoundary';
    const parts = [
      ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
      ...files.flatMap((name) => [
        Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
        content,
        Buffer.from('\r\n'),
      ]),
      Buffer.from(`--${b}--\r\n`),
    ];
    return { payload: Buffer.concat(parts), headers: { ...headers, 'content-type': `multipart/form-data; boundary=${b}` } };
  };
  const send = (method: 'POST', url: string, body: ReturnType<typeof form>) => t.app.inject({ method, url: `/api/${url}`, ...body });
  const fields = (sections_id: number, n: string) => ({
    sections_id: String(sections_id),
    key: 'bounding-box',
    title_fr: `Type ${n}`,
    title_en: `Kind ${n}`,
    content_fr: '<p>a</p>',
    content_en: '<p>b</p>',
  });
  const sectionIn = async (page: string, key: string) => {
    if ((await call('GET', `pages/${page}`)).statusCode === 404) await bootstrap(page);
    return sectionOf(page, key);
  };

  it('keeps every image of an image-annotation block in order, adds several at once, removes one with its file, and the block’s files with it', async () => {
    const types = await sectionIn('image_annotation', 'image-annotation-types');
    const created = await call('POST', 'blocs', { ...fields(types.id, '1'), sections_id: types.id });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ MEDIA: null, IMAGES: [] });
    const id = created.json().data.id;

    const two = await send('POST', `blocs/${id}/img`, form({}, ['a.png', 'b.png']));
    expect(two.statusCode).toBe(200);
    expect(names(two.json().data.IMAGES)).toEqual(['a.png', 'b.png']);
    const third = await send('POST', `blocs/${id}/img`, form({}, ['c.png']));
    expect(names(third.json().data.IMAGES)).toEqual(['a.png', 'b.png', 'c.png']);
    // MEDIA stays the first image for clients that read one.
    expect(third.json().data.MEDIA.file_name).toBe('a.png');
    const listed = (await call('GET', `blocs?sections_id=${types.id}`)).json().data.find((x: { id: number }) => x.id === id);
    expect(names(listed.IMAGES)).toEqual(['a.png', 'b.png', 'c.png']);

    const [a, b, c] = third.json().data.IMAGES as M[];
    expect([a, b, c].every(onDisk)).toBe(true);
    const removed = await call('DELETE', `blocs/${id}/media/${b.id}`);
    expect(removed.statusCode).toBe(200);
    expect(names(removed.json().data.IMAGES)).toEqual(['a.png', 'c.png']);
    expect(onDisk(b)).toBe(false);
    expect([a, c].every(onDisk)).toBe(true);
    const pub = (await t.app.inject({ method: 'GET', url: '/api/public/pages/image_annotation' })).json().data;
    const shown = pub.sections.find((x: { key: string }) => x.key === 'image-annotation-types').blocs.find((x: { title: string }) => x.title === 'Type 1');
    expect(names(shown.images)).toEqual(['a.png', 'c.png']);

    // A wrong file among several refuses them all.
    const mixed = await send('POST', `blocs/${id}/img`, form({}, ['d.png', 'e.png'], Buffer.from('not an image')));
    expect(mixed.statusCode).toBe(422);
    expect(names((await call('GET', `blocs/${id}`)).json().data.IMAGES)).toEqual(['a.png', 'c.png']);
    const many = await send(
      'POST',
      `blocs/${id}/img`,
      form(
        {},
        Array.from({ length: 11 }, (_, i) => `${i}.png`),
      ),
    );
    expect(many.statusCode).toBe(422);
    expect(many.json().message).toBe(SITE_MSG.tooManyImages);

    expect((await call('DELETE', `blocs/${id}`)).statusCode).toBe(200);
    expect([a, c].some(onDisk)).toBe(false);
    expect(
      (
        await t.db
          .select()
          .from(media)
          .where(and(eq(media.entity, 'blocs'), eq(media.entityId, id)))
      ).length,
    ).toBe(0);

    // Created with several images as form data, all kept in order.
    const withImages = await send('POST', 'blocs', form(fields(types.id, '2'), ['x.png', 'y.png']));
    expect(withImages.statusCode).toBe(201);
    expect(names(withImages.json().data.IMAGES)).toEqual(['x.png', 'y.png']);
  });

  it('keeps one image on other blocks: a new upload replaces it, several files in one request are a 422 that changes nothing', async () => {
    const sectors = await sectionIn('home', 'sectors');
    const id = (await call('POST', 'blocs', { ...fields(sectors.id, '9'), sections_id: sectors.id })).json().data.id;
    const first = (await send('POST', `blocs/${id}/img`, form({}, ['a.png']))).json().data.IMAGES as M[];
    const second = await send('POST', `blocs/${id}/img`, form({}, ['b.png']));
    expect(names(second.json().data.IMAGES)).toEqual(['b.png']);
    expect(second.json().data.MEDIA.file_name).toBe('b.png');
    expect(onDisk(first[0])).toBe(false);

    const both = await send('POST', `blocs/${id}/img`, form({}, ['c.png', 'd.png']));
    expect(both.statusCode).toBe(422);
    expect(both.json()).toMatchObject({ success: false, message: SITE_MSG.oneImage, errors: { file: [SITE_MSG.oneImage] } });
    expect(names((await call('GET', `blocs/${id}`)).json().data.IMAGES)).toEqual(['b.png']);
    expect((await send('POST', `blocs/media/${id}`, form({}, ['c.png', 'd.png']))).statusCode).toBe(422);

    const count = async () => (await t.db.select().from(siteBlocks).where(eq(siteBlocks.sectionId, sectors.id))).length;
    const before = await count();
    const created = await send('POST', 'blocs', form(fields(sectors.id, '10'), ['c.png', 'd.png']));
    expect(created.statusCode).toBe(422);
    expect(created.json().message).toBe(SITE_MSG.oneImage);
    expect(await count()).toBe(before);
  });

  it('takes several images in one request for a section of the image-annotation page, one elsewhere (422)', async () => {
    const ia = await sectionIn('image_annotation', 'introduction');
    const before = names((await sectionOf('image_annotation', 'introduction')).img);
    const both = await send('POST', `sections/${ia.id}/img`, form({}, ['p.png', 'q.png']));
    expect(names(both.json().data.img)).toEqual([...before, 'p.png', 'q.png']);
    const intro = await sectionIn('home', 'introduction');
    const kept = names((await sectionOf('home', 'introduction')).img);
    const refused = await send('POST', `sections/${intro.id}/img`, form({}, ['p.png', 'q.png']));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(SITE_MSG.oneImage);
    expect(names((await sectionOf('home', 'introduction')).img)).toEqual(kept);
  });

  it('refuses a block in a section that has no blocks list, naming the section', async () => {
    const intro = await sectionIn('home', 'introduction');
    const before = (await t.db.select().from(siteBlocks)).length;
    const refused = await call('POST', 'blocs', { ...fields(intro.id, '0'), sections_id: intro.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.sections_id).toEqual([SITE_MSG.noBlocks('Introduction')]);
    expect(refused.json().message).toContain('« Introduction »');
    expect((await t.db.select().from(siteBlocks)).length).toBe(before);
  });
});

describe('section delete', () => {
  it('removes the section’s files and those of its blocks', async () => {
    const strong = await bootstrap('about_us').then(() => sectionOf('about_us', 'our_identity'));
    await upload(`sections/${strong.id}/img`);
    const body = multipart(
      { sections_id: String(strong.id), key: 'pi pi-heart', title_fr: 'a', title_en: 'b', content_fr: '<p>a</p>', content_en: '<p>b</p>' },
      { name: 'bloc.png', type: 'image/png', content: png },
    );
    const block = await t.app.inject({ method: 'POST', url: '/api/blocs', payload: body.payload, headers: { ...headers, ...body.headers } });
    const blockId = block.json().data.id;
    const files = async () =>
      (await t.db.select().from(media)).filter((m) => (m.entity === 'sections' && m.entityId === strong.id) || (m.entity === 'blocs' && m.entityId === blockId))
        .length;
    expect(await files()).toBe(2);
    expect((await call('DELETE', `sections/${strong.id}`)).statusCode).toBe(200);
    await expect.poll(files).toBe(0);
    expect((await call('GET', `blocs/${blockId}`)).statusCode).toBe(404);
  });
});

describe('public page', () => {
  it('serves a page in one language, sections and blocks in position order, without sign-in, with ETag and 304', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/api/public/pages/home?lang=en' });
    expect(en.statusCode).toBe(200);
    const data = en.json().data;
    const intro = data.sections.find((s: { key: string }) => s.key === 'introduction');
    expect(intro).toMatchObject({ title: 'Title', content: '<p>Content</p>', img_alt: 'Équipe' });
    expect(intro.images).toHaveLength(1);
    const figures = data.sections.find((s: { key: string }) => s.key === 'our_figures');
    expect(figures.blocs.map((b: { position: number }) => b.position)).toEqual([1, 2, 3]);
    expect(figures.blocs.map((b: { title: string }) => b.title)).toEqual(['Block 2', 'Block 3', 'Block 1']);

    const fr = (await t.app.inject({ method: 'GET', url: '/api/public/pages/home' })).json().data;
    expect(fr.sections.find((s: { key: string }) => s.key === 'introduction').title).toBe('Titre');

    const etag = en.headers.etag as string;
    const again = await t.app.inject({ method: 'GET', url: '/api/public/pages/home?lang=en', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // A save changes the version.
    const put = await call('PUT', `sections/${(await sectionOf('home', 'introduction')).id}`, { title_en: 'New title' });
    expect(put.json().errors).toBeUndefined();
    // Only the field sent changes.
    expect(put.json().data).toMatchObject({ title_en: 'New title', title_fr: 'Titre', content_fr: '<p>Bonjour</p>', img_alt: 'Équipe' });
    const changed = await t.app.inject({ method: 'GET', url: '/api/public/pages/home?lang=en', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/pages/build_a_team' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/pages/home?lang=de' })).statusCode).toBe(422);
  });
});

describe('roles', () => {
  it('refuses zone chiefs, the warehouse and signed-out calls', async () => {
    for (const email of ['chef@demo.tn', 'magasin@demo.tn', 'commercial@demo.tn']) {
      const h = await t.auth(email);
      for (const [method, url] of [
        ['GET', 'pages/home'],
        ['POST', 'pages'],
        ['GET', 'blocs'],
        ['PUT', 'blocs/reorder'],
        ['PUT', 'sections/1'],
      ] as const) {
        expect((await call(method, url, method === 'GET' ? undefined : {}, h)).statusCode, `${email} ${method} ${url}`).toBe(403);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/pages/home' })).statusCode).toBe(401);
    expect(PAGE_KEYS).toHaveLength(9);
  });
});
