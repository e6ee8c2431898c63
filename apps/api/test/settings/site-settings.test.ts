import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_UPLOAD_FAILED, SITE_SETTINGS_MSG } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../src/lib/png';
import { auditLog } from '../../src/lib/audit/audit.table';
import { createTestApp, MULTIPART_BOUNDARY, multipart, type TestContext } from '../support/helpers';

/** Banner, pop-up, configuration entries, company details and their public reads. */
let t: TestContext;
let admin: { authorization: string };
const png = (rgb: [number, number, number] = [10, 120, 200]) => solidPng(40, 20, rgb);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });
const upload = (url: string, file: { name: string; type: string; content: Buffer }, headers = admin) => {
  const body = multipart({}, file);
  return t.app.inject({ method: 'POST', url: `/api/${url}`, payload: body.payload, headers: { ...headers, ...body.headers } });
};
/** Several files under one name, as the pop-up's multiple upload sends them. */
const uploadMany = (url: string, files: { name: string; content: Buffer }[]) => {
  const parts = files.flatMap((f) => [
    Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: image/png\r\n\r\n`),
    f.content,
    Buffer.from('\r\n'),
  ]);
  parts.push(Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`));
  return t.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload: Buffer.concat(parts),
    headers: { ...admin, 'content-type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
  });
};
const uploads = () => path.join(t.config.dataDir, 'uploads');
const storedFiles = () => (existsSync(uploads()) ? readdirSync(uploads()).length : 0);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
});
afterAll(() => t.close());

describe('banner', () => {
  it('has none at first, then answers the path of the image that replaced it', async () => {
    expect((await call('GET', 'banniere')).json().data).toBeNull();
    const first = await upload('banniere', { name: 'banniere.png', type: 'image/png', content: png() });
    expect(first.statusCode).toBe(200);
    const second = await upload('banniere', { name: 'ete.png', type: 'image/png', content: png([200, 50, 0]) });
    const url = second.json().data as string;
    expect(url).toMatch(/^\/uploads\/banner-1-[0-9a-f]+\.png$/);
    expect((await call('GET', 'banniere')).json().data).toBe(url);
    // The replaced file is gone from the disk: one banner file only.
    expect(readdirSync(uploads()).filter((f) => f.startsWith('banner-'))).toEqual([path.basename(url)]);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
  });

  it('refuses what is not an image, whatever its name', async () => {
    const before = (await call('GET', 'banniere')).json().data;
    const r = await upload('banniere', { name: 'banniere.png', type: 'image/png', content: PDF });
    expect(r.statusCode).toBe(422);
    expect((await call('GET', 'banniere')).json().data).toBe(before);
  });
});

describe('pop-up images', () => {
  it('adds several images at once, lists them, and removes one by its path', async () => {
    const r = await uploadMany('popup/upload', [
      { name: 'promo.png', content: png([1, 2, 3]) },
      { name: 'cadeaux.png', content: png([4, 5, 6]) },
    ]);
    expect(r.statusCode).toBe(200);
    const paths = r.json().data as string[];
    expect(paths).toHaveLength(2);
    expect((await call('GET', 'popup/images')).json().data).toEqual(paths);
    const del = await call('DELETE', 'popup/delete', { image_path: paths[0] });
    expect(del.json().data).toEqual([paths[1]]);
    expect(existsSync(path.join(uploads(), path.basename(paths[0])))).toBe(false);
  });

  it('refuses a wrong file in a multiple upload and keeps none of them', async () => {
    const before = (await call('GET', 'popup/images')).json().data;
    const files = storedFiles();
    const r = await uploadMany('popup/upload', [
      { name: 'ok.png', content: png() },
      { name: 'faux.png', content: PDF },
    ]);
    expect(r.statusCode).toBe(422);
    expect((await call('GET', 'popup/images')).json().data).toEqual(before);
    expect(storedFiles()).toBe(files);
  });

  it('deletes only a path it gave out: traversal, another owner’s file or a made-up path is 404 and deletes nothing', async () => {
    const [kept] = (await call('GET', 'popup/images')).json().data as string[];
    const banner = (await call('GET', 'banniere')).json().data as string;
    const files = storedFiles();
    for (const image_path of [
      '../data/pglite',
      `${kept}/../${path.basename(banner)}`,
      banner,
      '/uploads/../../etc/passwd',
      kept.replace('/uploads/', '/uploads/../uploads/'),
      '',
    ]) {
      const r = await call('DELETE', 'popup/delete', { image_path });
      expect([image_path, r.statusCode]).toEqual([image_path, 404]);
    }
    expect(storedFiles()).toBe(files);
    expect((await call('GET', 'popup/images')).json().data).toEqual([kept]);
    expect((await call('GET', 'banniere')).json().data).toBe(banner);
  });
});

describe('configuration entries', () => {
  let id: number;
  it('creates an entry whose key then stays; a key taken twice is 422', async () => {
    const r = await call('POST', 'configs', { KEY: 'cgu_pdf', NAME: 'Conditions générales', DESCRIPTION: 'Le PDF des CGU.' });
    expect(r.statusCode).toBe(201);
    id = r.json().data.id;
    expect(r.json().data).toMatchObject({ KEY: 'CGU_PDF', FILE: null });
    const again = await call('POST', 'configs', { KEY: 'CGU_PDF', NAME: 'x', DESCRIPTION: 'y' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.KEY).toEqual([SITE_SETTINGS_MSG.keyTaken]);
  });

  it('needs its file before it can be saved; then saves NAME and DESCRIPTION, never KEY', async () => {
    const noFile = await call('PUT', `configs/${id}`, { NAME: 'CGU', DESCRIPTION: 'Conditions' });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors.FILE).toEqual([SITE_SETTINGS_MSG.fileRequired]);
    const file = await upload(`configs/media/${id}`, { name: 'cgu.pdf', type: 'application/pdf', content: PDF });
    expect(file.statusCode).toBe(200);
    expect(file.json().data.FILE).toMatchObject({ file_name: 'cgu.pdf', mime_type: 'application/pdf' });
    const saved = await call('PUT', `configs/${id}`, { KEY: 'AUTRE', NAME: 'CGU 2026', DESCRIPTION: 'Conditions générales à jour' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ KEY: 'CGU_PDF', NAME: 'CGU 2026', DESCRIPTION: 'Conditions générales à jour' });
    const [trail] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'configs')).orderBy(auditLog.id);
    expect(trail.action).toBe('create');
  });

  it('refuses an empty NAME or DESCRIPTION (422, nothing changed) and a file that is neither PDF nor image', async () => {
    const bad = await call('PUT', `configs/${id}`, { NAME: ' ', DESCRIPTION: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['DESCRIPTION', 'NAME']);
    const wrong = await upload(`configs/media/${id}`, { name: 'x.pdf', type: 'application/pdf', content: Buffer.from('pas un pdf') });
    expect(wrong.statusCode).toBe(422);
    const [entry] = (await call('GET', 'configs')).json().data;
    expect(entry).toMatchObject({ NAME: 'CGU 2026', FILE: { file_name: 'cgu.pdf' } });
  });

  it('deletes the entry with its file', async () => {
    const files = storedFiles();
    expect((await call('DELETE', `configs/${id}`)).statusCode).toBe(200);
    expect((await call('GET', 'configs')).json().data).toEqual([]);
    expect(storedFiles()).toBe(files - 1);
    expect((await call('DELETE', `configs/${id}`)).statusCode).toBe(404);
  });

  it('keeps the spec’s upload-failure message for the screen', () => {
    expect(CONFIG_UPLOAD_FAILED).toBe('File upload failed.');
  });
});

describe('company settings', () => {
  const body = {
    NAME: 'Fidélité Tunisie SA',
    TAX_ID: '7654321/B/M/000',
    ADDRESS: '12 rue de Marseille, 1000 Tunis',
    PHONE: '+21671111222',
    EMAIL: 'Contact@Fidelite.tn',
  };
  it('answers the start-up values until saved; PUT before a first POST is 404', async () => {
    const r = (await call('GET', 'settings')).json().data;
    expect(r).toMatchObject({ id: null, NAME: t.config.COMPANY_NAME, TAX_ID: t.config.COMPANY_TAX_ID });
    expect((await call('PUT', 'settings', body)).statusCode).toBe(404);
  });
  it('saves once with POST (a second POST is 409), then changes with PUT', async () => {
    const created = await call('POST', 'settings', body);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toEqual({ id: 1, ...body, EMAIL: 'contact@fidelite.tn' });
    expect((await call('POST', 'settings', body)).statusCode).toBe(409);
    const changed = await call('PUT', 'settings', { ...body, PHONE: '71222333' });
    expect(changed.json().data.PHONE).toBe('71222333');
    const bad = await call('PUT', 'settings', { ...body, EMAIL: 'pas-un-mail', PHONE: '12' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['EMAIL', 'PHONE']);
    expect((await call('GET', 'settings')).json().data.PHONE).toBe('71222333');
  });
});

describe('public banner and pop-up', () => {
  it('are read without sign-in, with an ETag answered 304 while unchanged', async () => {
    const banner = await t.app.inject({ method: 'GET', url: '/api/public/banner' });
    expect(banner.statusCode).toBe(200);
    expect(banner.json().data).toEqual({ url: (await call('GET', 'banniere')).json().data, mime_type: 'image/png' });
    const again = await t.app.inject({ method: 'GET', url: '/api/public/banner', headers: { 'if-none-match': banner.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const popup = await t.app.inject({ method: 'GET', url: '/api/public/popup' });
    expect(popup.json().data).toHaveLength(1);
    await uploadMany('popup/upload', [{ name: 'nouveau.png', content: png([9, 9, 9]) }]);
    const changed = await t.app.inject({ method: 'GET', url: '/api/public/popup', headers: { 'if-none-match': popup.headers.etag as string } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toHaveLength(2);
  });
});

describe('roles', () => {
  it('refuses every call but the public ones to zone chiefs, the warehouse and least-rights roles', async () => {
    for (const email of ['chef@demo.tn', 'magasin@demo.tn', 'commercial@demo.tn']) {
      const h = await t.auth(email);
      for (const [m, u] of [
        ['GET', 'banniere'],
        ['GET', 'popup/images'],
        ['GET', 'configs'],
        ['GET', 'settings'],
        ['DELETE', 'popup/delete'],
        ['PUT', 'settings'],
      ] as const) {
        expect([email, u, (await call(m, u, m === 'GET' ? undefined : {}, h)).statusCode]).toEqual([email, u, 403]);
      }
    }
  });
});
