import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import type { SyncRun } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../src/lib/media/media.table';
import { solidPng } from '../../src/lib/png';
import { products } from '../../src/modules/catalogue/catalogue.table';
import { clientTypes } from '../../src/lib/clients/classification.table';
import { createTestApp, multipart, type TestContext } from '../support/helpers';
import { startS3, type TestS3 } from '../support/s3-server';
import { PRODUCTS_CSV, syncFixtures } from '../support/sync-fixtures';

/**
 * The API with S3_BUCKET set, on an S3-compatible server started here: media are
 * written to the bucket and served at their usual /uploads/ URL (ETag, 304, Cache-Control, the
 * same security headers), nothing lands in DATA_DIR; a synchronisation file sent through the API is
 * in the bucket before its job is queued and the job reads it there; the ERP's files are read from
 * the SYNC_DIR prefix of the bucket.
 */
let s3: TestS3;
let t: TestContext;
let admin: { authorization: string };
let fx: Awaited<ReturnType<typeof syncFixtures>>;

const keysUnder = async (prefix: string) =>
  ((await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!).sort();
const objectBytes = async (key: string) =>
  Buffer.from(await (await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))).Body!.transformToByteArray());
const putObject = (key: string, body: Buffer | string) => s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }));

const runOf = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/sync/runs/${id}`, headers: admin })).json().data as SyncRun;
async function finished(id: number): Promise<SyncRun> {
  const end = Date.now() + 60_000;
  for (;;) {
    const run = await runOf(id);
    if (run.RESULT !== 'running' || Date.now() > end) return run;
    await new Promise((r) => setTimeout(r, 150));
  }
}

beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp({ env: { ...s3.env, SYNC_DIR: 'erp/depot' } });
  admin = await t.auth('admin@demo.tn');
  fx = await syncFixtures(t.db);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const upload = async (url: string, name: string, type: string, content: Buffer) => {
  const body = multipart({}, { name, type, content });
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...admin, ...body.headers } });
};

describe('media in the bucket, served at /uploads/', () => {
  it('a client-type image and a product image go to the bucket and are served at their URL with ETag, 304 and Cache-Control', async () => {
    expect(t.app.storage.kind).toBe('s3');
    const [type] = await t.db.insert(clientTypes).values({ name: 'Grossiste', position: 1 }).returning();
    const png = solidPng(8, 8, [200, 30, 30]);
    const typeUp = await upload(`/api/typeclients/media/${type.id}`, 'grossiste.png', 'image/png', png);
    expect(typeUp.statusCode, typeUp.body).toBe(200);
    const typeUrl: string = typeUp.json().data.MEDIA.original_url;
    expect(typeUrl).toMatch(/^\/uploads\/typeclients-\d+-[0-9a-f]{24}\.png$/);

    const productPng = solidPng(4, 4, [10, 120, 10]);
    const prodUp = await upload(`/api/products/media/${fx.productId}`, 'face.png', 'image/png', productPng);
    expect(prodUp.statusCode, prodUp.body).toBe(200);
    const productUrl: string = prodUp.json().data.MEDIA[0].original_url;

    // In the bucket under uploads/, and nowhere on this node's disk.
    expect(await keysUnder('uploads/')).toEqual([`uploads${productUrl.slice('/uploads'.length)}`, `uploads${typeUrl.slice('/uploads'.length)}`].sort());
    expect((await objectBytes(`uploads/${path.basename(typeUrl)}`)).equals(png)).toBe(true);
    const local = path.join(t.config.dataDir, 'uploads');
    expect(existsSync(local) ? readdirSync(local) : []).toEqual([]);

    for (const [url, bytes] of [
      [typeUrl, png],
      [productUrl, productPng],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers['content-type']).toBe('image/png');
      expect(Number(res.headers['content-length'])).toBe(bytes.length);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['content-disposition']).toBeUndefined();
      const etag = String(res.headers.etag);
      expect(etag).toMatch(/^"[^"]+"$/);

      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // A weak or listed validator matches too; another one gets the bytes.
      expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': `"other", W/${etag}` } })).statusCode).toBe(304);
      expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);

      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      expect(head.headers.etag).toBe(etag);
    }

    // A byte range (how browsers seek in a gift's video): 206 with those bytes; beyond the end: 416.
    const part = await t.app.inject({ method: 'GET', url: typeUrl, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${png.length}`);
    expect(part.rawPayload.equals(png.subarray(10, 20))).toBe(true);
    const suffix = await t.app.inject({ method: 'GET', url: typeUrl, headers: { range: 'bytes=-5' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(png.subarray(png.length - 5))).toBe(true);
    const beyond = await t.app.inject({ method: 'GET', url: typeUrl, headers: { range: `bytes=${png.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${png.length}`);

    // Deleting the product's image removes the object from the bucket; its URL is then a 404.
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/products/${fx.productId}/media/${prodUp.json().data.MEDIA[0].id}`, headers: admin });
    expect(removed.statusCode).toBe(200);
    expect(await keysUnder(`uploads/${path.basename(productUrl)}`)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: productUrl })).statusCode).toBe(404);
  });

  it('a PDF is served as an attachment; unknown names, folders, dot files and other prefixes are 404', async () => {
    const entry = await t.app.inject({
      method: 'POST',
      url: '/api/configs',
      headers: admin,
      payload: { KEY: 'CGU_S3', NAME: 'CGU', DESCRIPTION: 'Conditions' },
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const up = await upload(`/api/configs/media/${entry.json().data.id}`, 'cgu.pdf', 'application/pdf', pdf);
    expect(up.statusCode, up.body).toBe(200);
    const url: string = up.json().data.FILE.original_url;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment');

    await putObject('uploads/.hidden', 'secret');
    await putObject('uploads/folder/inside.png', 'x');
    await putObject('sync-uploads/private.csv', 'REF;NAME');
    for (const bad of [
      '/uploads/nothing.png',
      '/uploads/',
      '/uploads/folder',
      '/uploads/folder/inside.png',
      '/uploads/.hidden',
      '/uploads/..%2fsync-uploads%2fprivate.csv',
      '/uploads/%2e%2e/sync-uploads/private.csv',
    ]) {
      const r = await t.app.inject({ method: 'GET', url: bad });
      expect(r.statusCode, bad).toBe(404);
      expect(r.body, bad).not.toMatch(/secret|REF;NAME/);
    }
    for (const Key of ['uploads/.hidden', 'uploads/folder/inside.png', 'sync-uploads/private.csv'])
      await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key }));
  });
});

describe('synchronisation files in the bucket', () => {
  it('an uploaded file is in the bucket before its job is queued, and the job reads it from there', async () => {
    const file = Buffer.from(PRODUCTS_CSV);
    // What the bucket holds at the moment the job is queued (any node's worker may take it).
    const atQueue: { keys: string[]; bytes: Buffer | null }[] = [];
    const send = t.app.jobs.send.bind(t.app.jobs);
    t.app.jobs.send = async (kind, data) => {
      const keys = await keysUnder('sync-uploads/');
      atQueue.push({ keys, bytes: keys.length === 1 ? await objectBytes(keys[0]) : null });
      return send(kind, data);
    };
    try {
      const res = await upload('/api/syncProductsFromCSV', 'products.csv', 'text/csv', file);
      expect(res.statusCode, res.body).toBe(202);
      const run = await finished(res.json().data.id);
      expect(run).toMatchObject({ RESULT: 'success', INSERTED: 2, UNCHANGED: 1, FILE_NAME: 'products.csv' });
      expect(run.SHA256).toBe(createHash('sha256').update(file).digest('hex'));
    } finally {
      t.app.jobs.send = send;
    }
    expect(atQueue).toHaveLength(1);
    expect(atQueue[0].keys).toEqual([expect.stringMatching(/^sync-uploads\/[0-9a-f]{24}\.csv$/)]);
    expect(atQueue[0].bytes?.equals(file)).toBe(true);
    // Applied from the bucket: nothing was written to this node's disk, and the file is gone once the run ended.
    expect((await t.db.select().from(products)).map((p) => p.ref).sort()).toEqual(['CAF-0001', 'CAF-0002', 'DEMO-LAIT-1L']);
    expect(existsSync(path.join(t.config.dataDir, 'sync-uploads'))).toBe(false);
    expect(await keysUnder('sync-uploads/')).toEqual([]);
  });

  it('SYNC_DIR is a prefix of the bucket: the files listed, a CSV and the images read from there', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/syncClientsFromCSV', headers: admin });
    expect(missing.statusCode).toBe(422);

    const csv = PRODUCTS_CSV.replace('Café en grains 1 kg', 'Café en grains 1 kg (ERP)');
    await putObject('erp/depot/products.csv', csv);
    const png = solidPng(3, 3, [1, 2, 3]);
    await putObject('erp/depot/images/CAF-0002.png', png);
    const files = (await t.app.inject({ method: 'GET', url: '/api/sync/files', headers: admin })).json().data;
    expect(files.find((f: { KIND: string }) => f.KIND === 'products')).toMatchObject({ PRESENT: true, SIZE: Buffer.byteLength(csv) });
    expect(files.find((f: { KIND: string }) => f.KIND === 'images')).toMatchObject({ PRESENT: true, SIZE: null });
    expect(files.find((f: { KIND: string }) => f.KIND === 'tarifs')).toMatchObject({ PRESENT: false });

    const run = await finished((await t.app.inject({ method: 'GET', url: '/api/syncProductsFromCSV', headers: admin })).json().data.id);
    expect(run).toMatchObject({ RESULT: 'success', UPDATED: 1 });
    expect((await t.db.select().from(products).where(eq(products.ref, 'CAF-0002')))[0].label).toBe('Café en grains 1 kg (ERP)');

    const images = await finished((await t.app.inject({ method: 'GET', url: '/api/syncProductsImage', headers: admin })).json().data.id);
    expect(images).toMatchObject({ RESULT: 'success', INSERTED: 1 });
    const [product] = await t.db.select().from(products).where(eq(products.ref, 'CAF-0002'));
    const [row] = await t.db.select().from(media).where(eq(media.entityId, product.id));
    expect(row).toMatchObject({ entity: 'products', fileName: 'CAF-0002.png', mimeType: 'image/png' });
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${row.storedName}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    // The ERP's files stay where it put them; the drop prefix is never public.
    expect(await keysUnder('erp/depot/')).toEqual(['erp/depot/images/CAF-0002.png', 'erp/depot/products.csv']);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/..%2ferp%2fdepot%2fproducts.csv' })).statusCode).toBe(404);
  });
});
