import type { FastifyInstance } from 'fastify';
import { MSG } from '@app/domain';
import { AppError } from '../lib/http';

/**
 * Input hygiene (spec 1 §5): script tags and PHP tags are stripped from every string of every
 * body and every query value, before validation. Rich-text fields are further cleaned with an
 * allowlist where they are stored (lib/rich-text.ts).
 *
 * What is removed, as the older product's regular expressions did:
 * - `<script…>…</script>` blocks (the first `</script\s*>` after the opening tag closes it);
 * - a lone `<script…` or `</script…` tag, up to its `>` or to the end of the string;
 * - `<?php…?>`, `<?=…?>`, `<?…?>` blocks, up to `?>` or to the end of the string.
 * `script` is matched case-insensitively and must be followed by a non-word character or the end.
 *
 * It is ONE left-to-right pass in linear time whatever the input: every search for the next `>`,
 * `</script…>` or `?>` is remembered, and later searches only ever start further right, so no
 * character is scanned more than a few times (regular expressions with lazy bodies rescanned the
 * rest of the string from every `<script`: quadratic, 46 s for 1 MB). A removal can bring together
 * text that reads as a new tag ("<scr<script></script>ipt>"); when the kept text just before the
 * cut ends with the start of one (`<`, `<scr`, `</scri`…), the cut leaves one space instead.
 */
export function stripTags(value: string): string {
  if (value.indexOf('<') < 0) return value;
  const n = value.length;
  const gt = forwardSearch((from) => value.indexOf('>', from));
  const phpEnd = forwardSearch((from) => value.indexOf('?>', from));
  const scriptClose = forwardSearch((from) => findScriptClose(value, from));
  const parts: string[] = [];
  let kept = 0; // start of the text not yet copied to parts
  let i = 0;
  const cut = (start: number, end: number) => {
    const before = value.slice(kept, start);
    if (before) parts.push(before);
    if (end < n && parts.length && endsWithOpenerStart(parts[parts.length - 1])) parts.push(' ');
    kept = end;
    i = end;
  };
  while (i < n) {
    const j = value.indexOf('<', i);
    if (j < 0) break;
    const next = value.charCodeAt(j + 1);
    if (next === 0x3f /* ? */) {
      const close = phpEnd(j + 2);
      cut(j, close < 0 ? n : close + 2);
    } else if (isScriptWord(value, j + 1)) {
      const tagEnd = gt(j + 7);
      if (tagEnd < 0) {
        cut(j, n);
      } else {
        const close = scriptClose(tagEnd + 1);
        cut(j, close < 0 ? tagEnd + 1 : close);
      }
    } else if (next === 0x2f /* / */ && isScriptWord(value, j + 2)) {
      const tagEnd = gt(j + 8);
      cut(j, tagEnd < 0 ? n : tagEnd + 1);
    } else {
      i = j + 1;
    }
  }
  if (kept === 0) return value;
  if (kept < n) parts.push(value.slice(kept));
  return parts.join('');
}

/**
 * Whether `kept` ends with a proper beginning of `<script`, `</script` or `<?`: only such an end can
 * become a tag with the text after a cut (a complete `<script` before a cut was itself a tag).
 */
function endsWithOpenerStart(kept: string): boolean {
  const lt = kept.lastIndexOf('<');
  if (lt < 0 || kept.length - lt > 8) return false;
  const rest = kept.slice(lt + 1).toLowerCase();
  return 'script'.startsWith(rest) || '/script'.startsWith(rest);
}

/**
 * Wraps a "first match at or after `from`" search whose callers only move right: a remembered
 * match still ahead of the caller is the answer; none found once means none further on.
 */
function forwardSearch(search: (from: number) => number): (from: number) => number {
  let found = Number.NEGATIVE_INFINITY;
  let exhausted = false;
  return (from) => {
    if (exhausted) return -1;
    if (found >= from) return found;
    found = search(from);
    if (found < 0) exhausted = true;
    return found;
  };
}

/** `script` (any case) at `at`, followed by a non-word character or the end of the string. */
function isScriptWord(s: string, at: number): boolean {
  const word = 'script';
  for (let k = 0; k < word.length; k++) {
    if ((s.charCodeAt(at + k) | 0x20) !== word.charCodeAt(k)) return false;
  }
  const after = s.charCodeAt(at + word.length);
  return Number.isNaN(after) || !isWordChar(after);
}

const isWordChar = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
const isSpace = (c: number) => c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029;

/** The end (exclusive) of the first `</script\s*>` at or after `from`, or -1. */
function findScriptClose(s: string, from: number): number {
  let at = from;
  for (;;) {
    const j = s.indexOf('</', at);
    if (j < 0) return -1;
    if (isScriptPrefix(s, j + 2)) {
      let k = j + 8;
      while (k < s.length && isSpace(s.charCodeAt(k))) k++;
      if (s.charCodeAt(k) === 0x3e /* > */) return k + 1;
      at = k;
    } else {
      at = j + 2;
    }
  }
}

function isScriptPrefix(s: string, at: number): boolean {
  const word = 'script';
  for (let k = 0; k < word.length; k++) {
    if ((s.charCodeAt(at + k) | 0x20) !== word.charCodeAt(k)) return false;
  }
  return true;
}

/** Bodies nest a few levels at most; anything deeper is refused rather than walked. */
const MAX_DEPTH = 32;

export function stripDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return stripTags(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) throw new AppError(422, MSG.invalidPayload);
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
