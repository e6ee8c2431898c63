import path from 'node:path';
import helmet from '@fastify/helmet';
import { FILE_FAMILIES } from '@app/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';

/**
 * The Content-Security-Policy of every answer: the web app, the OpenAPI UI, the privacy page and the
 * API's JSON. Each source is there for something the app really loads (checked in the browser by
 * apps/web/src/e2e/csp.e2e.ts, which opens every screen of the menu with this policy on):
 * - scripts only from our own files: no inline script, no eval (Vite emits none; Swagger UI's page
 *   loads its initializer as a file);
 * - style-src 'unsafe-inline': PrimeReact 10 injects its components' base CSS in <style> elements at
 *   run time, emoji-mart and ALTCHA put theirs in <style> elements of their own, and the privacy page
 *   has one; none of them can take a nonce from a statically served page. Styles cannot run code;
 * - img-src data: and blob:: Quill's pasted images and data-URL icons (Swagger UI's CSS), and the
 *   previews of files chosen in a form before they are sent (URL.createObjectURL);
 * - media-src blob:: the same previews for videos;
 * - worker-src blob:: ALTCHA solves its proof of work in a Web Worker built from a Blob URL;
 * - connect-src 'self': the API only (the emoji picker's data is bundled, never fetched from a CDN);
 * - nothing may frame the app (frame-ancestors 'none'), no plugins, forms post only to us.
 */
export function contentSecurityPolicy(config: Pick<Config, 'PUBLIC_URL'>): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    // Only behind https: on a plain-http installation it would send every request to a port that does not answer.
    ...(servedOverHttps(config) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

const servedOverHttps = (config: Pick<Config, 'PUBLIC_URL'>) => !!config.PUBLIC_URL?.startsWith('https://');

/**
 * Security headers on every answer (@fastify/helmet): the CSP above, nosniff, no referrer, no framing,
 * HSTS when the app is published over https (PUBLIC_URL), and no cross-origin use of our answers
 * except the uploaded media (see `UPLOADS_SERVING`).
 */
export async function registerHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(app.config) },
    strictTransportSecurity: servedOverHttps(app.config) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
}

/** Shown by the browser where they are opened; anything else is downloaded, never rendered as a page. */
const INLINE_EXTENSIONS = new Set([...FILE_FAMILIES.image.extensions, ...FILE_FAMILIES.video.extensions]);

/**
 * A file opened on its own from /uploads is a document of our origin: it gets no right to run
 * anything (sandbox, default-src 'none'), even if its bytes fooled the type check.
 */
const UPLOADS_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/** A media file's name as served under /uploads/: one plain name, never a folder nor a dot file. */
export const UPLOAD_NAME = /^[^/.][^/]*$/;

/**
 * A stored name never gets other bytes (a new upload gets a new random name, a replaced image a new
 * row name): browsers and proxies may keep a media file for a year without asking again.
 */
export const UPLOADS_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The headers of a media file, whatever store it comes from: nosniff, the sandboxing CSP, and an
 * attachment unless it is an image or a video. Media may be shown by other origins (the public
 * website, the mobile app), hence cross-origin CORP there only.
 */
export function uploadHeaders(reply: FastifyReply, fileName: string) {
  reply.header('content-security-policy', UPLOADS_CSP);
  reply.header('cross-origin-resource-policy', 'cross-origin');
  reply.header('x-content-type-options', 'nosniff');
  const ext = path.extname(fileName).slice(1).toLowerCase();
  if (!INLINE_EXTENSIONS.has(ext)) reply.header('content-disposition', 'attachment');
}

/**
 * How @fastify/static serves DATA_DIR/uploads (the local store): one flat folder of generated names,
 * so only a plain file name is looked up (never a folder, its listing or index, nor a dot file: all
 * 404), each file with `uploadHeaders` and `UPLOADS_CACHE_CONTROL`. The bucket's media are served
 * by lib/storage/serve.ts with the same headers.
 */
export const UPLOADS_SERVING = {
  index: false,
  list: false,
  dotfiles: 'ignore',
  redirect: false,
  cacheControl: false,
  allowedPath: (pathName: string) => pathName.startsWith('/') && UPLOAD_NAME.test(pathName.slice(1)),
  setHeaders(reply: FastifyReply, filePath: string) {
    reply.header('cache-control', UPLOADS_CACHE_CONTROL);
    uploadHeaders(reply, filePath);
  },
} as const;
