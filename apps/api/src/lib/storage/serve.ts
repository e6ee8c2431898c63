import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_NAME, UPLOADS_CACHE_CONTROL, uploadHeaders } from '../../plugins/headers';
import { checkKey, type ObjectInfo, type ObjectStore } from './storage';

/**
 * The public media of a bucket at the same URLs as on disk (/uploads/{name}), streamed through the
 * API rather than redirected to a signed URL: one origin (the app's CSP, `img-src 'self'`, and the
 * mobile app's stored URLs stay valid), the same security headers as the local files, and the bucket
 * stays private. Each answer carries the object's ETag and `UPLOADS_CACHE_CONTROL`; a matching
 * If-None-Match is a 304 without reading the bytes, so the long cache and revalidation keep the
 * bandwidth through the API to first views.
 */
export async function registerMediaServing(app: FastifyInstance, store: ObjectStore) {
  app.get('/uploads/:name', { schema: { hide: true } }, async (req: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
    const name = req.params.name;
    if (!UPLOAD_NAME.test(name) || !validKey(name)) return reply.callNotFound();
    const conditional = req.headers['if-none-match'];
    if (conditional) {
      const info = await store.head(name);
      if (!info) return reply.callNotFound();
      if (etagMatches(conditional, info.etag)) return reply.headers(validators(info)).code(304).send();
    }
    // HEAD is answered by the same handler (Fastify drops the body): the store sends only the headers.
    const obj = req.method === 'HEAD' ? await store.head(name) : await store.get(name);
    if (!obj) return reply.callNotFound();
    uploadHeaders(reply, name);
    reply.headers({ ...validators(obj), 'content-type': obj.contentType, 'content-length': String(obj.size) });
    if (!('body' in obj)) return reply.send();
    return reply.send(obj.body);
  });
}

const validKey = (name: string) => {
  try {
    checkKey(name);
    return true;
  } catch {
    return false;
  }
};

const validators = (info: ObjectInfo) => ({ etag: info.etag, 'last-modified': info.lastModified.toUTCString(), 'cache-control': UPLOADS_CACHE_CONTROL });

/** If-None-Match holds `*` or a list of entity tags; the weak comparison applies (RFC 9110 §13.1.2). */
function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => bare(t) === bare(etag));
}
