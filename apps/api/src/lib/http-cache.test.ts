import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sendCached } from './http-cache';

describe('sendCached', () => {
  const app = Fastify();
  let body: unknown = { success: true, data: [{ id: 1, title: 'Accueil' }] };
  app.get('/x', (req, reply) => sendCached(req, reply, body));
  afterAll(() => app.close());

  it('gives the body with an ETag, then 304 with no body for the same version', async () => {
    const first = await app.inject({ url: '/x' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(body);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ url: '/x', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weak = await app.inject({ url: '/x', headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(weak.statusCode).toBe(304);
  });

  it('answers the new version in full once the content changed', async () => {
    const etag = (await app.inject({ url: '/x' })).headers.etag as string;
    body = { success: true, data: [{ id: 1, title: 'Accueil modifié' }] };
    const changed = await app.inject({ url: '/x', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()).toEqual(body);
  });
});
