import type { FastifyInstance } from 'fastify';

/**
 * Input hygiene (spec 1 §5): script tags and PHP tags are stripped from every string of every
 * body and every query value, before validation. Rich-text fields are further cleaned with an
 * allowlist where they are stored (lib/rich-text.ts).
 */
const SCRIPT_BLOCK = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const SCRIPT_TAG = /<\/?script\b[^>]*>?/gi;
const PHP_BLOCK = /<\?(php|=)?[\s\S]*?(\?>|$)/gi;

export function stripTags(value: string): string {
  let prev: string;
  let out = value;
  // Repeat until stable so "<scr<script></script>ipt>" cannot rebuild a tag.
  do {
    prev = out;
    out = out.replace(SCRIPT_BLOCK, '').replace(SCRIPT_TAG, '').replace(PHP_BLOCK, '');
  } while (out !== prev);
  return out;
}

export function stripDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return stripTags(value);
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => stripDeep(v, depth + 1));
  if (Buffer.isBuffer(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = stripDeep(v, depth + 1);
  return out;
}

export function registerSanitize(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.body && typeof request.body === 'object' && !request.isMultipart()) {
      request.body = stripDeep(request.body);
    }
    if (request.query && typeof request.query === 'object') {
      request.query = stripDeep(request.query) as typeof request.query;
    }
  });
}
