import type { FastifyInstance } from 'fastify';
import { MAX_TEXT_LENGTH, MSG } from '@app/domain';
import { AppError } from '../lib/http';
import { isSecretField } from '../lib/secret-fields';

/**
 * Input hygiene: script tags and PHP tags are stripped from every string of every
 * body and every query value, before validation. Rich-text fields are further cleaned with an
 * allowlist where they are stored (lib/rich-text.ts). Secrets are not edited (lib/secret-fields.ts):
 * a password, a reset code or a token is hashed or compared exactly as typed, and stripping
 * `Winter2026<?x7Gq` to `Winter2026` would let the shorter one sign in; they keep the length limit.
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
/**
 * The start of a tag to remove: `<?`, or `<script` / `</script` before a non-word character or the end.
 * No quantifier: each position is tried against three fixed words, so a search is linear.
 */
const OPENER = /<(?:\?|\/?script(?![A-Za-z0-9_]))/gi;

export function stripTags(value: string): string {
  if (value.indexOf('<') < 0) return value;
  const n = value.length;
  const opener = new RegExp(OPENER);
  // Next '>', '?>' and '</script\s*>' at or after the last place asked (-2: not searched yet).
  let gt = -2;
  let phpEnd = -2;
  let close = -2;
  let out = '';
  let kept = 0; // start of the text not yet copied to out
  let i = 0;
  while (i < n) {
    // Tags often follow one another: look where the last cut ended before searching further.
    let end = openerEndAt(value, i);
    if (end < 0) {
      opener.lastIndex = i;
      // test() rather than exec(): no match object per tag; the match is read back from where it ends.
      if (!opener.test(value)) break;
      end = opener.lastIndex;
    }
    let start: number;
    let stop: number;
    if (value.charCodeAt(end - 1) === 0x3f /* <? */) {
      start = end - 2;
      if (phpEnd !== -1 && phpEnd < end) phpEnd = value.indexOf('?>', end);
      stop = phpEnd < 0 ? n : phpEnd + 2;
    } else {
      start = value.charCodeAt(end - 7) === 0x3c /* <script */ ? end - 7 : end - 8;
      if (gt !== -1 && gt < end) gt = nextGt(value, end);
      if (gt < 0) stop = n;
      else if (start === end - 8) stop = gt + 1;
      else {
        if (close !== -1 && close <= gt) close = findScriptClose(value, gt + 1);
        stop = close < 0 ? gt + 1 : close;
      }
    }
    if (start > kept) {
      out += value.slice(kept, start);
      // Only the text just kept can end with the start of a tag (an earlier end was checked at its cut).
      if (stop < n && endsWithOpenerStart(value, Math.max(kept, start - 8), start)) out += ' ';
    }
    kept = stop;
    i = stop;
  }
  if (kept === 0) return value;
  return kept < n ? out + value.slice(kept) : out;
}

/** The next '>' at or after `from`: a tag's own '>' is usually a few characters on, nearer than a call to indexOf. */
function nextGt(s: string, from: number): number {
  const near = Math.min(from + 16, s.length);
  for (let k = from; k < near; k++) if (s.charCodeAt(k) === 0x3e) return k;
  return near < s.length ? s.indexOf('>', near) : -1;
}

/** The end of the opener (as OPENER matches it) starting exactly at `j`, or -1. */
function openerEndAt(s: string, j: number): number {
  if (s.charCodeAt(j) !== 0x3c /* < */) return -1;
  if (s.charCodeAt(j + 1) === 0x3f /* ? */) return j + 2;
  const at = s.charCodeAt(j + 1) === 0x2f /* / */ ? j + 2 : j + 1;
  if (!isScriptPrefix(s, at)) return -1;
  const after = s.charCodeAt(at + 6);
  const word = (after >= 0x30 && after <= 0x39) || (after >= 0x41 && after <= 0x5a) || (after >= 0x61 && after <= 0x7a) || after === 0x5f;
  return word ? -1 : at + 6;
}

/**
 * Whether the kept text `s[from, to)` ends with a proper beginning of `<script`, `</script` or `<?`: only such an end can
 * become a tag with the text after a cut (a complete `<script` before a cut was itself a tag).
 */
function endsWithOpenerStart(s: string, from: number, to: number): boolean {
  const lt = s.lastIndexOf('<', to - 1);
  if (lt < from) return false;
  const rest = s.slice(lt + 1, to).toLowerCase();
  return 'script'.startsWith(rest) || '/script'.startsWith(rest);
}

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

/** `secret`: the value is a secret field's or lies under one (isSecretField): checked, never edited. */
export function stripDeep(value: unknown, depth = 0, path = 'body', secret = false): unknown {
  if (typeof value === 'string') {
    // Longer than any field accepts: refused before it is scanned at all.
    if (value.length > MAX_TEXT_LENGTH) throw new AppError(422, MSG.maxLength(MAX_TEXT_LENGTH), { [path]: [MSG.maxLength(MAX_TEXT_LENGTH)] });
    return secret ? value : stripTags(value);
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) throw new AppError(422, MSG.invalidPayload);
  if (Array.isArray(value)) return value.map((v, k) => stripDeep(v, depth + 1, `${path}.${k}`, secret));
  if (Buffer.isBuffer(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = stripDeep(v, depth + 1, depth === 0 && path === 'body' ? k : `${path}.${k}`, secret || isSecretField(k));
  return out;
}

export function registerSanitize(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.body && typeof request.body === 'object' && !request.isMultipart()) {
      request.body = stripDeep(request.body);
    }
    if (request.query && typeof request.query === 'object') {
      request.query = stripDeep(request.query, 0, 'query') as typeof request.query;
    }
  });
}
