import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_NAME, UPLOADS_CACHE_CONTROL, uploadHeaders } from '../../plugins/headers';
import { type ByteRange, checkKey, type ObjectInfo, type ObjectStore } from './storage';

/**
 * The public media of a bucket at the same URLs as on disk (/uploads/{name}), streamed through the
 * API rather than redirected to a signed URL: one origin (the app's CSP, `img-src 'self'`, and the
 * mobile app's stored URLs stay valid), the same security headers as the local files, and the bucket
 * stays private. Each answer carries the object's ETag and `UPLOADS_CACHE_CONTROL`; a matching
 * If-None-Match is a 304 without reading the bytes, so the long cache and revalidation keep the
 * bandwidth through the API to first views. A single byte range is honoured (206), as
 * @fastify/static does on disk: browsers seek in a gift's video that way.
 */
export async function registerMediaServing(app: FastifyInstance, store: ObjectStore) {
  app.get('/uploads/:name', { schema: { hide: true } }, async (req: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
    const name = req.params.name;
    if (!UPLOAD_NAME.test(name) || !validKey(name)) return reply.callNotFound();
    const conditional = req.headers['if-none-match'];
    const rangeHeader = req.headers.range;
    // HEAD is answered by the same handler (Fastify drops the body): the store sends only the headers.
    const needsInfo = !!conditional || !!rangeHeader || req.method === 'HEAD';
    const info = needsInfo ? await store.head(name) : null;
    if (needsInfo && !info) return reply.callNotFound();
    if (info && conditional && etagMatches(conditional, info.etag)) return reply.headers(validators(info)).code(304).send();
    uploadHeaders(reply, name);
    reply.header('accept-ranges', 'bytes');
    if (info && req.method === 'HEAD')
      return reply.headers({ ...validators(info), 'content-type': info.contentType, 'content-length': String(info.size) }).send();

    let range: ByteRange | undefined;
    const ifRange = req.headers['if-range'];
    if (info && rangeHeader && (!ifRange || ifRange === info.etag)) {
      const parsed = parseRange(rangeHeader, info.size);
      if (parsed === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${info.size}`).send();
      range = parsed ?? undefined;
    }
    const obj = await store.get(name, range ? { range } : {});
    if (!obj) return reply.callNotFound();
    reply.headers({ ...validators(obj), 'content-type': obj.contentType });
    if (obj.range) {
      reply
        .code(206)
        .header('content-range', `bytes ${obj.range.start}-${obj.range.end}/${obj.size}`)
        .header('content-length', String(obj.range.end - obj.range.start + 1));
    } else {
      reply.header('content-length', String(obj.size));
    }
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

/**
 * One range of `bytes=a-b`, `bytes=a-` or `bytes=-n` (RFC 9110 §14.1.2) within an object of `size`
 * bytes. Several ranges or a malformed header: null, the whole object is sent (allowed by the RFC).
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (!m[1] && !m[2])) return null;
  if (!m[1]) {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  if (m[2] && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
