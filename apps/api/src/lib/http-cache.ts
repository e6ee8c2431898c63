import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Replies with a JSON body and a strong ETag computed from it, or 304 with no body when the
 * client already holds that version (If-None-Match). Used by the public website's read API:
 * what staff save is public at once, so clients must revalidate every time (no-cache), and a
 * revalidation that changed nothing costs one hash instead of a transfer.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  reply.header('ETag', etag).header('Cache-Control', 'public, no-cache');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

/** If-None-Match may list several tags, weak ones included (W/"…"), or be `*`. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}
