import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../../src/config';
import { solidPng } from '../../src/lib/png';
import { uploadsDir } from '../../src/lib/media/media.service';
import { rowsOf } from '../../src/db/rows';
import { syncRuns } from '../../src/modules/sync/sync.table';
import { createTestApp, multipart, type TestContext } from '../support/helpers';

/**
 * The headers a browser acts on: the CSP and its companions on the app, the API and the
 * OpenAPI UI, and how uploaded files are served. The browser side of the CSP (no screen breaks under
 * it) is apps/web/src/e2e/csp.e2e.ts.
 */
let t: TestContext;
let admin: { authorization: string };
let webDist: string;

beforeAll(async () => {
  // A stand-in for the built web app, so the page routes are served as in production.
  webDist = mkdtempSync(path.join(os.tmpdir(), 'bo-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body></body></html>',
  );
  // Published over plain http (a LAN installation): no HSTS, no upgrade of requests.
  t = await createTestApp({ env: { PUBLIC_URL: 'http://192.168.1.10:3000' }, overrides: { webDist } });
  admin = await t.auth('admin@demo.tn');
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The CSP as directive → sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('security headers', () => {
  it('every kind of answer carries the strict CSP, nosniff, no referrer and no framing', async () => {
    const answers = {
      'API JSON': await get('/api/health'),
      'API error': await get('/api/clients?page=1'),
      'web app root': await get('/'),
      'web app route': await get('/layout/dashboard'),
      'privacy page': await get('/Eskimo_privacy_policy_fr.html'),
      'JSON 404': await get('/api/nothing-here'),
    };
    expect(answers['API error'].statusCode).toBe(401);
    expect(answers['web app route'].body).toContain('<script type="module"');
    for (const [what, res] of Object.entries(answers)) {
      const policy = csp(res);
      expect(policy.get('default-src'), what).toEqual(["'self'"]);
      // No inline script, no eval, no other origin: only our own files run.
      expect(policy.get('script-src'), what).toEqual(["'self'"]);
      expect(policy.get('script-src-attr'), what).toEqual(["'none'"]);
      expect(policy.get('object-src'), what).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
      expect(policy.get('worker-src'), what).toEqual(["'self'", 'blob:']);
      expect(policy.get('connect-src'), what).toEqual(["'self'"]);
      expect(policy.has('upgrade-insecure-requests'), what).toBe(false);
      expect(res.headers['x-content-type-options'], what).toBe('nosniff');
      expect(res.headers['referrer-policy'], what).toBe('no-referrer');
      expect(res.headers['x-frame-options'], what).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin');
      // PUBLIC_URL is http: HSTS would lock browsers out of the installation.
      expect(res.headers['strict-transport-security'], what).toBeUndefined();
    }
  });

  it('the OpenAPI UI works under the same policy: its page has no inline script', async () => {
    const page = await get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(csp(page).get('script-src')).toEqual(["'self'"]);
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="/);
      expect(body.trim()).toBe('');
    }
    const init = await get('/api/docs/static/swagger-initializer.js');
    expect(init.statusCode).toBe(200);
    expect(init.headers['content-type']).toMatch(/javascript/);
  });

  // Another app (PGlite start and migrations): a slow machine needs more than the default 30 s.
  it('HSTS and upgrade-insecure-requests when PUBLIC_URL is https', { timeout: 120_000 }, async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://fidelite.example.tn' } });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(csp(res).has('upgrade-insecure-requests')).toBe(true);
      expect(csp(res).get('default-src')).toEqual(["'self'"]);
    } finally {
      await https.close();
    }
  });
});

describe('uploaded files', () => {
  const uploads = () => uploadsDir(t.config.dataDir);

  /** A configuration entry's file, uploaded as an admin does on the site-settings screen. */
  async function uploadConfigFile(key: string, file: { name: string; type: string; content: Buffer }): Promise<string> {
    const entry = await t.app.inject({ method: 'POST', url: '/api/configs', headers: admin, payload: { KEY: key, NAME: key, DESCRIPTION: 'Fichier de test' } });
    expect(entry.statusCode, entry.body).toBe(201);
    const body = multipart({}, file);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/configs/media/${entry.json().data.id}`,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.FILE.original_url;
  }

  it('an image is shown inline, a PDF is downloaded; both with nosniff and a sandboxing CSP', async () => {
    const png = await uploadConfigFile('LOGO_TEST', { name: 'logo.png', type: 'image/png', content: solidPng(8, 8, [200, 0, 0]) });
    const pdf = await uploadConfigFile('CGV_TEST', {
      name: 'cgv.pdf',
      type: 'application/pdf',
      content: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    // Unguessable names: 24 random hex digits after the owner.
    expect(png).toMatch(/^\/uploads\/configs-\d+-[0-9a-f]{24}\.png$/);

    const image = await get(png);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toBeUndefined();

    const doc = await get(pdf);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-disposition']).toBe('attachment');

    for (const res of [image, doc]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(csp(res).get('default-src')).toEqual(["'none'"]);
      expect(csp(res).has('sandbox')).toBe(true);
      // The public website and the mobile app show the media from another origin.
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('anything but an image or a video is an attachment, whatever its name says', async () => {
    for (const name of ['page.html', 'image.svg', 'data.csv', 'noextension']) {
      writeFileSync(path.join(uploads(), name), '<script>alert(1)</script>');
      const res = await get(`/uploads/${name}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-disposition'], name).toBe('attachment');
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
    }
    for (const name of ['clip.mp4', 'photo.jpg']) {
      writeFileSync(path.join(uploads(), name), 'x');
      expect((await get(`/uploads/${name}`)).headers['content-disposition'], name).toBeUndefined();
    }
  });

  it('no folder is ever listed and dot files are not served', async () => {
    mkdirSync(path.join(uploads(), 'folder'), { recursive: true });
    writeFileSync(path.join(uploads(), 'folder', 'inside.png'), 'x');
    writeFileSync(path.join(uploads(), '.hidden'), 'secret');
    for (const url of ['/uploads/', '/uploads', '/uploads/folder', '/uploads/folder/', '/uploads/.hidden', '/uploads/?list=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('inside.png');
      expect(res.body, url).not.toContain('secret');
    }
  });

  it('a synchronisation file sent by an admin is kept outside the uploads and cannot be reached through them', async () => {
    const before = new Set(readdirSync(uploads()));
    const body = multipart({ dryRun: '1' }, { name: 'products.csv', type: 'text/csv', content: Buffer.from('REF;NAME\nX;Y\n') });
    const res = await t.app.inject({ method: 'POST', url: '/api/syncProductsFromCSV', headers: { ...admin, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(202);
    expect(readdirSync(uploads()).filter((f) => !before.has(f))).toEqual([]);
    const incoming = path.join(t.config.dataDir, 'sync-uploads');
    const [stored] = readdirSync(incoming).filter((f) => f.endsWith('.csv'));
    expect(stored).toBeTruthy();
    for (const url of [`/uploads/../sync-uploads/${stored}`, `/uploads/..%2fsync-uploads/${stored}`, `/uploads/%2e%2e/sync-uploads/${stored}`]) {
      // At most the web app's page (a client route for the router), never the file.
      const r = await get(url);
      expect(String(r.headers['content-type']), url).not.toMatch(/csv|octet-stream/);
      expect(r.body, url).not.toContain('REF;NAME');
    }
    // Let the job end (pg-boss records it after the run's own row) before the app closes.
    const [run] = await t.db.select({ jobId: syncRuns.jobId }).from(syncRuns).where(eq(syncRuns.id, res.json().data.id));
    const jobState = async () => rowsOf<{ state: string }>(await t.db.execute(sql`select state from pgboss.job where id = ${run.jobId}`))[0]?.state;
    await expect.poll(jobState, { timeout: 30_000 }).toMatch(/^(completed|failed)$/);
  });

  it('a SYNC_DIR inside the uploads is refused at start: the ERP files would be public', () => {
    const dataDir = path.join(os.tmpdir(), 'bo-data');
    for (const SYNC_DIR of [path.join(dataDir, 'uploads'), path.join(dataDir, 'uploads', 'erp'), path.join(dataDir, 'uploads', '..', 'uploads', 'x')]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, SYNC_DIR }), SYNC_DIR).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir, SYNC_DIR }), SYNC_DIR).toThrow(/SYNC_DIR .* dossier public/);
    }
    for (const SYNC_DIR of [path.join(dataDir, 'sync'), path.join(dataDir, 'uploads-erp'), path.join(os.tmpdir(), 'erp')]) {
      expect(loadConfig({ DATA_DIR: dataDir, SYNC_DIR }).syncDir, SYNC_DIR).toBe(SYNC_DIR);
    }
    expect(loadConfig({ DATA_DIR: dataDir }).syncDir).toBe(path.join(dataDir, 'sync'));
  });
});
